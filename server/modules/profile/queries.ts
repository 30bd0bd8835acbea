// Reading a user's own account and profile. Every query takes the user id from the caller's token
// (never from the request), so one user can never read another's profile.
import { DOCUMENT_FIELDS, type DocumentField, type Profile, type Session } from '../../../contract/auth';
import type { ProfileDetails } from '../../../contract/profile';
import type { SniffedType } from '../../adapters/storage';
import type { Queryable } from '../../db';
import type { Locale } from '../../i18n';
import { photoOf } from '../photos';
import { downloadName } from './uploads';

// profile_complete: every field the account type requires is present. Documents are not part of it:
// they are required at the teacher sign-up and judged by the review (the teacher's status).
const PROFILE_COMPLETE_SQL = `
  CASE WHEN u.type = 'student' THEN
    u.first_name <> '' AND u.last_name <> '' AND u.gender IS NOT NULL AND u.phase_id IS NOT NULL
  ELSE
    u.first_name <> '' AND coalesce(u.second_name, '') <> '' AND u.last_name <> '' AND u.email IS NOT NULL
    AND u.gender IS NOT NULL AND u.birth_date IS NOT NULL AND u.experience_years IS NOT NULL
    AND u.qualification IS NOT NULL AND u.nationality_code IS NOT NULL
    AND EXISTS (SELECT 1 FROM teacher_phases tp WHERE tp.teacher_id = u.id)
    AND EXISTS (SELECT 1 FROM teacher_subjects ts WHERE ts.teacher_id = u.id)
  END`;

/** The account record of login answers (spec §3), without the token. */
export async function accountOf(q: Queryable, userId: number): Promise<Omit<Session, 'token'> & { review_reason: string | null }> {
  const row = await q.one<{
    id: number;
    type: string;
    status: NonNullable<Session['status']>;
    review_reason: string | null;
    has_free_session: boolean;
    profile_complete: boolean;
  }>(
    `SELECT u.id, u.type, u.status, u.review_reason, u.has_free_session, (${PROFILE_COMPLETE_SQL}) AS profile_complete FROM users u WHERE u.id = $1`,
    [userId],
  );
  if (!row) throw new Error(`user ${userId} vanished`);
  const isTeacher = row.type === 'instructor';
  return {
    id: row.id,
    is_teacher: isTeacher,
    status: isTeacher ? row.status : null,
    // The reviewer's reason: shown on the in-review screen of a rejected teacher.
    review_reason: isTeacher ? row.review_reason : null,
    has_free_session: row.has_free_session,
    profile_complete: row.profile_complete,
  };
}

export function fileUrl(id: string): string {
  return `/api/v1/files/${id}`;
}

export async function profileOf(q: Queryable, userId: number, locale: Locale): Promise<ProfileDetails> {
  const account = await accountOf(q, userId);
  const u = await q.one<{
    first_name: string;
    second_name: string | null;
    last_name: string;
    phone: string;
    email: string | null;
    gender: Profile['gender'];
    phase_id: number | null;
    country_code: string | null;
    nationality_code: string | null;
    birth_date: string | null;
    experience_years: number | null;
    qualification: Profile['qualification'];
    description: string | null;
    latin_name: string | null;
    bio_en: string | null;
    time_zone: string;
  }>(
    `SELECT first_name, second_name, last_name, phone, email, gender, phase_id, country_code, nationality_code,
            birth_date, experience_years, qualification, description, latin_name, bio_en, time_zone
     FROM users WHERE id = $1`,
    [userId],
  );
  if (!u) throw new Error(`user ${userId} vanished`);
  const countryCode = (account.is_teacher ? u.nationality_code : u.country_code) ?? u.country_code;
  const country = countryCode
    ? await q.one<{ code: string; name_ar: string; name_en: string }>('SELECT code, name_ar, name_en FROM countries WHERE code = $1', [
        countryCode,
      ])
    : undefined;
  const name = (r: { name_ar: string; name_en: string }) => (locale === 'en' ? r.name_en : r.name_ar);
  const phases = account.is_teacher
    ? await q.query<{ id: number; name_ar: string; name_en: string }>(
        'SELECT p.id, p.name_ar, p.name_en FROM teacher_phases tp JOIN phases p ON p.id = tp.phase_id WHERE tp.teacher_id = $1 ORDER BY p.sort_order',
        [userId],
      )
    : await q.query<{ id: number; name_ar: string; name_en: string }>('SELECT id, name_ar, name_en FROM phases WHERE id = $1', [
        u.phase_id,
      ]);
  const subjects = await q.query<{ id: number; name_ar: string; name_en: string }>(
    'SELECT s.id, s.name_ar, s.name_en FROM teacher_subjects ts JOIN subjects s ON s.id = ts.subject_id WHERE ts.teacher_id = $1 ORDER BY s.sort_order',
    [userId],
  );
  const uploads = await q.query<{ id: string; kind: DocumentField; content_type: SniffedType; created_at: Date | string }>(
    'SELECT id, kind, content_type, created_at FROM uploads WHERE owner_id = $1 ORDER BY created_at DESC',
    [userId],
  );
  const documents = Object.fromEntries(
    DOCUMENT_FIELDS.map((kind) => {
      const newest = uploads.find((f) => f.kind === kind);
      return [kind, newest ? fileUrl(newest.id) : null];
    }),
  ) as Profile['documents'];
  const documentFiles = Object.fromEntries(
    DOCUMENT_FIELDS.map((kind) => {
      const newest = uploads.find((f) => f.kind === kind);
      return [
        kind,
        newest
          ? {
              url: fileUrl(newest.id),
              name: downloadName(kind, newest.content_type),
              uploaded_at: new Date(newest.created_at).toISOString(),
            }
          : null,
      ];
    }),
  ) as ProfileDetails['document_files'];
  const workingHours = account.is_teacher ? await workingHoursOf(q, userId) : [];
  return {
    ...account,
    first_name: u.first_name,
    second_name: u.second_name,
    last_name: u.last_name,
    phone: u.phone,
    email: u.email,
    gender: u.gender,
    phase_id: u.phase_id,
    country_code: u.country_code,
    country: country ? { code: country.code, name: name(country) } : null,
    birth_date: u.birth_date,
    experience_years: u.experience_years,
    qualification: u.qualification,
    phases: phases.map((p) => ({ id: p.id, name: name(p) })),
    subjects: subjects.map((s) => ({ id: s.id, name: name(s) })),
    description: u.description,
    documents,
    working_hours: workingHours,
    time_zone: u.time_zone,
    ...(account.is_teacher ? { latin_name: u.latin_name, bio_en: u.bio_en, photo: await photoOf(q, userId) } : {}),
    document_files: documentFiles,
  };
}

/** A teacher's available days as "HH:MM" ranges on the teacher's own clock (users.time_zone), by weekday. */
export async function workingHoursOf(q: Queryable, teacherId: number): Promise<ProfileDetails['working_hours']> {
  return q.query<{ weekday: number; start_time: string; end_time: string }>(
    `SELECT weekday, to_char(start_time, 'HH24:MI') AS start_time, to_char(end_time, 'HH24:MI') AS end_time
     FROM working_hours WHERE teacher_id = $1 ORDER BY weekday, start_time`,
    [teacherId],
  );
}

export async function phaseExists(q: Queryable, id: number): Promise<boolean> {
  return Boolean(await q.one('SELECT 1 AS x FROM phases WHERE id = $1', [id]));
}
