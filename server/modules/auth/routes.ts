// The auth endpoints (issue 3): student sign-up and phone-first OTP sign-in (issue 16), teacher sign-up (multipart, token at
// once), teacher password sign-in and recovery, logout, and the development SMS outbox.
import type { Context } from 'hono';
import { Hono } from 'hono';
import { z } from 'zod';
import { DEFAULT_TIME_ZONE } from '../../../contract/availability';
import {
  authValidationKeys,
  forgotPasswordSchema,
  instructorLoginSchema,
  instructorRegisterSchema,
  resendSchema,
  resetPasswordSchema,
  studentLoginSchema,
  studentRegisterSchema,
  verifyOtpSchema,
  OTP_TTL_SECONDS,
} from '../../../contract/auth';
import { validationKeys } from '../../../contract/validation';
import { readOutbox, type SmsSender } from '../../adapters/sms';
import type { FileStorage } from '../../adapters/storage';
import { ValidationFailure } from '../../http/errors';
import { ok } from '../../http/respond';
import { fieldErrors, jsonBody } from '../../http/validate';
import { tr, trValidation, type Locale, type MessageKey } from '../../i18n';
import { hashPassword } from '../../lib/password';
import { phaseExists } from '../profile/queries';
import { putDocuments, readDocuments, recordDocuments } from '../profile/uploads';
import { clientIp } from './client-ip';
import type { AuthEnv, AuthMiddleware } from './middleware';
import { consumeOtp, type OtpRejection } from './otp';
import { normalisePhone } from './phone';
import { hitRateLimit } from './rate-limit';
import {
  accountTypeByPhone,
  checkTeacherPassword,
  IP_RULES,
  isUniqueViolation,
  sendCode,
  sessionFor,
  studentForVerifiedPhone,
  takePhoneSlot,
  userIdByPhone,
  type SendDeps,
} from './service';
import { revokeAllTokens, revokeToken, bearerToken } from './tokens';

export interface AuthRoutesOptions {
  now: () => Date;
  sms: SmsSender;
  storage: FileStorage;
  /** Key of the codes' HMAC; every instance sharing a database needs the same one. */
  secret: string;
  trustProxy: boolean;
  production: boolean;
  auth: AuthMiddleware;
}

type C = Context<AuthEnv>;

// Register reads `type` first, then validates with the student or the teacher schema.
const ANY_OBJECT = z.record(z.string(), z.unknown());

const OTP_MESSAGES: Record<OtpRejection, MessageKey> = {
  wrong: 'otp_wrong',
  expired: 'otp_expired',
  too_many_attempts: 'otp_too_many_attempts',
};

function tooMany(c: C, retryAfter: number): Response {
  c.header('Retry-After', String(retryAfter));
  return c.json({ message: tr('auth_rate_limited', c.get('locale')), errors: { retry_after: [String(retryAfter)] } }, 429);
}

/**
 * verify-otp answers the reason as a key (`errors.code: ['wrong']`): the auth statechart branches on it.
 * reset-password answers the localized text there, because its form shows server field errors as they
 * come, next to the code field.
 */
function otpRejected(c: C, reason: OtpRejection, as: 'key' | 'text' = 'key'): Response {
  const message = tr(OTP_MESSAGES[reason], c.get('locale'));
  return c.json({ message, errors: { code: [as === 'key' ? reason : message] } }, 422);
}

function fieldFailure(locale: Locale, errors: Record<string, string>): ValidationFailure {
  return new ValidationFailure(Object.fromEntries(Object.entries(errors).map(([field, key]) => [field, [trValidation(key, locale)]])));
}

/** E.164 or a 400 on `phone`. */
function phoneOr400(locale: Locale, raw: string, country?: string): string {
  const phone = normalisePhone(raw, country);
  if (!phone) throw fieldFailure(locale, { phone: validationKeys.invalidPhone });
  return phone;
}

async function countryExists(c: C, code: string): Promise<boolean> {
  return Boolean(await c.get('db').one('SELECT 1 AS x FROM countries WHERE code = $1', [code]));
}

function conflict(c: C, type: 'student' | 'instructor'): Response {
  return c.json({ message: tr('auth_phone_taken', c.get('locale')), errors: { type: [type] } }, 409);
}

