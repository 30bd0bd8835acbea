// Seeds reference lists (every start, adding only what is missing) and demo people (only into an empty
// users table, and only when demo seeding is on) with the demo student's history (seed-demo-history.ts).
// Safe to run any number of times.
import { hashPassword } from '../lib/password';
import { seedPackages } from '../modules/packages/seed';
import { ARAB_LEAGUE, OTHER_COUNTRIES } from './seed-data/countries';
import {
  DEMO_FAMILY,
  DEMO_FAMILY_SECOND_CHILD,
  DEMO_STUDENT,
  DEMO_TEACHER_PASSWORD,
  DEMO_TEACHERS,
  OTHER_STUDENTS,
  type StudentSeed,
} from './seed-data/demo-people';
import { PHASES, SETTINGS, SUBJECTS } from './seed-data/reference';
import { seedDemoHistory } from './seed-demo-history';
import type { Db, Queryable } from './types';

const SEED_LOCK_KEY = 727_002;

export interface SeedOptions {
  demo: boolean;
}

export interface SeedResult {
  demoPeople: boolean;
}

async function seedReference(tx: Queryable): Promise<void> {
  for (const [i, p] of PHASES.entries()) {
    await tx.query(
      `INSERT INTO phases (code, stage, grade, name_ar, name_en, sort_order) VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (code) DO NOTHING`,
      [p.code, p.stage, p.grade, p.ar, p.en, i + 1],
    );
  }
  const countries = [
    ...ARAB_LEAGUE.map((c) => ({ ...c, arab: true, order: c.code === 'QA' ? 0 : 10 })),
    ...OTHER_COUNTRIES.map((c) => ({ ...c, arab: false, order: 100 })),
  ];
  for (const c of countries) {
    await tx.query(
      `INSERT INTO countries (code, dial_code, name_ar, name_en, arab_league, sort_order) VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (code) DO NOTHING`,
      [c.code, c.dial, c.ar, c.en, c.arab, c.order],
    );
  }
  for (const [i, s] of SUBJECTS.entries()) {
    await tx.query(`INSERT INTO subjects (code, name_ar, name_en, sort_order) VALUES ($1, $2, $3, $4) ON CONFLICT (code) DO NOTHING`, [
      s.code,
      s.ar,
      s.en,
      i + 1,
    ]);
  }
  // DO NOTHING keeps values an operator has since changed.
  for (const [key, value] of Object.entries(SETTINGS)) {
    await tx.query('INSERT INTO settings (key, value) VALUES ($1, $2::jsonb) ON CONFLICT (key) DO NOTHING', [key, JSON.stringify(value)]);
  }
}

async function idsByCode(tx: Queryable, table: 'phases' | 'subjects'): Promise<Map<string, number>> {
  const rows = await tx.query<{ id: number; code: string }>(`SELECT id, code FROM ${table}`);
  return new Map(rows.map((r) => [r.code, r.id]));
}

function must<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`seed: unknown ${what}`);
  return value;
}

async function insertStudent(tx: Queryable, s: StudentSeed, phases: Map<string, number>): Promise<number> {
  const row = await tx.one<{ id: number }>(
    `INSERT INTO users (type, first_name, last_name, phone, country_code, gender, phase_id, status, has_free_session, phone_verified_at)
     VALUES ('student', $1, $2, $3, 'QA', $4, $5, 'active', true, now()) RETURNING id`,
    [s.first, s.last, s.phone, s.gender, must(phases.get(s.phase), `phase ${s.phase}`)],
  );
  const id = must(row, 'student id').id;
  // The family's first child: the sign-up's name, gender and phase, as sign-up makes it.
  await tx.query('SELECT family_first_child($1)', [id]);
  if (s.latin) await tx.query('UPDATE children SET latin_name = $2 WHERE family_id = $1', [id, s.latin]);
  return id;
}

