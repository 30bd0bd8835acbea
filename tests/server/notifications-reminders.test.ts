// Request notifications (offered, approved, canceled …) and the reminder job: 15 minutes before and the evening before (19:00 in each user's own time zone), to
// the student and the teacher of an approved session; once each, even across a restart (a new app on
// the same database); never for a canceled (or otherwise not approved) session.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationPageSchema } from '../../contract/notifications';
import { openDb, type Db, type Queryable } from '../../server/db';
import { migrate } from '../../server/db/migrate';
import { seed } from '../../server/db/seed';
import { runReminders } from '../../server/modules/notifications';
import { notifyRequestChange } from '../../server/modules/notifications/producers';
import { databaseUrl, seededDb, type TestDb } from './helpers';
import { makePerson, notificationsApp, recordingPublisher, tokenFor } from './notifications-helpers';
import { perFile } from './support/per-file';

/** A database that survives a "restart": a PGlite directory, or the test's schema on PostgreSQL. */
async function restartableDb(): Promise<{ db: Db; reopen(): Promise<Db>; close(): Promise<void> }> {
  if (databaseUrl) {
    const t: TestDb = await seededDb();
    const url = databaseUrl;
    // The test closes its connections itself (one of them before the "restart"); this only drops the schema.
    const dropSchema = async () => {
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`DROP SCHEMA ${t.schema!} CASCADE`);
      await admin.end();
    };
    return { db: t.db, reopen: t.reopen, close: dropSchema };
  }
  const dir = await mkdtemp(path.join(tmpdir(), 'noor-reminders-'));
  const db = await openDb({ dataDir: dir });
  await migrate(db);
  await seed(db, { demo: true });
  return { db, reopen: () => openDb({ dataDir: dir }), close: () => rm(dir, { recursive: true, force: true }) };
}

const MIN = 60_000;

async function makeRequest(
  db: Queryable,
  { student, teacher, startsAt, status = 'approved' }: { student: number; teacher: number; startsAt: Date; status?: string },
): Promise<number> {
  const subject = await db.one<{ id: number }>('SELECT id FROM subjects ORDER BY id LIMIT 1');
  const row = await db.one<{ id: number }>(
    `INSERT INTO requests (student_id, teacher_id, requested_teacher_id, subject_id, type, status, starts_at, ends_at,
       duration_hours, expires_at, paid_with, channel_name)
     VALUES ($1, $2, $2, $3, 'schedule', $4, $5, $6, 1, $5, 'hours', $7) RETURNING id`,
    [
      student,
      teacher,
      subject!.id,
      status,
      startsAt,
      new Date(startsAt.getTime() + 60 * MIN),
      `private-session-${randomBytes(16).toString('hex')}`,
    ],
  );
  return row!.id;
}

async function remindersOf(db: Queryable, userId: number) {
  return db.query<{ type: string; params: { request_id: number } }>(
    `SELECT type, params FROM notifications WHERE user_id = $1 AND type LIKE 'session_reminder_%' ORDER BY id`,
    [userId],
  );
}

describe('the 15-minute reminder', () => {
  let store: Awaited<ReturnType<typeof restartableDb>>;
  let db: Db;
  beforeAll(async () => {
    store = await restartableDb();
    db = store.db;
  });
  afterAll(async () => {
    await db.close();
    await store.close();
  });

  it('goes to the student and the teacher once, even after a restart on the same database', async () => {
    const student = await makePerson(db);
    const teacher = await makePerson(db, { type: 'instructor', firstName: 'أحمد', lastName: 'الكواري' });
    const now = new Date('2030-03-10T09:50:00Z');
    const id = await makeRequest(db, { student, teacher, startsAt: new Date('2030-03-10T10:00:00Z') });
    // Too early: 20 minutes before.
    expect((await runReminders(db, undefined, new Date(now.getTime() - 10 * MIN))).sent).toBe(0);

    const publisher = recordingPublisher();
    expect((await runReminders(db, publisher, now)).sent).toBe(2);
    expect(publisher.sent).toEqual(
      expect.arrayContaining([
        { channel: `private-user-${student}`, event: 'notification.created', data: { unread_count: 1 } },
        { channel: `private-user-${teacher}`, event: 'notification.created', data: { unread_count: 1 } },
      ]),
    );
    // The job runs again a minute later: nothing new.
    expect((await runReminders(db, publisher, new Date(now.getTime() + MIN))).sent).toBe(0);

    // A restart: a new connection and a new app on the same database; the job runs again.
    await db.close();
    db = await store.reopen();
    expect((await runReminders(db, recordingPublisher(), new Date(now.getTime() + 2 * MIN))).sent).toBe(0);
    const { as } = notificationsApp(db);
    const list = notificationPageSchema.parse(await (await as(await tokenFor(db, student)).get('/api/v1/notifications')).json());
    expect(list.data).toHaveLength(1);
    expect(list.data[0]).toMatchObject({
      type: 'session_reminder_soon',
      params: { request_id: id, other_name: 'أحمد الكواري', starts_at: '2030-03-10T10:00:00.000Z' },
      link: { kind: 'request', id },
    });
    expect(await remindersOf(db, teacher)).toEqual([
      { type: 'session_reminder_soon', params: expect.objectContaining({ request_id: id }) },
    ]);
  });

  it('is never sent for a canceled, pending, rejected or expired session', async () => {
    const student = await makePerson(db);
    const teacher = await makePerson(db, { type: 'instructor' });
    const startsAt = new Date('2030-04-01T10:00:00Z');
    for (const status of ['canceled', 'pending', 'rejected', 'expired']) await makeRequest(db, { student, teacher, startsAt, status });
    await runReminders(db, undefined, new Date(startsAt.getTime() - 10 * MIN));
    await runReminders(db, undefined, new Date('2030-03-31T16:30:00Z')); // the evening before, Qatar
    expect(await remindersOf(db, student)).toEqual([]);
    expect(await remindersOf(db, teacher)).toEqual([]);
  });

  it('is not sent once a session that was approved is canceled before the reminder time', async () => {
    const student = await makePerson(db);
    const teacher = await makePerson(db, { type: 'instructor' });
    const startsAt = new Date('2030-05-01T10:00:00Z');
    const id = await makeRequest(db, { student, teacher, startsAt });
    await db.query(`UPDATE requests SET status = 'canceled' WHERE id = $1`, [id]);
    await runReminders(db, undefined, new Date(startsAt.getTime() - 10 * MIN));
    expect(await remindersOf(db, student)).toEqual([]);
  });
});

