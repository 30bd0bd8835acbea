// The account work behind the auth routes: creating students and teachers, sending codes through the
// SMS port under the per-phone limits, and turning a verified code or a password into a session.
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import type { Session } from '../../../contract/auth';
import type { SmsSender } from '../../adapters/sms';
import type { Db, Queryable } from '../../db';
import { tr, type Locale } from '../../i18n';
import { verifyPassword } from '../../lib/password';
import type { Logger } from '../../logger';
import { accountOf } from '../profile/queries';
import type { SignInLimits } from './limits';
import { createOtp, type OtpPurpose } from './otp';
import { takeSmsBudget, type BudgetResult } from './sms-budget';
import { hitRateLimit, type RateResult, type RateRule } from './rate-limit';
import { issueToken } from './tokens';
import { authRelaxations, isProductionEnv } from '../../config';

/** Codes to one phone: at most one a minute and five an hour, whatever sends them. */
// AUTH_PHONE_LIMIT_SCALE multiplies both limits for the e2e suite, which signs the same demo student
// in from several tests within a minute; never set it in production.
// Read through server/config.ts, which refuses them in production.
const RELAXED = authRelaxations(process.env, isProductionEnv(process.env));
const PHONE_SCALE = RELAXED.phoneScale;
export const PHONE_SEND_RULES: readonly RateRule[] = [
  { limit: 1 * PHONE_SCALE, windowSeconds: 60 },
  { limit: 5 * PHONE_SCALE, windowSeconds: 60 * 60 },
];
/** Per caller address on each sign-in endpoint. */
// AUTH_IP_LIMIT_PER_MINUTE raises it where many sign-ins come from one address on purpose (the e2e
// suite runs every browser from 127.0.0.1); never set it in production.
export const IP_RULES: readonly RateRule[] = [{ limit: RELAXED.ipPerMinute, windowSeconds: 60 }];
/**
 * Per caller address on the public forms that store what they are sent (contact, newsletter): five in
 * ten minutes and twenty a day, so one address cannot fill the team's inbox or the subscriber list. The
 * e2e suite's raised per-minute limit scales them alike.
 */
const FORM_SCALE = Math.max(1, Math.round(RELAXED.ipPerMinute / 10));
export const PUBLIC_FORM_RULES: readonly RateRule[] = [
  { limit: 5 * FORM_SCALE, windowSeconds: 10 * 60 },
  { limit: 20 * FORM_SCALE, windowSeconds: 24 * 60 * 60 },
];

export type AccountType = 'student' | 'instructor';

export async function accountTypeByPhone(q: Queryable, phone: string): Promise<AccountType | null> {
  const row = await q.one<{ type: AccountType }>('SELECT type FROM users WHERE phone = $1', [phone]);
  return row?.type ?? null;
}

export async function userIdByPhone(q: Queryable, phone: string, type: AccountType): Promise<number | null> {
  const row = await q.one<{ id: number }>('SELECT id FROM users WHERE phone = $1 AND type = $2', [phone, type]);
  return row?.id ?? null;
}

export async function sessionFor(q: Queryable, userId: number, now: Date): Promise<Session> {
  const token = await issueToken(q, userId, now);
  return { token, ...(await accountOf(q, userId)) };
}

/**
 * Phone-first sign-in: a verified phone without an account becomes a student account with
 * no name yet — incomplete, so the guards hold it on complete-register until the sign-up fields are
 * given. The country is the phone's, when we know that country. A sign-up racing this keeps its row.
 */
export async function studentForVerifiedPhone(q: Queryable, phone: string, now: Date): Promise<number | null> {
  const existing = await q.one<{ id: number; type: AccountType }>('SELECT id, type FROM users WHERE phone = $1', [phone]);
  if (existing) return existing.type === 'student' ? existing.id : null;
  const country = parsePhoneNumberFromString(phone)?.country ?? null;
  const row = await q.one<{ id: number }>(
    `INSERT INTO users (type, first_name, last_name, phone, country_code, status, has_free_session, created_at, updated_at)
     VALUES ('student', '', '', $1, (SELECT code FROM countries WHERE code = $2), 'active', true, $3, $3)
     ON CONFLICT (phone) DO NOTHING RETURNING id`,
    [phone, country, now],
  );
  return row?.id ?? userIdByPhone(q, phone, 'student');
}

/** A unique-constraint violation, from either driver. */
export function isUniqueViolation(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: unknown }).code === '23505';
}

export interface SendDeps {
  db: Db;
  sms: SmsSender;
  secret: string;
  now: Date;
  locale: Locale;
  log: Logger;
  limits: SignInLimits;
}

/** Counts a send against the phone's limits, whether or not an account will get the code. */
export function takePhoneSlot(db: Db, phone: string, now: Date): Promise<RateResult> {
  return hitRateLimit(db, `sms:${phone}`, PHONE_SEND_RULES, now);
}

/**
 * The one way a code goes out: under the SMS budget, then created and texted. `send: false`
 * (a teacher's phone on student sign-in, an unknown phone on forgot-password) texts nobody but answers
 * the budget the same way, so a spent budget does not tell which phones have accounts.
 */
export async function codeTo(deps: SendDeps, phone: string, purpose: OtpPurpose, send: boolean, newNumber: boolean): Promise<BudgetResult> {
  const budget = await takeSmsBudget(deps.db, { phone, now: deps.now, limits: deps.limits.sms, log: deps.log, consume: send, newNumber });
  if (budget.ok && send) await sendCode(deps, phone, purpose);
  return budget;
}

/**
 * Creates a code and texts it. A failing SMS gateway is logged, not reported: the answer must not
 * differ between phones with and without an account, and the user can ask for the code again.
 */
export async function sendCode(deps: SendDeps, phone: string, purpose: OtpPurpose): Promise<void> {
  const { code } = await createOtp(deps.db, { phone, purpose, now: deps.now, secret: deps.secret });
  const text = tr(purpose === 'login' ? 'sms_otp' : 'sms_reset', deps.locale).replace('{code}', code);
  try {
    await deps.sms.send(phone, text);
  } catch (err) {
    deps.log.error('sms not sent', { phone, purpose, err: err instanceof Error ? err.message : String(err) });
  }
}

// Verified against when no teacher matches, so a wrong login costs the same time as a wrong password.
const DUMMY_HASH = 'scrypt$16384$8$1$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=';

interface LoginTeacher {
  id: number;
  password_hash: string | null;
  status: string;
  review_reason: string | null;
}

/** The teacher account a login (E.164 phone or e-mail) names, if any; no password is checked. */
export async function teacherByLogin(q: Queryable, login: { phone?: string; email?: string }): Promise<LoginTeacher | null> {
  const columns = 'id, password_hash, status, review_reason';
  const row = login.email
    ? await q.one<LoginTeacher>(`SELECT ${columns} FROM users WHERE type = 'instructor' AND lower(email) = lower($1)`, [login.email])
    : login.phone
      ? await q.one<LoginTeacher>(`SELECT ${columns} FROM users WHERE type = 'instructor' AND phone = $1`, [login.phone])
      : undefined;
  return row ?? null;
}

/**
 * Whether the password is the teacher's. With no teacher the dummy hash is checked, so a wrong login
 * costs the same time as a wrong password. One answer for every miss. Callers run it through the gate.
 */
export async function passwordMatches(teacher: { password_hash: string | null } | null, password: string): Promise<boolean> {
  const matches = await verifyPassword(password, teacher?.password_hash ?? DUMMY_HASH);
  return Boolean(teacher?.password_hash) && matches;
}
