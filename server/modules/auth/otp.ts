// One-time codes: 6 digits from crypto.randomInt, kept as an HMAC with the server's secret (bound to
// the phone and purpose), valid 5 minutes, void after 5 wrong tries. Only the newest code of a phone
// and purpose counts: sending a new one supersedes the old. A parent's e-mail code (purpose 'email') is
// the same kind of code, kept under the account's phone, bound to the address (`bind`), given a longer
// life, and derived from its row id (`codeFor`) so the mail that carries it can be written later.
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { OTP_LENGTH, OTP_MAX_ATTEMPTS, OTP_TTL_SECONDS } from '../../../contract/auth';
import type { Db, Queryable } from '../../db';

export type OtpPurpose = 'login' | 'reset' | 'email';
export type OtpRejection = 'wrong' | 'expired' | 'too_many_attempts';

interface OtpKey {
  phone: string;
  purpose: OtpPurpose;
  /** What else the code is for (an e-mail code: the address); a code made for another value is wrong. */
  bind?: string | undefined;
}

function hashCode(secret: string, key: OtpKey, code: string): string {
  const subject = key.bind === undefined ? key.phone : `${key.phone}:${key.bind}`;
  return createHmac('sha256', secret).update(`${key.purpose}:${subject}:${code}`).digest('hex');
}

/** Voids every code of a phone and purpose still open (sending a new one, or the address it was for is gone). */
export async function voidOtps(q: Queryable, phone: string, purpose: OtpPurpose, now: Date): Promise<void> {
  await q.query('UPDATE otp_codes SET used_at = $3 WHERE phone = $1 AND purpose = $2 AND used_at IS NULL', [phone, purpose, now]);
}

export async function createOtp(
  q: Queryable,
  args: OtpKey & {
    now: Date;
    secret: string;
    ttlSeconds?: number;
    /** Derives the code from the new row's id instead of drawing it (the caller can make it again later). */
    codeFor?: (id: number) => Promise<string>;
  },
): Promise<{ id: number; code: string }> {
  // Older codes stop counting the moment a new one is sent.
  await voidOtps(q, args.phone, args.purpose, args.now);
  const expires = new Date(args.now.getTime() + (args.ttlSeconds ?? OTP_TTL_SECONDS) * 1000);
  const insert = (hash: string) =>
    q.one<{ id: number }>(
      'INSERT INTO otp_codes (phone, purpose, code_hash, created_at, expires_at) VALUES ($1, $2, $3, $4, $5) RETURNING id',
      [args.phone, args.purpose, hash, args.now, expires],
    );
  if (!args.codeFor) {
    const code = String(randomInt(0, 10 ** OTP_LENGTH)).padStart(OTP_LENGTH, '0');
    const row = await insert(hashCode(args.secret, args, code));
    return { id: row!.id, code };
  }
  // The hash needs the code, the code needs the id: a row that cannot match anything until updated.
  const row = await insert('');
  const code = await args.codeFor(row!.id);
  await q.query('UPDATE otp_codes SET code_hash = $2 WHERE id = $1', [row!.id, hashCode(args.secret, args, code)]);
  return { id: row!.id, code };
}

/**
 * Checks a code and, when right, uses it up — all in one transaction with the code's row locked, so
 * two guesses at once cannot both count as the fifth, and a right code works once. `onAccepted` runs in
 * the same transaction (it issues the token or changes the password).
 */
export async function consumeOtp<T>(
  db: Db,
  args: OtpKey & {
    code: string;
    now: Date;
    secret: string;
    /** The code row a link was made for: when a newer code superseded it, the answer is 'wrong' and no try is counted. */
    id?: number;
  },
  onAccepted: (tx: Queryable) => Promise<T>,
): Promise<{ ok: true; value: T } | { ok: false; reason: OtpRejection; attemptsLeft?: number }> {
  return db.transaction(async (tx) => {
    const row = await tx.one<{ id: number; code_hash: string; attempts: number; expires_at: Date; used_at: Date | null }>(
      `SELECT id, code_hash, attempts, expires_at, used_at FROM otp_codes
       WHERE phone = $1 AND purpose = $2 ORDER BY id DESC LIMIT 1 FOR UPDATE`,
      [args.phone, args.purpose],
    );
    // No code, or the newest one already used: the same answer as a wrong guess (nothing to learn).
    if (!row || row.used_at || (args.id !== undefined && row.id !== args.id)) return { ok: false, reason: 'wrong' };
    if (row.attempts >= OTP_MAX_ATTEMPTS) return { ok: false, reason: 'too_many_attempts' };
    if (row.expires_at.getTime() <= args.now.getTime()) return { ok: false, reason: 'expired' };
    const given = Buffer.from(hashCode(args.secret, args, args.code), 'hex');
    const expected = Buffer.from(row.code_hash, 'hex');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      const attempts = row.attempts + 1;
      await tx.query('UPDATE otp_codes SET attempts = $2 WHERE id = $1', [row.id, attempts]);
      if (attempts >= OTP_MAX_ATTEMPTS) return { ok: false, reason: 'too_many_attempts' };
      return { ok: false, reason: 'wrong', attemptsLeft: OTP_MAX_ATTEMPTS - attempts };
    }
    await tx.query('UPDATE otp_codes SET used_at = $2 WHERE id = $1', [row.id, args.now]);
    return { ok: true, value: await onAccepted(tx) };
  });
}