/** The multipart form as plain fields: `phases[]` → `phases` (always a list), `country_id` → `country`. */
function formFields(form: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(form)) {
    const name = key.endsWith('[]') ? key.slice(0, -2) : key;
    out[name] = value;
  }
  for (const list of ['phases', 'subjects']) {
    const v = out[list];
    if (v !== undefined && !Array.isArray(v)) out[list] = v === '' ? [] : [v];
  }
  if (out.country === undefined && out.country_id !== undefined) out.country = out.country_id;
  return out;
}

export function authRoutes(options: AuthRoutesOptions) {
  const { now, sms, storage, secret, trustProxy, production, auth } = options;

  /** 10 a minute per caller address and endpoint; null when allowed. */
  const ipLimit = async (c: C, name: string): Promise<Response | null> => {
    const result = await hitRateLimit(c.get('db'), `ip:${name}:${clientIp(c, trustProxy)}`, IP_RULES, now());
    return result.ok ? null : tooMany(c, result.retryAfter);
  };
  const sendDeps = (c: C): SendDeps => ({ db: c.get('db'), sms, secret, now: now(), locale: c.get('locale'), log: c.get('log') });

  async function registerStudent(c: C, input: unknown): Promise<Response> {
    const locale = c.get('locale');
    const parsed = studentRegisterSchema.safeParse(input);
    if (!parsed.success) throw new ValidationFailure(fieldErrors(parsed.error, locale));
    const body = parsed.data;
    const phone = phoneOr400(locale, body.phone, body.country_code);
    const problems: Record<string, string> = {};
    if (!(await countryExists(c, body.country_code))) problems.country_code = validationKeys.invalid;
    if (!(await phaseExists(c.get('db'), body.phase_id))) problems.phase_id = validationKeys.invalid;
    if (Object.keys(problems).length) throw fieldFailure(locale, problems);

    const db = c.get('db');
    const existing = await accountTypeByPhone(db, phone);
    if (existing) return conflict(c, existing);
    try {
      await db.query(
        `INSERT INTO users (type, first_name, last_name, phone, country_code, gender, phase_id, status, has_free_session, created_at, updated_at, time_zone)
         VALUES ('student', $1, $2, $3, $4, $5, $6, 'active', true, $7, $7, $8)`,
        [body.first_name, body.last_name, phone, body.country_code, body.gender, body.phase_id, now(), body.time_zone ?? DEFAULT_TIME_ZONE],
      );
    } catch (err) {
      // Two sign-ups with one phone at the same moment: the loser gets the same 409 as a later one.
      const raced = isUniqueViolation(err) ? await accountTypeByPhone(db, phone) : null;
      if (raced) return conflict(c, raced);
      throw err;
    }
    if ((await takePhoneSlot(db, phone, now())).ok) await sendCode(sendDeps(c), phone, 'login');
    return ok(c, { phone, is_teacher: false, otp_expires_in: OTP_TTL_SECONDS }, 'auth_registered_student', 201);
  }

  async function registerInstructor(c: C, form: Record<string, unknown>): Promise<Response> {
    const locale = c.get('locale');
    const db = c.get('db');
    const parsed = instructorRegisterSchema.safeParse(form);
    const errors: Record<string, string[]> = parsed.success ? {} : fieldErrors(parsed.error, locale);
    const add = (field: string, key: string) => {
      if (!errors[field]) errors[field] = [trValidation(key, locale)];
    };
    const { documents, problems } = await readDocuments(form);
    for (const [field, key] of Object.entries(problems)) add(field, key);
    let phone: string | null = null;
    if (parsed.success) {
      const body = parsed.data;
      phone = normalisePhone(body.phone, body.country_code);
      if (!phone) add('phone', validationKeys.invalidPhone);
      if (!(await countryExists(c, body.country_code))) add('country_code', validationKeys.invalid);
      if (!(await countryExists(c, body.country))) add('country', validationKeys.invalid);
      if (body.birth_date >= now().toISOString().slice(0, 10) || body.birth_date < '1900-01-01') add('birth_date', authValidationKeys.datePast);
      const known = async (table: 'phases' | 'subjects', ids: number[]) =>
        (await db.query<{ n: number }>(`SELECT count(*) AS n FROM ${table} WHERE id = ANY($1::int[])`, [[...new Set(ids)]]))[0]?.n ===
        new Set(ids).size;
      if (!(await known('phases', body.phases))) add('phases', validationKeys.invalid);
      if (!(await known('subjects', body.subjects))) add('subjects', validationKeys.invalid);
    }
    if (!parsed.success || !phone || Object.keys(errors).length) throw new ValidationFailure(errors);
    const body = parsed.data;

    const existing = await accountTypeByPhone(db, phone);
    if (existing) return conflict(c, existing);
    const emailTaken = () => db.one('SELECT 1 AS x FROM users WHERE lower(email) = lower($1)', [body.email]);
    if (await emailTaken()) throw fieldFailure(locale, { email: authValidationKeys.emailTaken });

    const passwordHash = await hashPassword(body.password);
    const stored = await putDocuments(storage, documents);
    const at = now();
    try {
      const session = await db.transaction(async (tx) => {
        const row = await tx.one<{ id: number }>(
          `INSERT INTO users (type, first_name, second_name, last_name, phone, country_code, email, gender, birth_date,
             status, has_free_session, password_hash, nationality_code, experience_years, qualification, created_at, updated_at, time_zone)
           VALUES ('instructor', $1, $2, $3, $4, $5, $6, $7, $8, 'in_review', false, $9, $10, $11, $12, $13, $13, $14) RETURNING id`,
          [body.first_name, body.second_name, body.last_name, phone, body.country_code, body.email, body.gender, body.birth_date,
            passwordHash, body.country, body.experience_years, body.qualification, at, body.time_zone ?? DEFAULT_TIME_ZONE],
        );
        const id = row!.id;
        for (const p of new Set(body.phases)) await tx.query('INSERT INTO teacher_phases (teacher_id, phase_id) VALUES ($1, $2)', [id, p]);
        for (const s of new Set(body.subjects)) await tx.query('INSERT INTO teacher_subjects (teacher_id, subject_id) VALUES ($1, $2)', [id, s]);
        await recordDocuments(tx, id, stored);
        return sessionFor(tx, id, at);
      });
      return ok(c, session, 'auth_registered_instructor', 201);
    } catch (err) {
      await Promise.all(stored.map((d) => storage.remove(d.key)));
      if (isUniqueViolation(err)) {
        const raced = await accountTypeByPhone(db, phone);
        if (raced) return conflict(c, raced);
        if (await emailTaken()) throw fieldFailure(locale, { email: authValidationKeys.emailTaken });
      }
      throw err;
    }
  }

  const routes = new Hono<AuthEnv>()
    .post('/auth/register', async (c) => {
      const limited = await ipLimit(c, 'register');
      if (limited) return limited;
      const type = c.req.header('content-type') ?? '';
      if (/^multipart\/form-data/i.test(type)) {
        let form: Record<string, unknown>;
        try {
          form = formFields(await c.req.parseBody({ all: true }));
        } catch {
          throw new ValidationFailure({}, 'malformed_json');
        }
        return form.type === 'student' ? registerStudent(c, form) : registerInstructor(c, form);
      }
      const body = await jsonBody(c, ANY_OBJECT);
      return body.type === 'instructor' ? registerInstructor(c, formFields(body)) : registerStudent(c, body);
    })
    .post('/auth/login', async (c) => {
      const limited = await ipLimit(c, 'login');
      if (limited) return limited;
      const body = await jsonBody(c, studentLoginSchema);
      const phone = phoneOr400(c.get('locale'), body.phone, body.country_code);
      // The phone's slot is taken for every number, so a limit never tells which phones have accounts.
      const slot = await takePhoneSlot(c.get('db'), phone, now());
      if (!slot.ok) return tooMany(c, slot.retryAfter);
      // Phone-first: a phone without an account gets a code too (verifying it starts the sign-up);
      // only a teacher's phone does not, as teachers sign in with a password.
      if ((await accountTypeByPhone(c.get('db'), phone)) !== 'instructor') await sendCode(sendDeps(c), phone, 'login');
      return ok(c, null, 'auth_login_code_sent');
    })
    .post('/auth/resend', async (c) => {
      const limited = await ipLimit(c, 'resend');
      if (limited) return limited;
      const body = await jsonBody(c, resendSchema);
      const phone = phoneOr400(c.get('locale'), body.phone);
      const slot = await takePhoneSlot(c.get('db'), phone, now());
      if (!slot.ok) return tooMany(c, slot.retryAfter);
      if ((await accountTypeByPhone(c.get('db'), phone)) !== 'instructor') await sendCode(sendDeps(c), phone, 'login');
      return ok(c, null, 'auth_login_code_sent');
    })
    .post('/verify-otp', async (c) => {
      const limited = await ipLimit(c, 'verify');
      if (limited) return limited;
      const body = await jsonBody(c, verifyOtpSchema);
      const phone = phoneOr400(c.get('locale'), body.phone);
      const at = now();
      const result = await consumeOtp(c.get('db'), { phone, purpose: 'login', code: body.code, now: at, secret }, async (tx) => {
        const id = await studentForVerifiedPhone(tx, phone, at);
        if (id === null) return null;
        await tx.query('UPDATE users SET phone_verified_at = coalesce(phone_verified_at, $2) WHERE id = $1', [id, at]);
        return sessionFor(tx, id, at);
      });
      if (!result.ok) return otpRejected(c, result.reason);
      if (!result.value) return otpRejected(c, 'wrong');
      return ok(c, result.value, 'auth_signed_in');
    })
    .post('/instructor/auth/login', async (c) => {
      const limited = await ipLimit(c, 'instructor-login');
      if (limited) return limited;
      const body = await jsonBody(c, instructorLoginSchema);
      const login = body.login.includes('@') ? { email: body.login } : { phone: normalisePhone(body.login) ?? undefined };
      const id = await checkTeacherPassword(c.get('db'), login, body.password);
      if (id === null) {
        const message = tr('auth_invalid_credentials', c.get('locale'));
        return c.json({ message, errors: { password: [message] } }, 422);
      }
      return ok(c, await sessionFor(c.get('db'), id, now()), 'auth_signed_in');
    })
    .post('/instructor/auth/forgot-password', async (c) => {
      const limited = await ipLimit(c, 'forgot');
      if (limited) return limited;
      const body = await jsonBody(c, forgotPasswordSchema);
      const phone = phoneOr400(c.get('locale'), body.phone);
      const slot = await takePhoneSlot(c.get('db'), phone, now());
      if (!slot.ok) return tooMany(c, slot.retryAfter);
      if (await userIdByPhone(c.get('db'), phone, 'instructor')) await sendCode(sendDeps(c), phone, 'reset');
      return ok(c, null, 'auth_code_sent');
    })
    .post('/instructor/auth/reset-password', async (c) => {
      const limited = await ipLimit(c, 'reset');
      if (limited) return limited;
      const body = await jsonBody(c, resetPasswordSchema);
      const phone = phoneOr400(c.get('locale'), body.phone);
      // Hashed before the transaction: scrypt is slow on purpose, the row lock should not wait on it.
      const passwordHash = await hashPassword(body.password);
      const at = now();
      const result = await consumeOtp(c.get('db'), { phone, purpose: 'reset', code: body.code, now: at, secret }, async (tx) => {
        const id = await userIdByPhone(tx, phone, 'instructor');
        if (id === null) return false;
        await tx.query('UPDATE users SET password_hash = $2, updated_at = $3 WHERE id = $1', [id, passwordHash, at]);
        // Whoever knew the old password is signed out everywhere.
        await revokeAllTokens(tx, id, at);
        return true;
      });
      if (!result.ok) return otpRejected(c, result.reason, 'text');
      if (!result.value) return otpRejected(c, 'wrong', 'text');
      return ok(c, null, 'auth_password_reset');
    })
    .post('/auth/logout', auth.optionalUser, async (c) => {
      // Always 200: signing out of a session that already ended is still signing out.
      const token = bearerToken(c.req.header('authorization'));
      if (token && c.get('user')) await revokeToken(c.get('db'), token, now());
      return ok(c, null, 'auth_logged_out');
    });

  if (!production) {
    // Development only: read the codes the outbox "sent" (the route does not exist in production).
    routes.get('/dev/outbox', async (c) => {
      // An unencoded `+` in a typed URL arrives as a space.
      const raw = (c.req.query('phone') ?? '').trim();
      const phone = phoneOr400(c.get('locale'), raw === '' || raw.startsWith('+') ? raw : `+${raw}`);
      return ok(c, await readOutbox(c.get('db'), phone));
    });
  }
  return routes;
}
