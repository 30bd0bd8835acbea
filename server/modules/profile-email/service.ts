// A family's e-mail address: added or changed (unverified, a code e-mailed to it through the outbox),
// verified by that code or the link beside it, removed. The code is a one-time code like the phone's
// (auth/otp.ts: newest counts, hashed, five tries) under the account's phone, bound to the address and
// sent under the same limits as texted codes to their recipient (one a minute, five an hour per
// address, whoever asks), so nobody can flood someone else's inbox from many accounts; one family may
// ask for ten an hour in all, so fixing a mistyped address at once is not refused.
import { EMAIL_CODE_TTL_SECONDS, type EmailState } from '../../../contract/profile-email';
import type { Db, Queryable } from '../../db';
import type { Locale } from '../../i18n';
import { consumeOtp, createOtp, voidOtps, type OtpRejection } from '../auth/otp';
import { hitRateLimit, type RateRule } from '../auth/rate-limit';
import { PHONE_SEND_RULES } from '../auth/service';
import { emailCodeOf } from './codes';

interface FamilyEmail {
  phone: string;
  email: string | null;
  verified: boolean;
  locale: Locale;
}

const bindOf = (address: string) => address.trim().toLowerCase();

async function familyEmail(q: Queryable, familyId: number): Promise<FamilyEmail> {
  const row = await q.one<FamilyEmail>(
    `SELECT phone, email, email_verified_at IS NOT NULL AS verified, locale FROM users WHERE id = $1 AND type = 'student'`,
    [familyId],
  );
  if (!row) throw new Error(`family ${familyId} vanished`);
  return row;
}

export async function emailStateOf(q: Queryable, familyId: number): Promise<EmailState> {
  const row = await familyEmail(q, familyId);
  return { email: row.email, verified: row.email !== null && row.verified, locale: row.locale };
}

export type SendResult = { ok: true } | { ok: false; retryAfter: number };

/** Codes one family may have sent, to whichever addresses. */
const FAMILY_RULES: readonly RateRule[] = [{ limit: 2 * (PHONE_SEND_RULES[1]?.limit ?? 5), windowSeconds: 60 * 60 }];

/** Both limits, the address's first: a refusal there leaves the family's slot untaken. */
async function takeSendSlot(db: Db, familyId: number, address: string, now: Date): Promise<SendResult> {
  const to = await hitRateLimit(db, `email-code:to:${bindOf(address)}`, PHONE_SEND_RULES, now);
  if (!to.ok) return to;
  return hitRateLimit(db, `email-code:family:${familyId}`, FAMILY_RULES, now);
}

/** A new code for the family's current address, and the outbox e-mail that carries it, in one transaction. */
async function queueCode(tx: Queryable, familyId: number, phone: string, address: string, now: Date, secret: string): Promise<void> {
  const { id } = await createOtp(tx, {
    phone,
    purpose: 'email',
    bind: bindOf(address),
    now,
    secret,
    ttlSeconds: EMAIL_CODE_TTL_SECONDS,
    codeFor: (rowId) => emailCodeOf(tx, rowId),
  });
  await tx.query(`INSERT INTO outbox (channel, user_id, otp_id, next_attempt_at) VALUES ('email', $1, $2, $3)`, [familyId, id, now]);
}

/**
 * Sets the address. The same address, already verified, changes nothing and sends nothing; any other
 * (or the same one still unverified) is stored unverified and gets a new code. The family's mail
 * language is `chosen` when given; else a first address takes the language of the request (`pageLocale`),
 * and a changed one keeps the language the family had.
 */
export async function setEmail(
  db: Db,
  args: { familyId: number; address: string; chosen: Locale | undefined; pageLocale: Locale; now: Date; secret: string },
): Promise<SendResult> {
  const address = args.address.trim();
  const current = await familyEmail(db, args.familyId);
  const locale = args.chosen ?? (current.email === null ? args.pageLocale : current.locale);
  if (current.email !== null && current.verified && bindOf(current.email) === bindOf(address)) {
    if (locale !== current.locale) await setMailLocale(db, args.familyId, locale, args.now);
    return { ok: true };
  }
  const slot = await takeSendSlot(db, args.familyId, address, args.now);
  if (!slot.ok) return slot;
  await db.transaction(async (tx) => {
    await tx.query(
      `UPDATE users SET email = $2, email_verified_at = NULL, locale = $3, updated_at = $4 WHERE id = $1 AND type = 'student'`,
      [args.familyId, address, locale, args.now],
    );
    await queueCode(tx, args.familyId, current.phone, address, args.now, args.secret);
  });
  return { ok: true };
}

/** The language the family's mails are written in from now on (a mail already queued is rendered when sent). */
export async function setMailLocale(db: Db, familyId: number, locale: Locale, now: Date): Promise<void> {
  await db.query(`UPDATE users SET locale = $2, updated_at = $3 WHERE id = $1 AND type = 'student'`, [familyId, locale, now]);
}

export type ResendResult = SendResult | { ok: false; nothingToVerify: true };

export async function resendCode(db: Db, args: { familyId: number; now: Date; secret: string }): Promise<ResendResult> {
  const current = await familyEmail(db, args.familyId);
  if (current.email === null || current.verified) return { ok: false, nothingToVerify: true };
  const address = current.email;
  const slot = await takeSendSlot(db, args.familyId, address, args.now);
  if (!slot.ok) return slot;
  await db.transaction((tx) => queueCode(tx, args.familyId, current.phone, address, args.now, args.secret));
  return { ok: true };
}

export type VerifyResult = { ok: true } | { ok: false; reason: OtpRejection; attemptsLeft?: number } | { ok: false; nothingToVerify: true };

/** Checks a code (typed, or derived from a link's code row `id`) against the family's current address. */
export async function verifyEmail(
  db: Db,
  args: { familyId: number; code: string; now: Date; secret: string; id?: number },
): Promise<VerifyResult> {
  const current = await familyEmail(db, args.familyId);
  if (current.email === null) return { ok: false, nothingToVerify: true };
  if (current.verified) return { ok: true };
  const bind = bindOf(current.email);
  const result = await consumeOtp(
    db,
    {
      phone: current.phone,
      purpose: 'email',
      bind,
      code: args.code,
      now: args.now,
      secret: args.secret,
      ...(args.id ? { id: args.id } : {}),
    },
    (tx) =>
      tx.query(`UPDATE users SET email_verified_at = $2, updated_at = $2 WHERE id = $1 AND lower(email) = $3`, [
        args.familyId,
        args.now,
        bind,
      ]),
  );
  return result.ok ? { ok: true } : result;
}

/** No address: nothing more is e-mailed, and any code still open is void. */
export async function removeEmail(db: Db, familyId: number, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const current = await familyEmail(tx, familyId);
    await tx.query(`UPDATE users SET email = NULL, email_verified_at = NULL, updated_at = $2 WHERE id = $1`, [familyId, now]);
    await voidOtps(tx, current.phone, 'email', now);
  });
}

/** The family a link's code row belongs to (the code rows of e-mails are kept under the family's phone). */
export async function familyOfCode(
  q: Queryable,
  otpId: number,
): Promise<{ familyId: number; email: string | null; verified: boolean } | null> {
  const row = await q.one<{ id: number; email: string | null; verified: boolean }>(
    `SELECT u.id, u.email, u.email_verified_at IS NOT NULL AS verified
       FROM otp_codes o JOIN users u ON u.phone = o.phone AND u.type = 'student'
      WHERE o.id = $1 AND o.purpose = 'email'`,
    [otpId],
  );
  return row ? { familyId: row.id, email: row.email, verified: row.verified } : null;
}
