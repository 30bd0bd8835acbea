// Fixtures for the teachers and requests tests: the app over a seeded database with a movable clock
// and a recording publisher; teachers and students made straight in the users table, signed in with
// real bearer tokens; package hours credited straight into the ledger.
import { createApp } from '../../server/app';
import type { RequestDetail } from '../../contract/requests';
import type { Queryable } from '../../server/db';
import { createLogger } from '../../server/logger';
import { issueToken } from '../../server/modules/auth/tokens';
import type { Publisher } from '../../server/realtime/publisher';
import { beforeEach } from 'vitest';
import { json, seededDb } from './helpers';
import { perFile } from './support/per-file';

export interface Published {
  channels: string[];
  event: string;
  data: unknown;
}

/** Sunday 2030-01-06 09:00 Qatar time (06:00 UTC): inside everybody's test hours. */
export const T0 = new Date('2030-01-06T06:00:00.000Z');
export const HOUR = 3_600_000;

let counter = 0;
function nextPhone(): string {
  counter += 1;
  return `+9746${String(1_000_000 + ((process.pid * 1000 + counter) % 8_999_999)).padStart(7, '0')}`;
}

async function idOf(db: Queryable, table: 'subjects' | 'phases', code: string): Promise<number> {
  const row = await db.one<{ id: number }>(`SELECT id FROM ${table} WHERE code = $1`, [code]);
  if (!row) throw new Error(`no ${table} ${code}`);
  return row.id;
}

export interface TeacherOptions {
  first?: string;
  last?: string;
  gender?: 'male' | 'female';
  subjects?: string[];
  phases?: string[];
  /** [weekday, from, to]; default every day 00:00–23:59. */
  hours?: [number, string, string][];
  status?: 'active' | 'in_review';
}

export async function makeTeacher(db: Queryable, o: TeacherOptions = {}): Promise<number> {
  const row = await db.one<{ id: number }>(
    `INSERT INTO users (type, first_name, last_name, phone, country_code, gender, status, has_free_session, experience_years, description)
     VALUES ('instructor', $1, $2, $3, 'QA', $4, $5, false, 5, 'وصف') RETURNING id`,
    [o.first ?? 'معلم', o.last ?? 'الاختبار', nextPhone(), o.gender ?? 'male', o.status ?? 'active'],
  );
  const id = row!.id;
  for (const code of o.subjects ?? ['mathematics']) {
    await db.query('INSERT INTO teacher_subjects (teacher_id, subject_id) VALUES ($1, $2)', [id, await idOf(db, 'subjects', code)]);
  }
  for (const code of o.phases ?? ['primary_4']) {
    await db.query('INSERT INTO teacher_phases (teacher_id, phase_id) VALUES ($1, $2)', [id, await idOf(db, 'phases', code)]);
  }
  const hours = o.hours ?? [0, 1, 2, 3, 4, 5, 6].map((d): [number, string, string] => [d, '00:00', '23:59']);
  for (const [day, from, to] of hours) {
    await db.query('INSERT INTO working_hours (teacher_id, weekday, start_time, end_time) VALUES ($1, $2, $3, $4)', [id, day, from, to]);
  }
  return id;
}

export async function makeStudent(db: Queryable, o: { phase?: string; freeTrial?: boolean } = {}): Promise<number> {
  const row = await db.one<{ id: number }>(
    `INSERT INTO users (type, first_name, last_name, phone, country_code, gender, phase_id, status, has_free_session)
     VALUES ('student', 'طالب', 'الاختبار', $1, 'QA', 'male', $2, 'active', $3) RETURNING id`,
    [nextPhone(), await idOf(db, 'phases', o.phase ?? 'primary_4'), o.freeTrial ?? false],
  );
  return row!.id;
}

/** Credits package hours valid for a year (a purchase without an order). */
export async function creditHours(db: Queryable, userId: number, hours: number, at: Date = T0): Promise<void> {
  await db.query(`INSERT INTO hours_ledger (user_id, delta_minutes, reason, expires_at, created_at) VALUES ($1, $2, 'purchase', $3, $4)`, [
    userId,
    hours * 60,
    new Date(at.getTime() + 365 * 24 * HOUR),
    at,
  ]);
}

