// PATCH v1/profile: the caller's own profile, with the sign-up's rules. Partial: a field left out stays as
// it is. Every field the role does not edit is refused by name (a student's teacher fields, the phone,
// the status …) so a client never believes a value was saved when it was not. Every field error is
// reported at once; nothing is written unless all of them pass, and then in one transaction.
import { authValidationKeys, type AuthValidationKey } from '../../../contract/auth';
import {
  profileValidationKeys,
  STUDENT_PROFILE_FIELDS,
  studentProfileUpdateSchema,
  TEACHER_PROFILE_FIELDS,
  teacherProfileUpdateSchema,
  type ProfileValidationKey,
} from '../../../contract/profile';
import { validationKeys, type ValidationKey } from '../../../contract/validation';
import type { Db, Queryable } from '../../db';
import { ValidationFailure } from '../../http/errors';
import { fieldErrors } from '../../http/validate';
import { trValidation, type Locale } from '../../i18n';
import type { Caller } from '../auth/caller';
import { phaseExists } from './queries';

type Key = ValidationKey | AuthValidationKey | ProfileValidationKey;

const TEACHER_ONLY = new Set<string>(TEACHER_PROFILE_FIELDS.filter((f) => !(STUDENT_PROFILE_FIELDS as string[]).includes(f)));

async function countryExists(q: Queryable, code: string): Promise<boolean> {
  return Boolean(await q.one('SELECT 1 AS x FROM countries WHERE code = $1', [code]));
}

async function allExist(q: Queryable, table: 'phases' | 'subjects', ids: number[]): Promise<boolean> {
  const unique = [...new Set(ids)];
  // `table` is one of two literals, never input.
  const rows = await q.query<{ n: number | string }>(`SELECT count(*) AS n FROM ${table} WHERE id = ANY($1::int[])`, [unique]);
  return Number(rows[0]?.n) === unique.length;
}

/** `caller` edits its own account: a family its names, phase and zone, a teacher the teacher's fields. */
export async function updateProfile(db: Db, caller: Caller, body: Record<string, unknown>, locale: Locale, now: Date): Promise<void> {
  const errors: Record<string, string[]> = {};
  const add = (field: string, key: Key) => {
    if (!errors[field]) errors[field] = [trValidation(key, locale)];
  };
  const allowed = new Set<string>(caller.kind === 'teacher' ? TEACHER_PROFILE_FIELDS : STUDENT_PROFILE_FIELDS);
  for (const field of Object.keys(body)) {
    if (allowed.has(field)) continue;
    if (field === 'phone' || field === 'country_code') add(field, profileValidationKeys.phoneReadOnly);
    else if (caller.kind === 'family' && TEACHER_ONLY.has(field)) add(field, profileValidationKeys.teacherOnly);
    else add(field, profileValidationKeys.notEditable);
  }
  const fields = Object.fromEntries(Object.entries(body).filter(([field]) => allowed.has(field)));

  if (caller.kind === 'family') {
    const parsed = studentProfileUpdateSchema.safeParse(fields);
    if (!parsed.success) Object.assign(errors, fieldErrors(parsed.error, locale));
    const v = parsed.success ? parsed.data : {};
    if (v.phase_id !== undefined && !(await phaseExists(db, v.phase_id))) add('phase_id', validationKeys.invalid);
    if (Object.keys(errors).length) throw new ValidationFailure(errors);
    await setColumns(
      db,
      caller.familyId,
      { first_name: v.first_name, last_name: v.last_name, gender: v.gender, phase_id: v.phase_id, time_zone: v.time_zone },
      now,
    );
    return;
  }

  const teacherId = caller.teacherId;
  const parsed = teacherProfileUpdateSchema.safeParse(fields);
  if (!parsed.success) Object.assign(errors, fieldErrors(parsed.error, locale));
  const v = parsed.success ? parsed.data : {};
  if (v.country !== undefined && !(await countryExists(db, v.country))) add('country', validationKeys.invalid);
  if (v.birth_date !== undefined && (v.birth_date >= now.toISOString().slice(0, 10) || v.birth_date < '1900-01-01')) {
    add('birth_date', authValidationKeys.datePast);
  }
  if (v.phases !== undefined && !(await allExist(db, 'phases', v.phases))) add('phases', validationKeys.invalid);
  if (v.subjects !== undefined && !(await allExist(db, 'subjects', v.subjects))) add('subjects', validationKeys.invalid);
  if (Object.keys(errors).length) throw new ValidationFailure(errors);

  await db.transaction(async (tx) => {
    await setColumns(
      tx,
      teacherId,
      {
        first_name: v.first_name,
        second_name: v.second_name,
        last_name: v.last_name,
        nationality_code: v.country,
        gender: v.gender,
        birth_date: v.birth_date,
        qualification: v.qualification,
        experience_years: v.experience_years,
        description: v.description,
        latin_name: v.latin_name,
        bio_en: v.bio_en,
        time_zone: v.time_zone,
      },
      now,
    );
    if (v.phases !== undefined) {
      await tx.query('DELETE FROM teacher_phases WHERE teacher_id = $1', [teacherId]);
      for (const p of new Set(v.phases))
        await tx.query('INSERT INTO teacher_phases (teacher_id, phase_id) VALUES ($1, $2)', [teacherId, p]);
    }
    if (v.subjects !== undefined) {
      await tx.query('DELETE FROM teacher_subjects WHERE teacher_id = $1', [teacherId]);
      for (const s of new Set(v.subjects))
        await tx.query('INSERT INTO teacher_subjects (teacher_id, subject_id) VALUES ($1, $2)', [teacherId, s]);
    }
    if (v.working_hours !== undefined) {
      await tx.query('DELETE FROM working_hours WHERE teacher_id = $1', [teacherId]);
      for (const h of v.working_hours) {
        await tx.query('INSERT INTO working_hours (teacher_id, weekday, start_time, end_time) VALUES ($1, $2, $3, $4)', [
          teacherId,
          h.weekday,
          h.start_time,
          h.end_time,
        ]);
      }
    }
  });
}

// Column names come from this fixed list, never from the request; values are parameters.
const COLUMNS = [
  'first_name',
  'second_name',
  'last_name',
  'nationality_code',
  'gender',
  'birth_date',
  'phase_id',
  'qualification',
  'experience_years',
  'description',
  'latin_name',
  'bio_en',
  'time_zone',
] as const;
type Column = (typeof COLUMNS)[number];

async function setColumns(q: Queryable, userId: number, values: Partial<Record<Column, string | number | null | undefined>>, now: Date) {
  const sets: string[] = [];
  const params: unknown[] = [userId, now];
  for (const column of COLUMNS) {
    const value = values[column];
    if (value === undefined) continue;
    params.push(value);
    sets.push(`${column} = $${params.length}`);
  }
  if (sets.length === 0) return;
  await q.query(`UPDATE users SET ${sets.join(', ')}, updated_at = $2 WHERE id = $1`, params);
}