describe('the evening-before reminder', () => {
  const t = perFile(seededDb);

  it('goes out at 19:00 the day before in each user’s own time zone', async () => {
    const student = await makePerson(t.db); // Asia/Qatar, UTC+3
    const teacher = await makePerson(t.db, { type: 'instructor', timeZone: 'America/New_York' }); // UTC-5 in December
    // 09:00 in Doha on 2 December = 01:00 in New York on 2 December.
    const id = await makeRequest(t.db, { student, teacher, startsAt: new Date('2030-12-02T06:00:00Z') });

    // 18:59 in Doha on 1 December: not yet.
    await runReminders(t.db, undefined, new Date('2030-12-01T15:59:00Z'));
    expect(await remindersOf(t.db, student)).toEqual([]);
    // 19:00 in Doha: the student's; the teacher's evening (19:00 New York = 00:00 UTC) has not come.
    await runReminders(t.db, undefined, new Date('2030-12-01T16:00:00Z'));
    expect(await remindersOf(t.db, student)).toEqual([
      { type: 'session_reminder_evening', params: expect.objectContaining({ request_id: id }) },
    ]);
    expect(await remindersOf(t.db, teacher)).toEqual([]);
    // 18:59 in New York: still not the teacher's.
    await runReminders(t.db, undefined, new Date('2030-12-01T23:59:00Z'));
    expect(await remindersOf(t.db, teacher)).toEqual([]);
    // 19:00 in New York: the teacher's; the student's is not sent again.
    await runReminders(t.db, undefined, new Date('2030-12-02T00:00:00Z'));
    expect(await remindersOf(t.db, teacher)).toEqual([
      { type: 'session_reminder_evening', params: expect.objectContaining({ request_id: id }) },
    ]);
    expect(await remindersOf(t.db, student)).toHaveLength(1);
  });
});

describe('request notifications', () => {
  const t = perFile(seededDb);

  const typesOf = async (userId: number) =>
    (await t.db.query<{ type: string }>('SELECT type FROM notifications WHERE user_id = $1 ORDER BY id', [userId])).map((r) => r.type);

  it('offered → each offered teacher; approved / rejected / expired / finished → the student; canceled → the teacher; each once', async () => {
    const student = await makePerson(t.db, { firstName: 'يوسف', lastName: 'المري' });
    const teacher = await makePerson(t.db, { type: 'instructor', firstName: 'أحمد', lastName: 'الكواري' });
    const other = await makePerson(t.db, { type: 'instructor' });
    const id = await makeRequest(t.db, { student, teacher, startsAt: new Date('2030-06-01T10:00:00Z'), status: 'pending' });
    const change = { id, status: 'pending', studentId: student, teacherId: teacher, offeredTo: [teacher, other] };
    const publisher = recordingPublisher();
    await notifyRequestChange(t.db, publisher, change, 'offered');
    await notifyRequestChange(t.db, publisher, change, 'offered');
    expect(await typesOf(teacher)).toEqual(['request_offered']);
    expect(await typesOf(other)).toEqual(['request_offered']);
    expect(await typesOf(student)).toEqual([]);
    const offered = await t.db.one<{ params: Record<string, unknown> }>('SELECT params FROM notifications WHERE user_id = $1', [teacher]);
    expect(offered?.params).toMatchObject({
      request_id: id,
      other_name: 'يوسف المري',
      starts_at: '2030-06-01T10:00:00.000Z',
      subject_ar: expect.any(String),
    });

    await notifyRequestChange(t.db, publisher, { ...change, status: 'approved' }, 'updated');
    await notifyRequestChange(t.db, publisher, { ...change, status: 'approved' }, 'updated');
    expect(await typesOf(student)).toEqual(['request_approved']);
    const approved = await t.db.one<{ params: Record<string, unknown> }>('SELECT params FROM notifications WHERE user_id = $1', [student]);
    expect(approved?.params).toMatchObject({ other_name: 'أحمد الكواري' });

    await notifyRequestChange(t.db, publisher, { ...change, status: 'canceled' }, 'updated');
    expect(await typesOf(teacher)).toEqual(['request_offered', 'request_canceled']);
    // A finished lesson asks the family to rate it, once; a status without a sentence (pending) tells nobody.
    await notifyRequestChange(t.db, publisher, { ...change, status: 'finished' }, 'updated');
    await notifyRequestChange(t.db, publisher, { ...change, status: 'finished' }, 'updated');
    await notifyRequestChange(t.db, publisher, { ...change, status: 'pending' }, 'updated');
    expect(await typesOf(student)).toEqual(['request_approved', 'session_finished']);
    expect(await typesOf(teacher)).toEqual(['request_offered', 'request_canceled']);
    for (const status of ['rejected', 'expired']) await notifyRequestChange(t.db, publisher, { ...change, status }, 'updated');
    expect(await typesOf(student)).toEqual(['request_approved', 'session_finished', 'request_rejected', 'request_expired']);
  });
});
