// The families migration on a database written by the schema before it: every student becomes a
// family with one child holding their name, gender and phase; their requests are for that child;
// nothing booked, paid or rated changes. Runs on PGlite here and on PostgreSQL by `npm run test:pg`.
import { describe, expect, it } from 'vitest';
import { loadMigrations, migrate } from '../../server/db/migrate';
import { freshDb } from './helpers';
import { perFile } from './support/per-file';

const t = perFile(freshDb);

describe('the families migration', () => {
  it('gives every existing student one child and each request its child, changing nothing paid or booked', async () => {
    const all = await loadMigrations();
    await migrate(
      t.db,
      all.filter((m) => m.version < '0140'),
    );
    const db = t.db;
    const phase = (await db.one<{ id: number }>(
      `INSERT INTO phases (code, stage, grade, name_ar, name_en, sort_order) VALUES ('mig_p4', 'primary', 4, 'الرابع', 'Grade 4', 1) RETURNING id`,
    ))!.id;
    const subject = (await db.one<{ id: number }>(
      `INSERT INTO subjects (code, name_ar, name_en, sort_order) VALUES ('mig_math', 'رياضيات', 'Maths', 1) RETURNING id`,
    ))!.id;
    const person = async (
      type: string,
      first: string,
      second: string | null,
      last: string,
      phone: string,
      gender: string | null,
      phaseId: number | null,
    ) =>
      (await db.one<{ id: number }>(
        `INSERT INTO users (type, first_name, second_name, last_name, phone, gender, phase_id) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
        [type, first, second, last, phone, gender, phaseId],
      ))!.id;
    const sara = await person('student', 'سارة', null, 'النعيمي', '+97455000101', 'female', phase);
    const omar = await person('student', 'عمر', 'خالد', 'الكواري', '+97455000102', null, null);
    const unnamed = await person('student', '', null, '', '+97455000103', null, null);
    const teacher = await person('instructor', 'أحمد', null, 'المعلم', '+97455000104', 'male', null);
    const at = new Date('2030-01-06T06:00:00Z');
    const request = (await db.one<{ id: number }>(
      `INSERT INTO requests (student_id, teacher_id, requested_teacher_id, subject_id, type, status, starts_at, ends_at, duration_hours, expires_at, paid_with, channel_name)
       VALUES ($1, $2, $2, $3, 'schedule', 'finished', $4, $5, 1, $4, 'hours', 'mig-channel') RETURNING id`,
      [sara, teacher, subject, at, new Date(at.getTime() + 3_600_000)],
    ))!.id;
    const credit = (await db.one<{ id: number }>(
      `INSERT INTO hours_ledger (user_id, delta_minutes, reason, expires_at) VALUES ($1, 120, 'purchase', $2) RETURNING id`,
      [sara, new Date('2031-01-01T00:00:00Z')],
    ))!.id;
    await db.query(
      `INSERT INTO hours_ledger (user_id, delta_minutes, reason, credit_id, ref_type, ref_id) VALUES ($1, -60, 'booking', $2, 'request', $3)`,
      [sara, credit, String(request)],
    );
    const before = await db.query(
      'SELECT id, student_id, teacher_id, status, paid_with, starts_at, duration_hours FROM requests ORDER BY id',
    );
    const ledgerBefore = await db.query('SELECT * FROM hours_ledger ORDER BY id');

    expect(await migrate(t.db, all)).toContain('0140');

    const kids = await db.query<{
      family_id: number;
      first_name: string;
      last_name: string;
      gender: string;
      phase_id: number;
      archived_at: Date | null;
    }>('SELECT family_id, first_name, last_name, gender, phase_id, archived_at FROM children ORDER BY family_id');
    expect(kids).toEqual([
      { family_id: sara, first_name: 'سارة', last_name: 'النعيمي', gender: 'female', phase_id: phase, archived_at: null },
      // No gender or phase on the account: neutral and the first phase.
      { family_id: omar, first_name: 'عمر', last_name: 'خالد الكواري', gender: 'neutral', phase_id: phase, archived_at: null },
    ]);
    expect(kids.map((k) => k.family_id)).not.toContain(unnamed);
    const saraChild = (await db.one<{ id: number }>('SELECT id FROM children WHERE family_id = $1', [sara]))!.id;
    expect((await db.one<{ child_id: number }>('SELECT child_id FROM requests WHERE id = $1', [request]))!.child_id).toBe(saraChild);
    expect(
      await db.query('SELECT id, student_id, teacher_id, status, paid_with, starts_at, duration_hours FROM requests ORDER BY id'),
    ).toEqual(before);
    // Every value the ledger held is unchanged (later migrations may add columns beside them).
    const ledgerAfter = (await db.query<Record<string, unknown>>('SELECT * FROM hours_ledger ORDER BY id')).map((row, i) =>
      Object.fromEntries(Object.keys(ledgerBefore[i] ?? {}).map((key) => [key, row[key]])),
    );
    expect(ledgerAfter).toEqual(ledgerBefore);
    // child_id is required from now on; a writer that names none gets the family's first child.
    const later = (await db.one<{ child_id: number }>(
      `INSERT INTO requests (student_id, teacher_id, requested_teacher_id, subject_id, type, status, starts_at, ends_at, duration_hours, expires_at, paid_with, channel_name)
       VALUES ($1, $2, $2, $3, 'schedule', 'pending', $4, $5, 1, $4, 'hours', 'mig-channel-2') RETURNING child_id`,
      [sara, teacher, subject, at, new Date(at.getTime() + 3_600_000)],
    ))!.child_id;
    expect(later).toBe(saraChild);
  });
});
