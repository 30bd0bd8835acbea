// POST v1/auth/register: a student (JSON or multipart; a code is texted) or a teacher (multipart with
// documents; a token at once, in review). A taken phone answers 409 with the existing account's type.
import { z } from 'zod';
import { DEFAULT_TIME_ZONE } from '../../../contract/availability';
import { authValidationKeys, instructorRegisterSchema, studentRegisterSchema, OTP_TTL_SECONDS } from '../../../contract/auth';
import { validationKeys } from '../../../contract/validation';
import { ApiFailure, ValidationFailure } from '../../http/errors';
import { ok } from '../../http/respond';
import { fieldErrors, jsonBody } from '../../http/validate';
import { trValidation } from '../../i18n';
import { hashPassword } from '../../lib/password';
import { phaseExists } from '../profile/queries';
import { putDocuments, readDocuments, recordDocuments } from '../profile/uploads';
import { fieldFailure, phoneOr400, type C } from './answers';
import { normalisePhone } from './phone';
import type { AuthRouteDeps } from './route-deps';
import { accountTypeByPhone, isUniqueViolation, sessionFor, takePhoneSlot } from './service';

// Register reads `type` first, then validates with the student or the teacher schema.
const ANY_OBJECT = z.record(z.string(), z.unknown());

async function countryExists(c: C, code: string): Promise<boolean> {
  return Boolean(await c.get('db').one('SELECT 1 AS x FROM countries WHERE code = $1', [code]));
}

/** The phone has an account already: a 409 naming its type (`errors.type`), so the screen offers to sign in. */
function conflict(type: 'student' | 'instructor'): ApiFailure {
  return new ApiFailure(409, 'auth_phone_taken', { fields: { type: [type] } });
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

export function registerHandler(deps: AuthRouteDeps) {
  const { now, storage } = deps;

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
    if (existing) throw conflict(existing);
    try {
      // The family's account and its first child, together: the sign-up's name, gender and phase are
      // the child's; the account keeps them too as the family's name (docs/decisions.md, Families).
      const at = now();
      await db.transaction(async (tx) => {
        const family = await tx.one<{ id: number }>(
          `INSERT INTO users (type, first_name, last_name, phone, country_code, gender, phase_id, status, has_free_session, created_at, updated_at, time_zone)
           VALUES ('student', $1, $2, $3, $4, $5, $6, 'active', true, $7, $7, $8) RETURNING id`,
          [body.first_name, body.last_name, phone, body.country_code, body.gender, body.phase_id, at, body.time_zone ?? DEFAULT_TIME_ZONE],
        );
        await tx.query(
          `INSERT INTO children (family_id, first_name, last_name, gender, phase_id, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $6)`,
          [family!.id, body.first_name, body.last_name, body.gender, body.phase_id, at],
        );
      });
    } catch (err) {
      // Two sign-ups with one phone at the same moment: the loser gets the same 409 as a later one.
      const raced = isUniqueViolation(err) ? await accountTypeByPhone(db, phone) : null;
      if (raced) throw conflict(raced);
      throw err;
    }
    // The account stays when the SMS budget is spent: signing in later (phone-first) texts the code.
    if ((await takePhoneSlot(db, phone, now())).ok) {
      await deps.textCode(c, phone, 'login', true, true);
    }
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
      if (body.birth_date >= now().toISOString().slice(0, 10) || body.birth_date < '1900-01-01')
        add('birth_date', authValidationKeys.datePast);
      const known = async (table: 'phases' | 'subjects', ids: number[]) =>
        (await db.query<{ n: number }>(`SELECT count(*) AS n FROM ${table} WHERE id = ANY($1::int[])`, [[...new Set(ids)]]))[0]?.n ===
        new Set(ids).size;
      if (!(await known('phases', body.phases))) add('phases', validationKeys.invalid);
      if (!(await known('subjects', body.subjects))) add('subjects', validationKeys.invalid);
    }
    if (!parsed.success || !phone || Object.keys(errors).length) throw new ValidationFailure(errors);
    const body = parsed.data;

    const existing = await accountTypeByPhone(db, phone);
    if (existing) throw conflict(existing);
    const emailTaken = () => db.one("SELECT 1 AS x FROM users WHERE type = 'instructor' AND lower(email) = lower($1)", [body.email]);
    if (await emailTaken()) throw fieldFailure(locale, { email: authValidationKeys.emailTaken });

    const hashed = await deps.hashing(c, () => hashPassword(body.password));
    const stored = await putDocuments(storage, documents);
    const at = now();
    try {
      const session = await db.transaction(async (tx) => {
        const row = await tx.one<{ id: number }>(
          `INSERT INTO users (type, first_name, second_name, last_name, phone, country_code, email, gender, birth_date,
             status, has_free_session, password_hash, nationality_code, experience_years, qualification, created_at, updated_at, time_zone)
           VALUES ('instructor', $1, $2, $3, $4, $5, $6, $7, $8, 'in_review', false, $9, $10, $11, $12, $13, $13, $14) RETURNING id`,
          [
            body.first_name,
            body.second_name,
            body.last_name,
            phone,
            body.country_code,
            body.email,
            body.gender,
            body.birth_date,
            hashed,
            body.country,
            body.experience_years,
            body.qualification,
            at,
            body.time_zone ?? DEFAULT_TIME_ZONE,
          ],
        );
        const id = row!.id;
        for (const p of new Set(body.phases)) await tx.query('INSERT INTO teacher_phases (teacher_id, phase_id) VALUES ($1, $2)', [id, p]);
        for (const s of new Set(body.subjects))
          await tx.query('INSERT INTO teacher_subjects (teacher_id, subject_id) VALUES ($1, $2)', [id, s]);
        await recordDocuments(tx, id, stored);
        return sessionFor(tx, id, at);
      });
      return ok(c, session, 'auth_registered_instructor', 201);
    } catch (err) {
      await Promise.all(stored.map((d) => storage.remove(d.key)));
      if (isUniqueViolation(err)) {
        const raced = await accountTypeByPhone(db, phone);
        if (raced) throw conflict(raced);
        if (await emailTaken()) throw fieldFailure(locale, { email: authValidationKeys.emailTaken });
      }
      throw err;
    }
  }

  return async (c: C): Promise<Response> => {
    await deps.ipLimit(c, 'register');
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
  };
}
