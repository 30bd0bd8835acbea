// Password guessing bounded per account. Every teacher sign-in attempt is counted BEFORE
// its password is checked, in a transaction on the account's guard row: the attempt that reaches
// `lockAfter` sets the lock, so a burst from many addresses gets at most `lockAfter` checks. A lock
// lasts `lockSeconds`, doubling with each lock in a row; a right password or a reset code (texted to
// the teacher's phone) clears it. Logins that match nobody are guarded alike (by a hash of the login),
// so a lock does not tell whether an account exists.
import { createHash } from 'node:crypto';
import type { Db, Queryable } from '../../db';
import type { LockoutLimits } from './limits';

export type Attempt = { allowed: true; locksNow: boolean } | { allowed: false; retryAfter: number };

/** The guard key of a login: the teacher's id when it names one, else a hash of what was typed. */
export function guardKey(teacherId: number | null, login: string): string {
  return teacherId !== null ? `user:${teacherId}` : `login:${createHash('sha256').update(login.trim().toLowerCase()).digest('hex')}`;
}

/**
 * Counts one attempt. Refused while locked (with the seconds left). When this attempt is the one that
 * reaches the limit the lock starts now and `locksNow` says so — the attempt itself is still checked.
 */
export async function beginAttempt(db: Db, key: string, limits: LockoutLimits, now: Date): Promise<Attempt> {
  return db.transaction(async (tx) => {
    // Rows of logins nobody has tried for two days go (random logins would otherwise pile up).
    await tx.query('DELETE FROM sign_in_guards WHERE updated_at < $1 AND (locked_until IS NULL OR locked_until < $2)', [
      new Date(now.getTime() - 2 * limits.maxLockSeconds * 1000),
      now,
    ]);
    await tx.query('INSERT INTO sign_in_guards (key, failures, locks, updated_at) VALUES ($1, 0, 0, $2) ON CONFLICT (key) DO NOTHING', [
      key,
      now,
    ]);
    const row = (await tx.one<{ failures: number; locks: number; locked_until: Date | null; updated_at: Date }>(
      'SELECT failures, locks, locked_until, updated_at FROM sign_in_guards WHERE key = $1 FOR UPDATE',
      [key],
    ))!;
    if (row.locked_until && row.locked_until.getTime() > now.getTime()) {
      return { allowed: false, retryAfter: Math.ceil((row.locked_until.getTime() - now.getTime()) / 1000) };
    }
    const idle = now.getTime() - row.updated_at.getTime();
    // Old failures are forgotten; a day without trouble also forgets earlier locks.
    const failures = (idle > limits.failureWindowSeconds * 1000 ? 0 : row.failures) + 1;
    const locks = idle > limits.maxLockSeconds * 1000 ? 0 : row.locks;
    if (failures < limits.lockAfter) {
      await tx.query('UPDATE sign_in_guards SET failures = $2, locks = $3, updated_at = $4 WHERE key = $1', [key, failures, locks, now]);
      return { allowed: true, locksNow: false };
    }
    const seconds = Math.min(limits.lockSeconds * 2 ** Math.min(locks, 16), limits.maxLockSeconds);
    await tx.query('UPDATE sign_in_guards SET failures = 0, locks = $2, locked_until = $3, updated_at = $4 WHERE key = $1', [
      key,
      locks + 1,
      new Date(now.getTime() + seconds * 1000),
      now,
    ]);
    return { allowed: true, locksNow: true };
  });
}

/** A right password, or a password reset by texted code: the account starts clean. */
export async function clearGuard(q: Queryable, key: string): Promise<void> {
  await q.query('DELETE FROM sign_in_guards WHERE key = $1', [key]);
}
