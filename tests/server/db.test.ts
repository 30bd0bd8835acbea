// The database layer: migrations apply once and in order, the seed is complete and repeatable, and the
// query layer behaves the same on PGlite and PostgreSQL (transactions, value types).
import { describe, expect, it } from 'vitest';
import { loadMigrations, migrate } from '../../server/db/migrate';
import { seed } from '../../server/db/seed';
import { verifyPassword } from '../../server/lib/password';
import { DEMO_TEACHER_PASSWORD } from '../../server/db/seed-data/demo-people';
import { freshDb } from './helpers';
import { perFile } from './support/per-file';
import { NOTIFICATION_TYPES } from '../../contract/notifications';

const ARAB_LEAGUE = [
  'DZ',
  'BH',
  'KM',
  'DJ',
  'EG',
  'IQ',
  'JO',
  'KW',
  'LB',
  'LY',
  'MR',
  'MA',
  'OM',
  'PS',
  'QA',
  'SA',
  'SO',
  'SD',
  'SY',
  'TN',
  'AE',
  'YE',
];

const t = perFile(freshDb);

describe('migrations', () => {
  it('apply every file once, in order, and do nothing the second time', async () => {
    const files = await loadMigrations();
    expect(files.length).toBeGreaterThan(0);
    expect(files.map((f) => f.version)).toEqual([...files.map((f) => f.version)].sort());

    const first = await migrate(t.db);
    expect(first).toEqual(files.map((f) => f.version));
    const second = await migrate(t.db);
    expect(second).toEqual([]);

    const recorded = await t.db.query<{ version: string }>('SELECT version FROM schema_migrations ORDER BY version');
    expect(recorded.map((r) => r.version)).toEqual(first);
  });

  it('apply once even when two starts race for the same database', async () => {
    const other = await freshDb();
    try {
      const [a, b] = await Promise.all([migrate(other.db), migrate(other.db)]);
      const versions = (await loadMigrations()).map((f) => f.version);
      expect([...a, ...b].sort()).toEqual(versions);
    } finally {
      await other.close();
    }
  });

  // Each migration that adds a notification type re-creates the whole list; one written beside another
  // (two branches) can drop the other's type, and that notification's insert then fails in production.
  it("leave the notifications type check accepting exactly the contract's notification types", async () => {
    await migrate(t.db);
    const [row] = await t.db.query<{ def: string }>(
      "SELECT pg_get_constraintdef(oid) AS def FROM pg_constraint WHERE conname = 'notifications_type_check'",
    );
    const allowed = [...(row?.def ?? '').matchAll(/'([a-z_]+)'/g)].map((m) => m[1]);
    expect(allowed.sort()).toEqual([...NOTIFICATION_TYPES].sort());
  });

  it('roll back a migration that fails, leaving no trace of it', async () => {
    const bad = [{ version: '9999', name: '9999_broken', sql: 'CREATE TABLE half_done (id int); SELECT * FROM no_such_table;' }];
    await expect(migrate(t.db, bad)).rejects.toThrow();
    const tables = await t.db.query("SELECT 1 FROM information_schema.tables WHERE table_name = 'half_done'");
    expect(tables).toHaveLength(0);
    expect(await t.db.query("SELECT 1 FROM schema_migrations WHERE version = '9999'")).toHaveLength(0);
  });
});

