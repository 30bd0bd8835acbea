// Fixtures for the hardening suites (bad input, fuzz, authorization matrix): the whole app —
// auth, packages, requests, sessions, realtime with its events API, the admin API — over a seeded
// database, and one signed-in caller per role, made straight in the database.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createApp } from '../../server/app';
import { EMBEDDED_DEV_KEYS, type RealtimeConfig } from '../../server/config';
import type { Queryable } from '../../server/db';
import { createLogger } from '../../server/logger';
import { resolveUser } from '../../server/modules/auth';
import { issueToken } from '../../server/modules/auth/tokens';
import { createStaff, issueSession, type StaffRole } from '../../server/modules/staff/service';
import { createRealtimeEndpoint } from '../../server/realtime/endpoint';
import { createPublisher, type Publisher } from '../../server/realtime/publisher';
import { seededDb } from './helpers';

export const ADMIN_TOKEN = 'hardening-admin-token-0123456789abcdef';
export const REALTIME: RealtimeConfig = { mode: 'embedded', ...EMBEDDED_DEV_KEYS, cluster: 'eu' };

export type Role =
  | 'anonymous'
  | 'studentA'
  | 'studentB'
  | 'teacher'
  | 'otherTeacher'
  | 'reviewTeacher'
  | 'admin'
  | 'reviewerStaff'
  | 'supportStaff'
  | 'adminStaff';
/** `admin` is the command line's token from a remote address; the *Staff roles are console sessions. */
export const ROLES: readonly Role[] = [
  'anonymous',
  'studentA',
  'studentB',
  'teacher',
  'otherTeacher',
  'reviewTeacher',
  'admin',
  'reviewerStaff',
  'supportStaff',
  'adminStaff',
];

let counter = 0;
async function makePerson(db: Queryable, type: 'student' | 'instructor', status: string, gender = 'female'): Promise<number> {
  counter += 1;
  const phone = `+9746698${String(10_000 + counter).slice(-4)}`;
  const row = await db.one<{ id: number }>(
    `INSERT INTO users (type, first_name, last_name, phone, country_code, status, gender, has_free_session)
     VALUES ($1, 'نورة', 'الكواري', $2, 'QA', $3, $4, true) RETURNING id`,
    [type, phone, status, gender],
  );
  const id = row!.id;
  if (type === 'instructor') {
    // A teacher teaches the first phase and subject, so requests and broadcasts can reach them.
    await db.query('INSERT INTO teacher_phases (teacher_id, phase_id) SELECT $1, id FROM phases ORDER BY sort_order LIMIT 1', [id]);
    await db.query('INSERT INTO teacher_subjects (teacher_id, subject_id) SELECT $1, id FROM subjects ORDER BY sort_order LIMIT 1', [id]);
  }
  return id;
}

export interface Caller {
  role: Role;
  id: number | null;
  headers: Record<string, string>;
}

/**
 * The whole app. `adminLoopbackOnly` (default true) keeps the admin API's loopback rule: app.request
 * has no socket, so every admin call then comes "from a non-loopback address", as in the matrix.
 */
export async function hardenedApp(options: { adminLoopbackOnly?: boolean } = {}) {
  const t = await seededDb();
  const uploadDir = await mkdtemp(path.join(tmpdir(), 'noor-hardening-'));
  const log = createLogger('silent');
  const real = createPublisher(REALTIME, { log, embeddedTarget: () => ({ host: '127.0.0.1', port: 9 }) });
  // Publishing goes nowhere (no socket is listening); channel authorization is the real signature.
  const publisher: Publisher = {
    mode: 'embedded',
    publish: async () => true,
    authorizeChannel: (socketId, channel, presence) => real.authorizeChannel(socketId, channel, presence),
  };
  const endpoint = createRealtimeEndpoint({ app: REALTIME, log });
  const app = createApp({
    db: t.db,
    log,
    auth: { uploadDir, trustProxy: true },
    admin: { token: ADMIN_TOKEN, loopbackOnly: options.adminLoopbackOnly ?? true },
    realtime: { config: REALTIME, publisher, resolveUser: (token) => resolveUser(t.db, token), endpoint },
  });

  const now = new Date();
  const person = async (role: Role, type: 'student' | 'instructor', status: string): Promise<Caller> => {
    const id = await makePerson(t.db, type, status);
    return { role, id, headers: { Authorization: `Bearer ${await issueToken(t.db, id, now)}` } };
  };
  const staffCaller = async (role: Role, staffRole: StaffRole): Promise<Caller> => {
    const member = (await createStaff(t.db, { email: `${role}@noor.test`, name: role, role: staffRole, password: 'Secret123' }))!;
    const { token } = await issueSession(t.db, member.id, now);
    return { role, id: member.id, headers: { Authorization: `Bearer ${token}` } };
  };
  const callers: Record<Role, Caller> = {
    anonymous: { role: 'anonymous', id: null, headers: {} },
    studentA: await person('studentA', 'student', 'active'),
    studentB: await person('studentB', 'student', 'active'),
    teacher: await person('teacher', 'instructor', 'active'),
    otherTeacher: await person('otherTeacher', 'instructor', 'active'),
    reviewTeacher: await person('reviewTeacher', 'instructor', 'in_review'),
    admin: { role: 'admin', id: null, headers: { Authorization: `Bearer ${ADMIN_TOKEN}` } },
    reviewerStaff: await staffCaller('reviewerStaff', 'reviewer'),
    supportStaff: await staffCaller('supportStaff', 'support'),
    adminStaff: await staffCaller('adminStaff', 'admin'),
  };

  let ip = 0;
  /** A request as a caller, from a fresh address each time (per-address limits stay out of the way). */
  const call = async (
    caller: Caller,
    method: string,
    url: string,
    init: { body?: BodyInit; headers?: Record<string, string> } = {},
  ): Promise<Response> => {
    ip += 1;
    return app.request(url, {
      method,
      headers: { 'Accept-Language': 'en', 'X-Forwarded-For': `10.9.${(ip >> 8) & 255}.${ip & 255}`, ...caller.headers, ...init.headers },
      ...(init.body !== undefined ? { body: init.body } : {}),
    });
  };
  const callJson = async (caller: Caller, method: string, url: string, body: unknown): Promise<Response> =>
    call(caller, method, url, { body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } });

  return {
    ...t,
    app,
    callers,
    call,
    callJson,
    close: async () => {
      await endpoint.close();
      await t.close();
      await rm(uploadDir, { recursive: true, force: true });
    },
  };
}
