// Password hashes as the app makes them. The test run makes its own hashes at a lower cost
// (tests/setup/password-cost.ts), so this file reads the real module to pin the app's cost and format.
import { describe, expect, it, vi } from 'vitest';
import { TEST_PASSWORD_COST } from '../setup/test-password-cost';

const real = await vi.importActual<typeof import('../../server/lib/password')>('../../server/lib/password');

describe('password hashes', () => {
  it('are salted scrypt at N = 16384, r = 8, p = 1, stored with their cost, and check only the right password', async () => {
    expect(real.PASSWORD_COST).toEqual({ N: 16384, r: 8, p: 1 });
    const [first, second] = await Promise.all([real.hashPassword('Noor-Pass-2024'), real.hashPassword('Noor-Pass-2024')]);
    expect(first).toMatch(/^scrypt\$16384\$8\$1\$[A-Za-z0-9+/]{22}==\$[A-Za-z0-9+/]{43}=$/);
    expect(second).not.toBe(first);
    expect(await real.verifyPassword('Noor-Pass-2024', first)).toBe(true);
    expect(await real.verifyPassword('noor-pass-2024', first)).toBe(false);
  });

  it("check a hash at the cost written in it, so a test run's cheaper hashes are the same scheme", async () => {
    const cheap = await real.hashPassword('Noor-Pass-2024', TEST_PASSWORD_COST);
    expect(cheap).toMatch(/^scrypt\$1024\$8\$1\$/);
    expect(await real.verifyPassword('Noor-Pass-2024', cheap)).toBe(true);
    expect(await real.verifyPassword('Noor-Pass-2025', cheap)).toBe(false);
    expect(await real.verifyPassword('Noor-Pass-2024', 'bcrypt$10$x')).toBe(false);
  });
});
