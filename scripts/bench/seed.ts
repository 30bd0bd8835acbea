// Bulk data for `npm run bench`: teachers with subjects, phases and hours; students; requests with
// their offers — each table filled by one generate_series statement, so 100 000 rows take seconds.
import type { Db } from '../../server/db';

/** Adds teachers until there are `total` bench teachers; returns their ids. */
export async function seedTeachers(db: Db, total: number): Promise<number[]> {
  const have = (await db.one<{ n: number }>(`SELECT count(*)::int AS n FROM users WHERE phone LIKE '+9748%'`))?.n ?? 0;
  if (have < total) {
    const rows = await db.query<{ id: number }>(
      `INSERT INTO users (type, first_name, last_name, phone, country_code, gender, status, experience_years, description)
       SELECT 'instructor', (ARRAY['أحمد','فاطمة','محمد','مريم','Omar','Sara','إبراهيم','ليلى'])[1 + g % 8] || ' ' || g,
              (ARRAY['الكواري','المري','Smith','العلي','النعيمي'])[1 + g % 5], '+9748' || lpad(g::text, 7, '0'), 'QA',
              CASE WHEN g % 2 = 0 THEN 'female' ELSE 'male' END, CASE WHEN g % 40 = 0 THEN 'in_review' ELSE 'active' END, g % 30, 'وصف قصير'
         FROM generate_series($1::int + 1, $2::int) AS g RETURNING id`,
      [have, total],
    );
    const ids = rows.map((r) => r.id);
    await db.query(
      `INSERT INTO teacher_subjects (teacher_id, subject_id)
       SELECT t, s.id FROM unnest($1::int[]) AS t JOIN subjects s ON s.sort_order % 4 = t % 4`,
      [ids],
    );
    await db.query(
      `INSERT INTO teacher_phases (teacher_id, phase_id) SELECT t, p.id FROM unnest($1::int[]) AS t JOIN phases p ON p.id % 3 = t % 3`,
      [ids],
    );
    await db.query(
      `INSERT INTO working_hours (teacher_id, weekday, start_time, end_time)
       SELECT t, d, '08:00', '20:00' FROM unnest($1::int[]) AS t, generate_series(0, 6) AS d`,
      [ids],
    );
  }
  return (await db.query<{ id: number }>(`SELECT id FROM users WHERE phone LIKE '+9748%' ORDER BY id`)).map((r) => r.id);
}

/** `count` requests among `teachers` and 2 000 students: mostly finished, some canceled, pending and approved ahead. */
export async function seedRequests(db: Db, teachers: number[], count: number, now: Date): Promise<number[]> {
  const students = (
    await db.query<{ id: number }>(
      `INSERT INTO users (type, first_name, last_name, phone, country_code, gender, status)
       SELECT 'student', 'طالب', g::text, '+9749' || lpad(g::text, 7, '0'), 'QA', 'male', 'active' FROM generate_series(1, 2000) AS g RETURNING id`,
    )
  ).map((r) => r.id);
  const subject = (await db.one<{ id: number }>(`SELECT id FROM subjects ORDER BY id LIMIT 1`))!.id;
  await db.query(
    `INSERT INTO requests (student_id, teacher_id, requested_teacher_id, subject_id, type, status, starts_at, ends_at, duration_hours,
                           expires_at, broadcast, paid_with, channel_name, created_at, updated_at)
     SELECT s, t, t, $4, 'schedule', st, at, at + interval '1 hour', 1, at, false, 'hours', 'bench-' || g, at - interval '1 day', at
       FROM (SELECT g, ($1::int[])[1 + g % array_length($1::int[], 1)] AS s, ($2::int[])[1 + (g * 7) % array_length($2::int[], 1)] AS t,
                    CASE WHEN g % 20 = 0 THEN 'pending' WHEN g % 20 = 1 THEN 'approved' WHEN g % 10 = 2 THEN 'canceled' ELSE 'finished' END AS st,
                    $5::timestamptz + (CASE WHEN g % 20 < 2 THEN 1 ELSE -1 END) * (g % 2000) * interval '1 hour' AS at
               FROM generate_series(1, $3::int) AS g) AS x`,
    [students, teachers, count, subject, now],
  );
  await db.query(
    `INSERT INTO request_offers (request_id, teacher_id, created_at) SELECT id, teacher_id, created_at FROM requests WHERE channel_name LIKE 'bench-%'`,
  );
  await db.exec('ANALYZE');
  return students;
}

/**
 * `count` more requests for one teacher (the "heavy" one of the requests list's figures), in the same
 * mix of statuses and times as seedRequests, each with its offer.
 */
export async function seedHeavyTeacher(db: Db, teacher: number, students: number[], count: number, now: Date): Promise<void> {
  const subject = (await db.one<{ id: number }>(`SELECT id FROM subjects ORDER BY id LIMIT 1`))!.id;
  await db.query(
    `INSERT INTO requests (student_id, teacher_id, requested_teacher_id, subject_id, type, status, starts_at, ends_at, duration_hours,
                           expires_at, broadcast, paid_with, channel_name, created_at, updated_at)
     SELECT s, $2, $2, $4, 'schedule', st, at, at + interval '1 hour', 1, at, false, 'hours', 'bench-heavy-' || g, at - interval '1 day', at
       FROM (SELECT g, ($1::int[])[1 + g % array_length($1::int[], 1)] AS s,
                    CASE WHEN g % 20 = 0 THEN 'pending' WHEN g % 20 = 1 THEN 'approved' WHEN g % 10 = 2 THEN 'canceled' ELSE 'finished' END AS st,
                    $5::timestamptz + (CASE WHEN g % 20 < 2 THEN 1 ELSE -1 END) * (g % 2000) * interval '1 hour' AS at
               FROM generate_series(1, $3::int) AS g) AS x`,
    [students, teacher, count, subject, now],
  );
  await db.query(
    `INSERT INTO request_offers (request_id, teacher_id, created_at) SELECT id, teacher_id, created_at FROM requests WHERE channel_name LIKE 'bench-heavy-%'`,
  );
  // As autovacuum leaves a settled table: statistics and the visibility map (index-only scans).
  await db.exec('VACUUM ANALYZE requests, request_offers');
}
