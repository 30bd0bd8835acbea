// Fixtures for the live-session API tests: Agora's own token decoder, an approved request with its
// student, teacher and two outsiders made straight in the tables, and the app on a movable clock that
// calls as any of them.
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { createApp } from '../../server/app';
import type { Db, Queryable } from '../../server/db';
import { createLogger } from '../../server/logger';
import { issueToken } from '../../server/modules/auth/tokens';
import { json } from './helpers';

// The package's own decoder (it has no typings): what Agora's servers will read from our token.
export const { AccessToken2, kRtcServiceType, ServiceRtc } = createRequire(import.meta.url)('agora-token/src/AccessToken2.js') as {
  AccessToken2: new () => {
    from_string(token: string): boolean;
    appId: Buffer | string;
    expire: number;
    getServices(type: number): Array<{ __channel_name: Buffer | string; __uid: Buffer | string; __privileges: Record<number, number> }>;
  };
  kRtcServiceType: number;
  ServiceRtc: { kPrivilegeJoinChannel: number };
};

export const APP_ID = '970CA35de60c44645bbae8a215061b33';
export const CERT = '5CFd2fd1755d40ecb72977518be15d3b';
export const MIN = 60_000;
export const HOUR = 60 * MIN;
export const START = new Date('2030-03-03T15:00:00.000Z');

let counter = 0;

async function makeUser(db: Queryable, type: 'student' | 'instructor', first: string): Promise<number> {
  counter += 1;
  const phone = `+9747${String(1_000_000 + ((process.pid * 100 + counter) % 8_999_999)).padStart(7, '0')}`;
  const row = await db.one<{ id: number }>(
    `INSERT INTO users (type, first_name, last_name, phone, country_code, gender, status, has_free_session)
     VALUES ($1, $2, 'الاختبار', $3, 'QA', 'male', 'active', false) RETURNING id`,
    [type, first, phone],
  );
  return row!.id;
}

export interface Fixture {
  student: number;
  teacher: number;
  stranger: number;
  otherTeacher: number;
  requestId: number;
  channel: string;
}

export async function makeSession(db: Queryable, status = 'approved', startsAt = START, hours = 1): Promise<Fixture> {
  const student = await makeUser(db, 'student', 'سالم');
  const teacher = await makeUser(db, 'instructor', 'هدى');
  const stranger = await makeUser(db, 'student', 'غريب');
  const otherTeacher = await makeUser(db, 'instructor', 'آخر');
  const subject = await db.one<{ id: number }>(`SELECT id FROM subjects WHERE code = 'mathematics'`);
  const channel = randomBytes(16).toString('hex');
  const row = await db.one<{ id: number }>(
    `INSERT INTO requests (student_id, teacher_id, requested_teacher_id, subject_id, type, status, starts_at, ends_at,
                           duration_hours, expires_at, paid_with, channel_name)
     VALUES ($1, $2, $2, $3, 'schedule', $4, $5, $6, $7, $5, 'hours', $8) RETURNING id`,
    [student, teacher, subject!.id, status, startsAt, new Date(startsAt.getTime() + hours * HOUR), hours, channel],
  );
  return { student, teacher, stranger, otherTeacher, requestId: row!.id, channel };
}

/** The app at START on `db`, with Agora credentials unless told otherwise; `as(user)` calls as that user. */
export function sessionsApp(db: Db, options: { agora?: boolean; fakeRtc?: boolean; production?: boolean } = {}) {
  const clock = { now: new Date(START) };
  const app = createApp({
    db,
    log: createLogger('silent'),
    production: options.production ?? false,
    requests: { now: () => clock.now },
    sessions: {
      agora: options.agora === false ? {} : { appId: APP_ID, appCertificate: CERT },
      fakeRtc: options.fakeRtc ?? false,
      now: () => clock.now,
    },
  });
  const tokens = new Map<number, string>();
  const as = (userId: number | null, locale: 'ar' | 'en' = 'en') => {
    const headers = async (): Promise<Record<string, string>> => {
      const h: Record<string, string> = { 'Accept-Language': locale };
      if (userId !== null) {
        let token = tokens.get(userId);
        if (!token) tokens.set(userId, (token = await issueToken(db, userId, new Date())));
        h.Authorization = `Bearer ${token}`;
      }
      return h;
    };
    return {
      get: async (path: string) => app.request(path, { headers: await headers() }),
      post: async (path: string, body: unknown = {}) => app.request(path, json(body, await headers())),
    };
  };
  return { app, clock, as };
}
