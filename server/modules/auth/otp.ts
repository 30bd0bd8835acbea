// One-time codes: 6 digits from crypto.randomInt, kept as an HMAC with the server's secret (bound to
// the phone and purpose), valid 5 minutes, void after 5 wrong tries. Only the newest code of a phone
// and purpose counts: sending a new one supersedes the old.
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { OTP_LENGTH, OTP_MAX_ATTEMPTS, OTP_TTL_SECONDS } from '../../../contract/auth';
import type { Db, Queryable } from '../../db';

export type OtpPurpose = 'login' | 'reset';
export type OtpRejection = 'wrong' | 'expired' | 'too_many_attempts';

function hashCode(secret: string, phone: string, purpose: OtpPurpose, code: string): string {
  return createHmac('sha256', secret).update(`${purpose}:${phone}:${code}`).digest('hex');
}

export async function createOtp(q: Queryable, args: { phone: string; purpose: OtpPurpose; now: Date; secret: string }): Promise<string> {
  const code = String(randomInt(0, 10 ** OTP_LENGTH)).padStart(OTP_LENGTH, '0');
  // Older codes stop counting the moment a new one is sent.
  await q.query('UPDATE otp_codes SET used_at = $3 WHERE phone = $1 AND purpose = $2 AND used_at IS NULL', [
    args.phone,
    args.purpose,
    args.now,
  ]);
  await q.query('INSERT INTO otp_codes (phone, purpose, code_hash, created_at, expires_at) VALUES ($1, $2, $3, $4, $5)', [
    args.phone,
    args.purpose,
    hashCode(args.secret, args.phone, args.purpose, code),
    args.now,
    new Date(args.now.getTime() + OTP_TTL_SECONDS * 1000),
  ]);
  return code;
}

/**
 * Checks a code and, when right, uses it up — all in one transaction with the code's row locked, so
 * two guesses at once cannot both count as the fifth, and a right code works once. `onAccepted` runs in
 * the same transaction (it issues the token or changes the password).
 */
export async function consumeOtp<T>(
  db: Db,
  args: { phone: string; purpose: OtpPurpose; code: string; now: Date; secret: string },
  onAccepted: (tx: Queryable) => Promise<T>,
): Promise<{ ok: true; value: T } | { ok: false; reason: OtpRejection; attemptsLeft?: number }> {
  return db.transaction(async (tx) => {
    const row = await tx.one<{ id: number; code_hash: string; attempts: number; expires_at: Date; used_at: Date | null }>(
      `SELECT id, code_hash, attempts, expires_at, used_at FROM otp_codes
       WHERE phone = $1 AND purpose = $2 ORDER BY id DESC LIMIT 1 FOR UPDATE`,
      [args.phone, args.purpose],
    );
    // No code, or the newest one already used: the same answer as a wrong guess (nothing to learn).
    if (!row || row.used_at) return { ok: false, reason: 'wrong' };
    if (row.attempts >= OTP_MAX_ATTEMPTS) return { ok: false, reason: 'too_many_attempts' };
    if (row.expires_at.getTime() <= args.now.getTime()) return { ok: false, reason: 'expired' };
    const given = Buffer.from(hashCode(args.secret, args.phone, args.purpose, args.code), 'hex');
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