/** The usual pair of a booking test: an active teacher free all week and a student holding `hours`. */
export async function teacherAndStudent(db: Queryable, hours: number): Promise<{ teacher: number; student: number }> {
  const teacher = await makeTeacher(db);
  const student = await makeStudent(db);
  await creditHours(db, student, hours);
  return { teacher, student };
}

export async function balanceMinutesOf(db: Queryable, userId: number): Promise<number> {
  const row = await db.one<{ m: number }>('SELECT COALESCE(SUM(delta_minutes), 0)::int AS m FROM hours_ledger WHERE user_id = $1', [
    userId,
  ]);
  return row?.m ?? 0;
}

export async function subjectId(db: Queryable, code = 'mathematics'): Promise<number> {
  return idOf(db, 'subjects', code);
}

export async function requestsApp() {
  const t = await seededDb();
  const clock = { now: new Date(T0) };
  const published: Published[] = [];
  const publisher: Publisher = {
    mode: 'embedded',
    publish: async (channel, event, data) => {
      published.push({ channels: Array.isArray(channel) ? channel : [channel], event, data });
      return true;
    },
    authorizeChannel: () => ({ auth: 'x' }),
  };
  const app = createApp({
    db: t.db,
    log: createLogger('silent'),
    requests: { now: () => clock.now },
    // The live session's token and events on the same clock, so a join can be tried inside the window.
    sessions: { now: () => clock.now },
    realtime: {
      config: { mode: 'embedded', appId: 'test', key: 'test-key', secret: 'test-secret', cluster: 'eu' },
      publisher,
      resolveUser: async () => null,
    },
  });
  const tokens = new Map<number, string>();
  const tokenOf = async (userId: number) => {
    let token = tokens.get(userId);
    if (!token) {
      // Tokens are checked against the real clock by the auth middleware.
      token = await issueToken(t.db, userId, new Date());
      tokens.set(userId, token);
    }
    return token;
  };
  const as = (userId: number | null, locale: 'ar' | 'en' = 'en') => {
    const headers = async (): Promise<Record<string, string>> => {
      const h: Record<string, string> = { 'Accept-Language': locale };
      if (userId !== null) h.Authorization = `Bearer ${await tokenOf(userId)}`;
      return h;
    };
    return {
      get: async (path: string): Promise<Response> => app.request(path, { headers: await headers() }),
      post: async (path: string, body: unknown = {}): Promise<Response> => app.request(path, json(body, await headers())),
    };
  };
  return { app, clock, as, published, publisher, math: await subjectId(t.db), ...t };
}

/** The requests app for one test file; each test starts at T0 with nothing published. */
export function requestsFile() {
  const ctx = perFile(requestsApp);
  beforeEach(() => {
    ctx.clock.now = new Date(T0);
    ctx.published.length = 0;
  });
  return ctx;
}

/** A scheduled booking body `inHours` after the clock, for `hours` hours. */
export function scheduleBody(teacherId: number, subject: number, startsAt: Date, hours = 1, extra: Record<string, unknown> = {}) {
  return {
    teacher_id: teacherId,
    subject_id: subject,
    type: 'schedule',
    starts_at: startsAt.toISOString(),
    duration_hours: hours,
    broadcast: false,
    ...extra,
  };
}

/** An API answer's envelope. */
export async function body<T>(res: Response): Promise<{ message: string; data: T; code?: string; errors?: Record<string, string[]> }> {
  return (await res.json()) as { message: string; data: T; code?: string; errors?: Record<string, string[]> };
}

/** Books `hours` hours of mathematics with `teacher`, `startsInHours` after the test clock. */
export async function bookAfter(
  ctx: Awaited<ReturnType<typeof requestsApp>>,
  student: number,
  teacher: number,
  startsInHours = 3,
  hours = 1,
  extra: Record<string, unknown> = {},
) {
  const res = await ctx
    .as(student)
    .post('/api/v1/requests', scheduleBody(teacher, ctx.math, new Date(ctx.clock.now.getTime() + startsInHours * HOUR), hours, extra));
  return { res, json: await body<RequestDetail>(res) };
}
