// Vitest setup file: password hashes made in a test file (registrations, password resets, staff
// accounts, a server's demo seed) use scrypt at a low cost (N = 1024, not the app's 16384): about
// 1.5 ms of CPU each instead of 25, where the server tests make hundreds. The hash is still a real
// salted scrypt hash in the stored format, and checking one still runs scrypt at the cost written in
// it, so every path of signing up and signing in runs as in production. What the app hashes with is
// pinned by tests/server/password.test.ts, which reads the real module. Hashes made outside the test
// files keep the app's cost: the run's seeded templates (global set-up) and the unknown-login dummy,
// which the hashing cap's test relies on being slow.
import { vi } from 'vitest';

vi.mock('../../server/lib/password', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../server/lib/password')>();
  const { TEST_PASSWORD_COST } = await import('./test-password-cost');
  return { ...actual, hashPassword: (password: string) => actual.hashPassword(password, TEST_PASSWORD_COST) };
});