async function seedDemoPeople(tx: Queryable): Promise<void> {
  const phases = await idsByCode(tx, 'phases');
  const subjects = await idsByCode(tx, 'subjects');
  const studentIds: number[] = [];
  for (const s of [DEMO_STUDENT, ...OTHER_STUDENTS]) studentIds.push(await insertStudent(tx, s, phases));
  const family = await insertStudent(tx, DEMO_FAMILY, phases);
  const sibling = DEMO_FAMILY_SECOND_CHILD;
  await tx.query('INSERT INTO children (family_id, first_name, last_name, gender, phase_id, latin_name) VALUES ($1, $2, $3, $4, $5, $6)', [
    family,
    sibling.first,
    sibling.last,
    sibling.gender,
    must(phases.get(sibling.phase), `phase ${sibling.phase}`),
    sibling.latin ?? null,
  ]);

  const passwordHash = await hashPassword(DEMO_TEACHER_PASSWORD);
  for (const t of DEMO_TEACHERS) {
    const row = await tx.one<{ id: number }>(
      `INSERT INTO users (type, first_name, second_name, last_name, phone, country_code, email, gender, birth_date,
         status, has_free_session, password_hash, nationality_code, experience_years, qualification, description,
         latin_name, bio_en, phone_verified_at)
       VALUES ('instructor', $1, $2, $3, $4, 'QA', $5, $6, $7, 'active', false, $8, $9, $10, $11, $12, $13, $14, now()) RETURNING id`,
      [
        t.first,
        t.second,
        t.last,
        t.phone,
        t.email,
        t.gender,
        t.birthDate,
        passwordHash,
        t.nationality,
        t.experienceYears,
        t.qualification,
        t.description,
        t.latin,
        t.bioEn,
      ],
    );
    const teacherId = must(row, 'teacher id').id;
    for (const code of t.subjects) {
      await tx.query('INSERT INTO teacher_subjects (teacher_id, subject_id) VALUES ($1, $2)', [
        teacherId,
        must(subjects.get(code), `subject ${code}`),
      ]);
    }
    // A stage name ("primary") stands for all of its grades.
    const phaseCodes = t.phases.flatMap((p) => (phases.has(p) ? [p] : [...phases.keys()].filter((c) => c.startsWith(`${p}_`))));
    for (const code of phaseCodes) {
      await tx.query('INSERT INTO teacher_phases (teacher_id, phase_id) VALUES ($1, $2)', [teacherId, phases.get(code)]);
    }
    for (const [weekday, start, end] of t.hours) {
      await tx.query('INSERT INTO working_hours (teacher_id, weekday, start_time, end_time) VALUES ($1, $2, $3, $4)', [
        teacherId,
        weekday,
        start,
        end,
      ]);
    }
    // Written over the past weeks, at different hours of the day, by different students.
    for (const [i, [rating, comment, daysAgo]] of t.evaluations.entries()) {
      await tx.query(
        `INSERT INTO evaluations (teacher_id, student_id, rating, comment, created_at)
         VALUES ($1, $2, $3, $4, now() - make_interval(days => $5, hours => $6))`,
        [teacherId, studentIds[i % studentIds.length], rating, comment, daysAgo, (i * 5) % 11],
      );
    }
  }
  // After the teachers: the demo student's history books sessions with one of them.
  await seedDemoHistory(tx, must(studentIds[0], 'demo student id'));
}

export async function seed(db: Db, { demo }: SeedOptions): Promise<SeedResult> {
  return db.transaction(async (tx) => {
    // Two instances starting together must not both find "no users" and seed the demo people twice.
    await tx.query('SELECT pg_advisory_xact_lock($1)', [SEED_LOCK_KEY]);
    await seedReference(tx);
    // Packages are reference data (added when missing); the demo promo codes come with the demo data.
    await seedPackages(tx, { demo });
    if (!demo) return { demoPeople: false };
    const anyone = await tx.one('SELECT 1 AS one FROM users LIMIT 1');
    if (anyone) return { demoPeople: false };
    await seedDemoPeople(tx);
    return { demoPeople: true };
  });
}
