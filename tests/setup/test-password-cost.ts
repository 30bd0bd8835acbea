// The scrypt cost of the password hashes a test run makes (tests/setup/password-cost.ts).
import type { ScryptCost } from '../../server/lib/password';

export const TEST_PASSWORD_COST: Readonly<ScryptCost> = { N: 1024, r: 8, p: 1 };
