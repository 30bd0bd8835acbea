// The teachers list and one teacher's card. One query reads a page of active teachers and
// one counts them (through the partial index of active teachers, not a window over every row);
// subjects, phases, hours and ratings of that page come in one batched query each (no query per
// teacher). Search compares the stored folded name (users.name_folded, migration 0030).
import { NEXT_FREE_DAYS, type BusySlot, type NamedRef, type TeacherCard, type TeachersFilter } from '../../../contract/teachers';
import { DEFAULT_TIME_ZONE } from '../../../contract/availability';
import { MIN_DURATION_HOURS } from '../../../contract/requests';
import type { Queryable } from '../../db';
import type { Locale } from '../../i18n';
import { pickBio, pickName } from '../../lib/latin-names';
import { freeNowIds, inHoursAt, schedulesByTeacher } from '../availability/queries';
import { availableNow, nextStarts, type TeacherSchedule } from '../availability/rules';
import { videoVersionOf } from '../teacher-video';

/**
 * Arabic letters people type interchangeably, folded so «احمد» finds «أحمد» and «فاطمه» finds «فاطمة».
 * The same fold computes users.name_folded (migration 0030): change both together.
 */
const FOLD_FROM = 'أإآٱىة';
const FOLD_TO = 'اااايه';

function foldText(text: string): string {
  let out = text.toLowerCase();
  for (let i = 0; i < FOLD_FROM.length; i++) out = out.split(FOLD_FROM[i]!).join(FOLD_TO[i]!);
  return out;
}