describe('seed', () => {
  const counts = async () =>
    t.db.one<Record<string, number>>(`SELECT
      (SELECT count(*) FROM phases) AS phases, (SELECT count(*) FROM countries) AS countries,
      (SELECT count(*) FROM subjects) AS subjects, (SELECT count(*) FROM settings) AS settings,
      (SELECT count(*) FROM users) AS users, (SELECT count(*) FROM evaluations) AS evaluations,
      (SELECT count(*) FROM working_hours) AS hours`);

  it('fills an empty database and changes nothing when run again', async () => {
    expect((await seed(t.db, { demo: true })).demoPeople).toBe(true);
    const before = await counts();
    expect((await seed(t.db, { demo: true })).demoPeople).toBe(false);
    expect(await counts()).toEqual(before);
  });

  it('has the 13 school phases used in Qatar, in school order', async () => {
    const phases = await t.db.query<{ code: string; name_ar: string; name_en: string }>(
      'SELECT code, name_ar, name_en FROM phases ORDER BY sort_order',
    );
    expect(phases).toHaveLength(13);
    expect(phases.map((p) => p.code)).toEqual([
      'kindergarten',
      ...[1, 2, 3, 4, 5, 6].map((n) => `primary_${n}`),
      ...[1, 2, 3].map((n) => `preparatory_${n}`),
      ...[1, 2, 3].map((n) => `secondary_${n}`),
    ]);
    expect(phases[1]).toMatchObject({ name_ar: 'الصف الأول الابتدائي', name_en: 'Primary 1 (Grade 1)' });
  });

  it('has every Arab League country with an ISO code, a dial code and both names, and many others', async () => {
    const rows = await t.db.query<{ code: string; dial_code: string; name_ar: string; name_en: string; arab_league: boolean }>(
      'SELECT * FROM countries',
    );
    const arab = rows
      .filter((r) => r.arab_league)
      .map((r) => r.code)
      .sort();
    expect(arab).toEqual([...ARAB_LEAGUE].sort());
    expect(rows.length).toBeGreaterThanOrEqual(ARAB_LEAGUE.length + 30);
    for (const r of rows) {
      expect(r.code).toMatch(/^[A-Z]{2}$/);
      expect(r.dial_code).toMatch(/^\+\d{1,4}$/);
      expect(r.name_ar).toMatch(/[\u0600-\u06FF]/);
      expect(r.name_en).toMatch(/^[A-Za-zü .'-]+$/);
    }
    expect(rows.find((r) => r.code === 'QA')).toMatchObject({ dial_code: '+974', name_ar: 'قطر', name_en: 'Qatar' });
  });

  it('has active demo teachers covering Quran, Arabic, mathematics, English and science, each with hours and evaluations', async () => {
    const teachers = await t.db.query<{
      id: number;
      first_name: string;
      status: string;
      subjects: string[];
      phases: number;
      hours: number;
      evals: number;
      min_rating: number;
      max_rating: number;
    }>(
      `SELECT u.id, u.first_name, u.status,
         ARRAY(SELECT s.code FROM teacher_subjects ts JOIN subjects s ON s.id = ts.subject_id WHERE ts.teacher_id = u.id) AS subjects,
         (SELECT count(*) FROM teacher_phases tp WHERE tp.teacher_id = u.id) AS phases,
         (SELECT count(*) FROM working_hours w WHERE w.teacher_id = u.id) AS hours,
         (SELECT count(*) FROM evaluations e WHERE e.teacher_id = u.id) AS evals,
         (SELECT min(rating) FROM evaluations e WHERE e.teacher_id = u.id) AS min_rating,
         (SELECT max(rating) FROM evaluations e WHERE e.teacher_id = u.id) AS max_rating
       FROM users u WHERE u.type = 'instructor'`,
    );
    expect(teachers.length).toBeGreaterThanOrEqual(5);
    const covered = new Set(teachers.flatMap((x) => x.subjects));
    for (const subject of ['quran', 'arabic', 'mathematics', 'english', 'science']) expect(covered).toContain(subject);
    for (const teacher of teachers) {
      expect(teacher.status).toBe('active');
      expect(teacher.first_name).toMatch(/^[\u0600-\u06FF ]+$/);
      expect(teacher.phases).toBeGreaterThan(0);
      expect(teacher.hours).toBeGreaterThan(0);
      expect(teacher.evals).toBeGreaterThanOrEqual(2);
      expect(teacher.min_rating).toBeGreaterThanOrEqual(1);
      expect(teacher.max_rating).toBeLessThanOrEqual(5);
    }
  });

  it('gives demo teachers the documented password and seeds a demo student with a phase', async () => {
    const teacher = await t.db.one<{ password_hash: string }>("SELECT password_hash FROM users WHERE type = 'instructor' LIMIT 1");
    expect(await verifyPassword(DEMO_TEACHER_PASSWORD, teacher!.password_hash)).toBe(true);
    expect(await verifyPassword('wrong-password', teacher!.password_hash)).toBe(false);
    const student = await t.db.one<{ phone: string; phase: string; has_free_session: boolean }>(
      "SELECT u.phone, p.code AS phase, u.has_free_session FROM users u JOIN phases p ON p.id = u.phase_id WHERE u.phone = '+97455000001'",
    );
    expect(student).toEqual({ phone: '+97455000001', phase: 'primary_4', has_free_session: true });
  });

  it('leaves demo people out when demo seeding is off', async () => {
    const other = await freshDb();
    try {
      await migrate(other.db);
      expect((await seed(other.db, { demo: false })).demoPeople).toBe(false);
      expect(await other.db.query('SELECT 1 FROM users')).toHaveLength(0);
      expect(await other.db.query('SELECT 1 FROM phases')).toHaveLength(13);
    } finally {
      await other.close();
    }
  });
});

describe('query layer', () => {
  it('commits a transaction that succeeds and rolls back one that throws', async () => {
    await t.db.transaction((tx) => tx.query("INSERT INTO settings (key, value) VALUES ('tx_ok', '1')"));
    await expect(
      t.db.transaction(async (tx) => {
        await tx.query("INSERT INTO settings (key, value) VALUES ('tx_failed', '1')");
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    const keys = (await t.db.query<{ key: string }>("SELECT key FROM settings WHERE key LIKE 'tx_%'")).map((r) => r.key);
    expect(keys).toEqual(['tx_ok']);
  });

  it('returns the same value types on every driver: dates as strings, counts as numbers, jsonb parsed', async () => {
    const row = await t.db.one<{ d: string; n: number; j: unknown; b: boolean }>(
      "SELECT DATE '2015-06-01' AS d, count(*) AS n, '{\"a\":[1]}'::jsonb AS j, true AS b FROM phases",
    );
    expect(row).toEqual({ d: '2015-06-01', n: 13, j: { a: [1] }, b: true });
  });

  it('enforces the schema: unique phone, case-insensitive unique newsletter email, rating 1–5', async () => {
    await expect(
      t.db.query("INSERT INTO users (type, first_name, last_name, phone) VALUES ('student', 'أ', 'ب', '+97455000001')"),
    ).rejects.toThrow();
    await t.db.query("INSERT INTO newsletter_subscribers (email, locale) VALUES ('Case@Example.com', 'ar')");
    await expect(t.db.query("INSERT INTO newsletter_subscribers (email, locale) VALUES ('case@example.COM', 'ar')")).rejects.toThrow();
    await expect(t.db.query('INSERT INTO evaluations (teacher_id, rating) SELECT id, 6 FROM users LIMIT 1')).rejects.toThrow();
  });
});