/** LIKE pattern for a user's word: its own %, _ and \ match literally. */
function likePattern(word: string): string {
  return `%${foldText(word).replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
}

interface TeacherRow {
  id: number;
  first_name: string;
  second_name: string | null;
  last_name: string;
  gender: 'male' | 'female' | 'neutral' | null;
  country_ar: string | null;
  country_en: string | null;
  experience_years: number | null;
  description: string | null;
  latin_name: string | null;
  bio_en: string | null;
  photo: string | null;
  time_zone: string;
}

const TEACHER_COLUMNS = `u.id, u.first_name, u.second_name, u.last_name, u.gender, c.name_ar AS country_ar, c.name_en AS country_en,
  u.experience_years, u.description, u.latin_name, u.bio_en, ph.hash AS photo, u.time_zone`;
const TEACHER_FROM = `users u LEFT JOIN countries c ON c.code = u.country_code LEFT JOIN teacher_photos ph ON ph.teacher_id = u.id`;
const HOUR_MS = 3_600_000;
const ACTIVE = `u.type = 'instructor' AND u.status = 'active'`;
/** Bookable: active with working hours. A teacher without hours is not listed (docs/decisions.md). */
const LISTED = `${ACTIVE} AND EXISTS (SELECT 1 FROM working_hours wh WHERE wh.teacher_id = u.id)`;

export async function listTeachers(
  q: Queryable,
  filter: TeachersFilter,
  locale: Locale,
  now: Date,
): Promise<{ cards: TeacherCard[]; total: number }> {
  const where: string[] = [LISTED];
  const params: unknown[] = [];
  const param = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  if (filter.search) {
    // Every word must be part of some part of the name.
    for (const word of filter.search.split(/\s+/).filter(Boolean).slice(0, 5)) {
      const p = param(likePattern(word));
      where.push(`u.name_folded LIKE ${p}`);
    }
  }
  if (filter.subject_id)
    where.push(`EXISTS (SELECT 1 FROM teacher_subjects ts WHERE ts.teacher_id = u.id AND ts.subject_id = ${param(filter.subject_id)})`);
  if (filter.phase_id)
    where.push(`EXISTS (SELECT 1 FROM teacher_phases tp WHERE tp.teacher_id = u.id AND tp.phase_id = ${param(filter.phase_id)})`);
  if (filter.gender) where.push(`u.gender = ${param(filter.gender)}`);
  if (filter.available_now) {
    where.push(inHoursAt(param(now)));
    return availableNowPage(q, where, params, filter, locale, now);
  }
  const count = await q.one<{ n: number }>(`SELECT COUNT(*) AS n FROM users u WHERE ${where.join(' AND ')}`, params);
  const limit = param(filter.per_page);
  const offset = param((filter.page - 1) * filter.per_page);
  const rows = await q.query<TeacherRow>(
    `SELECT ${TEACHER_COLUMNS}
       FROM ${TEACHER_FROM}
      WHERE ${where.join(' AND ')}
      ORDER BY u.id
      LIMIT ${limit} OFFSET ${offset}`,
    params,
  );
  return { cards: await cardsFor(q, rows, locale, now), total: Number(count?.n ?? 0) };
}

/** One active teacher's row, or undefined. */
export async function findTeacher(q: Queryable, id: number): Promise<TeacherRow | undefined> {
  return q.one<TeacherRow>(`SELECT ${TEACHER_COLUMNS} FROM ${TEACHER_FROM} WHERE u.id = $1 AND ${ACTIVE}`, [id]);
}

/** Approved sessions of several teachers overlapping [from, to), by teacher id (one query). */
export async function busyByTeacher(q: Queryable, ids: readonly number[], from: Date, to: Date): Promise<Map<number, BusySlot[]>> {
  const out = new Map<number, BusySlot[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return out;
  const rows = await q.query<{ teacher_id: number; starts_at: Date; ends_at: Date }>(
    `SELECT teacher_id, starts_at, ends_at FROM requests
      WHERE teacher_id = ANY($1::int[]) AND status = 'approved' AND starts_at < $3 AND ends_at > $2
      ORDER BY starts_at`,
    [ids, from, to],
  );
  for (const r of rows) out.get(r.teacher_id)?.push({ starts_at: r.starts_at.toISOString(), ends_at: r.ends_at.toISOString() });
  return out;
}

async function namedByTeacher(q: Queryable, sql: string, ids: readonly number[], locale: Locale): Promise<Map<number, NamedRef[]>> {
  const out = new Map<number, NamedRef[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return out;
  const rows = await q.query<{ teacher_id: number; id: number; name_ar: string; name_en: string }>(sql, [ids]);
  for (const r of rows) out.get(r.teacher_id)?.push({ id: r.id, name: locale === 'en' ? r.name_en : r.name_ar });
  return out;
}

/**
 * Each teacher's zone, hours and the sessions that hold them from `now` to the end of the next-free
 * window: enough for `availableNow` and `nextStarts`, the availability module's own rule (the booking
 * calendar's), in one batched read for the whole page.
 */
export function nowSchedules(q: Queryable, ids: readonly number[], now: Date) {
  return schedulesByTeacher(q, ids, now, new Date(now.getTime() + NEXT_FREE_DAYS * 24 * HOUR_MS + MIN_DURATION_HOURS * HOUR_MS), now);
}

/** What of a card follows the clock (and the teacher's bookings): available now and the next free start. */
export function clockFields(schedule: TeacherSchedule | undefined, now: Date): Pick<TeacherCard, 'available_now' | 'next_free'> {
  if (!schedule) return { available_now: false, next_free: null };
  const [next] = nextStarts(schedule, now, { days: NEXT_FREE_DAYS, durationHours: MIN_DURATION_HOURS, count: 1 });
  return { available_now: availableNow(schedule, MIN_DURATION_HOURS, now), next_free: next ? next.toISOString() : null };
}

/**
 * The `available_now` page: every teacher the SQL cut keeps is decided (in bulk, `freeNowIds`), then
 * the decided ids are paged; only the page's rows are read in full.
 */
async function availableNowPage(q: Queryable, where: string[], params: unknown[], filter: TeachersFilter, locale: Locale, now: Date) {
  const free = await freeNowIds(q, where.join(' AND '), params, MIN_DURATION_HOURS, now);
  const pageIds = free.slice((filter.page - 1) * filter.per_page, filter.page * filter.per_page);
  const rows = pageIds.length
    ? await q.query<TeacherRow>(`SELECT ${TEACHER_COLUMNS} FROM ${TEACHER_FROM} WHERE u.id = ANY($1::int[]) ORDER BY u.id`, [pageIds])
    : [];
  return { cards: await cardsFor(q, rows, locale, now), total: free.length };
}

/** Cards for teacher rows: five batched queries whatever the number of rows. */
export async function cardsFor(q: Queryable, rows: readonly TeacherRow[], locale: Locale, now: Date): Promise<TeacherCard[]> {
  const ids = rows.map((r) => r.id);
  const [subjects, phases, schedules, ratings] = await Promise.all([
    namedByTeacher(
      q,
      `SELECT ts.teacher_id, s.id, s.name_ar, s.name_en FROM teacher_subjects ts JOIN subjects s ON s.id = ts.subject_id
        WHERE ts.teacher_id = ANY($1::int[]) ORDER BY s.sort_order, s.id`,
      ids,
      locale,
    ),
    namedByTeacher(
      q,
      `SELECT tp.teacher_id, p.id, p.name_ar, p.name_en FROM teacher_phases tp JOIN phases p ON p.id = tp.phase_id
        WHERE tp.teacher_id = ANY($1::int[]) ORDER BY p.sort_order, p.id`,
      ids,
      locale,
    ),
    nowSchedules(q, ids, now),
    ids.length === 0
      ? Promise.resolve([])
      : q.query<{ teacher_id: number; average: string | number; count: number }>(
          `SELECT teacher_id, ROUND(AVG(rating)::numeric, 1) AS average, COUNT(*) AS count
             FROM evaluations WHERE teacher_id = ANY($1::int[]) GROUP BY teacher_id`,
          [ids],
        ),
  ]);
  const ratingOf = new Map(ratings.map((r) => [r.teacher_id, { average: Number(r.average), count: Number(r.count) }]));
  return rows.map((r) => {
    const schedule = schedules.get(r.id);
    // An English reader gets the Latin name and the English bio when the teacher wrote them.
    const name = pickName(
      locale,
      { first_name: r.first_name, last_name: [r.second_name, r.last_name].filter(Boolean).join(' ') },
      r.latin_name,
    );
    return {
      id: r.id,
      ...name,
      gender: r.gender,
      country: locale === 'en' ? r.country_en : r.country_ar,
      experience_years: r.experience_years,
      subjects: subjects.get(r.id) ?? [],
      phases: phases.get(r.id) ?? [],
      working_hours: [...(schedule?.hours ?? [])],
      rating: ratingOf.get(r.id) ?? { average: 0, count: 0 },
      description: pickBio(locale, r.description, r.bio_en),
      photo: r.photo,
      // The zone the rule read the hours in: an unusable stored zone (reported) never reaches Intl.
      time_zone: schedule?.zone ?? DEFAULT_TIME_ZONE,
      ...clockFields(schedule, now),
    };
  });
}

/** A teacher's latest evaluations, newest first; only the student's first name. */
export async function latestEvaluations(q: Queryable, id: number, limit: number) {
  const rows = await q.query<{ rating: number; comment: string | null; student_first_name: string | null; at: Date }>(
    `SELECT e.rating, e.comment, s.first_name AS student_first_name, e.created_at AS at
       FROM evaluations e LEFT JOIN users s ON s.id = e.student_id
      WHERE e.teacher_id = $1 ORDER BY e.created_at DESC, e.id DESC LIMIT $2`,
    [id, limit],
  );
  return rows.map((e) => ({ ...e, at: e.at.toISOString() }));
}

/** The teacher's page without its busy times (routes.ts adds them fresh): card and recent evaluations. */
export async function teacherDetail(q: Queryable, id: number, locale: Locale, now: Date) {
  const row = await findTeacher(q, id);
  if (!row) return undefined;
  const [card] = await cardsFor(q, [row], locale, now);
  const [evaluations, video] = await Promise.all([latestEvaluations(q, id, 10), videoVersionOf(q, id)]);
  return { ...card!, evaluations, video };
}
