// the authorization matrix — every route of the app × anonymous, student A, student B, an
// active teacher, another active teacher, a teacher in review, the admin token from a non-loopback
// address, and the console's staff sessions of each role (reviewer, support, admin). Each cell's expected status is written below; a cell that answers anything else fails,
// and a route with no row fails too. Student A's request goes to `teacher`; B, the other teacher, the
// teacher in review and the admin must never read or change it. Mutating routes get a fresh request
// each, and the owners (student A, teacher) are asked last so the others meet it untouched.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { issueToken } from '../../server/modules/auth/tokens';
import { hardenedApp, REALTIME, ROLES, type Role } from './hardening-helpers';
import { perFile } from './support/per-file';

const t = perFile(hardenedApp);

/** Every kind on both channels, quiet hours 21:00–07:00 on: a valid PUT of notification preferences. */
const on = { email: true, push: true };
const PREFERENCES = {
  kinds: { reminders: on, bookings: on, messages: on, payments: on },
  quiet_hours: { enabled: true, start: '21:00', end: '07:00' },
};

interface Fixture {
  /** Student A's pending request to `teacher`. */
  pending: number;
  /** Student A's approved session with `teacher`, open now. */
  approved: number;
  channel: string;
  orderSession: string;
  /** Student A's paid order (one for the whole matrix: it only needs reading). */
  paidOrder: number;
  ids: Record<Role, number>;
  /** A second child of student A's family, made fresh for each row (no history: deletable). */
  secondChild: number;
  /** A teacher who just applied (in review), for the review routes. */
  applicant: number;
  /** A staff member for the admin to disable. */
  staffTarget: number;
  /** Student A's phone, for support's search. */
  familyPhone: string;
  /** Student A's conversation with `teacher`, and a fresh message of the teacher's in it. */
  conversation: number;
  teacherMessage: number;
  /** A day off of `teacher`'s, made fresh for each row. */
  timeOff: number;
  /** Student A's weekly series with `teacher`: one pending lesson in two days, made fresh for each row. */
  series: number;
}

/** Student A and `teacher` have requests, so they have a conversation; the teacher writes once more. */
async function conversationOfA(): Promise<{ conversation: number; teacherMessage: number }> {
  const [a, teacher] = [t.callers.studentA.id!, t.callers.teacher.id!];
  await t.db.query(
    'INSERT INTO conversations (family_id, teacher_id, created_at) VALUES ($1, $2, now()) ON CONFLICT (family_id, teacher_id) DO NOTHING',
    [a, teacher],
  );
  const conversation = (await t.db.one<{ id: number }>('SELECT id FROM conversations WHERE family_id = $1 AND teacher_id = $2', [
    a,
    teacher,
  ]))!.id;
  const message = (await t.db.one<{ id: number }>(
    "INSERT INTO messages (conversation_id, sender_id, body, created_at) VALUES ($1, $2, 'موعدنا غداً', now()) RETURNING id",
    [conversation, teacher],
  ))!.id;
  await t.db.query('UPDATE conversations SET last_message_id = $2 WHERE id = $1', [conversation, message]);
  return { conversation, teacherMessage: message };
}

async function addChildOfA(): Promise<number> {
  await t.db.query('SELECT family_first_child($1)', [t.callers.studentA.id]);
  const row = await t.db.one<{ id: number }>(
    `INSERT INTO children (family_id, first_name, last_name, gender, phase_id) VALUES ($1, 'مريم', 'الاختبار', 'female', (SELECT min(id) FROM phases)) RETURNING id`,
    [t.callers.studentA.id],
  );
  return row!.id;
}

async function insertRequest(status: 'pending' | 'approved', startsInMinutes: number): Promise<{ id: number; channel: string }> {
  const channel = `ch-${randomBytes(16).toString('hex')}`;
  const starts = new Date(Date.now() + startsInMinutes * 60_000);
  const row = await t.db.one<{ id: number }>(
    `INSERT INTO requests (student_id, teacher_id, requested_teacher_id, subject_id, type, status, starts_at, ends_at, duration_hours, expires_at, paid_with, channel_name)
     VALUES ($1, $2, $2, (SELECT subject_id FROM teacher_subjects WHERE teacher_id = $2 LIMIT 1), 'schedule', $3, $4, $5, 1, $6, 'free_trial', $7) RETURNING id`,
    [
      t.callers.studentA.id,
      t.callers.teacher.id,
      status,
      starts,
      new Date(starts.getTime() + 3_600_000),
      new Date(starts.getTime() - 60_000),
      channel,
    ],
  );
  await t.db.query('INSERT INTO request_offers (request_id, teacher_id) VALUES ($1, $2)', [row!.id, t.callers.teacher.id]);
  return { id: row!.id, channel };
}

let paidOrder: number | undefined;

/** Student A orders a package and pays it on the sandbox page with the approving card. */
async function payOnce(pkg: number): Promise<number> {
  if (paidOrder) return paidOrder;
  const order = await t.callJson(t.callers.studentA, 'POST', '/api/v1/orders', { package_id: pkg });
  const { id, checkout_url } = ((await order.json()) as { data: { id: number; checkout_url: string } }).data;
  const paid = await t.call(t.callers.anonymous, 'POST', new URL(checkout_url, 'http://x').pathname, {
    body: new URLSearchParams({
      action: 'pay',
      card_number: '4242424242424242',
      expiry: '12/39',
      cvc: '123',
      name: 'Parent',
      lang: 'en',
    }).toString(),
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
  });
  expect(paid.status).toBe(303);
  paidOrder = id;
  return id;
}

async function fixture(): Promise<Fixture> {
  const pending = await insertRequest('pending', 2 * 24 * 60);
  const approved = await insertRequest('approved', -5);
  const pkg = (await t.db.one<{ id: number }>('SELECT id FROM packages ORDER BY hours LIMIT 1'))!.id;
  // A family holds at most five open checkouts: the earlier rows' checkouts lapse, so each row gets its own.
  await t.db.query(
    `UPDATE orders SET expires_at = now() - interval '1 minute' WHERE user_id = $1 AND status IN ('created', 'pendingPayment')`,
    [t.callers.studentA.id],
  );
  const order = await t.callJson(t.callers.studentA, 'POST', '/api/v1/orders', { package_id: pkg });
  const url = ((await order.json()) as { data: { checkout_url: string } }).data.checkout_url;
  const ids = Object.fromEntries(ROLES.map((r) => [r, t.callers[r].id ?? 0])) as Record<Role, number>;
  const orderSession = new URL(url, 'http://x').pathname.split('/').pop()!;
  const secondChild = await addChildOfA();
  uniq += 1;
  const applicant = (await t.db.one<{ id: number }>(
    `INSERT INTO users (type, first_name, last_name, phone, country_code, status, gender) VALUES ('instructor', 'ليلى', 'المري', $1, 'QA', 'in_review', 'female') RETURNING id`,
    [`+9746697${String(10_000 + uniq).slice(-4)}`],
  ))!.id;
  const staffTarget = (await t.db.one<{ id: number }>(
    "INSERT INTO staff (email, name, role, password_hash) VALUES ($1, 'x', 'support', 'scrypt$1$1$1$AA==$AA==') RETURNING id",
    [`target${uniq}@noor.test`],
  ))!.id;
  const familyPhone = (await t.db.one<{ phone: string }>('SELECT phone FROM users WHERE id = $1', [ids.studentA]))!.phone;
  // The teacher's entries from earlier rows go, so POST never meets the entries limit.
  await t.db.query('DELETE FROM time_off WHERE teacher_id = $1', [ids.teacher]);
  const timeOff = (await t.db.one<{ id: number }>(
    `INSERT INTO time_off (teacher_id, first_day, last_day, time_zone, starts_at, ends_at) VALUES ($1, '2099-01-01', '2099-01-01', 'Asia/Qatar', '2098-12-31T21:00Z', '2099-01-01T21:00Z') RETURNING id`,
    [ids.teacher],
  ))!.id;
  const series = (await t.db.one<{ id: number }>(
    'INSERT INTO request_series (family_id, teacher_id, weeks) VALUES ($1, $2, 2) RETURNING id',
    [ids.studentA, ids.teacher],
  ))!.id;
  const lesson = await insertRequest('pending', 2 * 24 * 60);
  await t.db.query('UPDATE requests SET series_id = $2, series_week = 1 WHERE id = $1', [lesson.id, series]);
  await ensureTeacherVideo();
  return {
    series,
    pending: pending.id,
    approved: approved.id,
    channel: approved.channel,
    orderSession,
    paidOrder: await payOnce(pkg),
    ids,
    secondChild,
    applicant,
    staffTarget,
    familyPhone,
    ...(await conversationOfA()),
    timeOff,
  };
}

type Cells = [
  anonymous: number,
  studentA: number,
  studentB: number,
  teacher: number,
  otherTeacher: number,
  reviewTeacher: number,
  admin: number,
  reviewerStaff: number,
  supportStaff: number,
  adminStaff: number,
];
interface Row {
  url: (f: Fixture) => string;
  body?: (f: Fixture) => unknown;
  /** Expected status per caller, in ROLES order. */
  expect: Cells;
}

/** `teacher` has an intro video (sent again after the row that deletes it), so its public routes answer 200. */
async function ensureTeacherVideo(): Promise<void> {
  if (await t.db.one('SELECT 1 FROM teacher_videos WHERE teacher_id = $1', [t.callers.teacher.id])) return;
  const form = new FormData();
  form.set('video', new File([readFileSync(path.join(import.meta.dirname, '../fixtures/video/intro-3s.mp4'))], 'intro.mp4'));
  const poster = await sharp({ create: { width: 32, height: 18, channels: 3, background: '#246' } })
    .png()
    .toBuffer();
  form.set('poster', new File([new Uint8Array(poster)], 'poster.png'));
  const res = await t.call(t.callers.teacher, 'POST', '/api/v1/profile/video', { body: form });
  if (res.status !== 200) throw new Error(`the teacher's video was refused: ${res.status} ${await res.text()}`);
}

let uniq = 0;
const email = () => `authz${++uniq}@example.com`;

// prettier-ignore
const MATRIX: Record<string, Row> = {
  //                                                                                       anon  A    B    T    T2   TR   admin
  'GET /api/health':                               { url: () => '/api/health',                                              expect: [200, 200, 200, 200, 200, 200, 200, 200, 200, 200] },
  'GET /api/health/live':                          { url: () => '/api/health/live',                                         expect: [200, 200, 200, 200, 200, 200, 200, 200, 200, 200] },
  'GET /api/health/ready':                         { url: () => '/api/health/ready',                                        expect: [200, 200, 200, 200, 200, 200, 200, 200, 200, 200] },
  'GET /api/v1/ip-country':                        { url: () => '/api/v1/ip-country',                                       expect: [200, 200, 200, 200, 200, 200, 200, 200, 200, 200] },
  'GET /api/v1/settings':                          { url: () => '/api/v1/settings',                                         expect: [200, 200, 200, 200, 200, 200, 200, 200, 200, 200] },
  'GET /api/v1/phases':                            { url: () => '/api/v1/phases',                                           expect: [200, 200, 200, 200, 200, 200, 200, 200, 200, 200] },
  'GET /api/v1/countries':                         { url: () => '/api/v1/countries',                                        expect: [200, 200, 200, 200, 200, 200, 200, 200, 200, 200] },
  'GET /api/v1/subjects':                          { url: () => '/api/v1/subjects',                                         expect: [200, 200, 200, 200, 200, 200, 200, 200, 200, 200] },
  'POST /api/v1/contact':                          { url: () => '/api/v1/contact', body: () => ({ name: 'سارة', email: email(), phone: '+97455123456', message: 'رسالة طويلة بما يكفي للاختبار' }), expect: [201, 201, 201, 201, 201, 201, 201, 201, 201, 201] },
  'POST /api/v1/newsletter':                       { url: () => '/api/v1/newsletter', body: () => ({ email: email() }),    expect: [201, 201, 201, 201, 201, 201, 201, 201, 201, 201] },
  'POST /api/v1/auth/register':                    { url: () => '/api/v1/auth/register', body: () => ({}),                 expect: [400, 400, 400, 400, 400, 400, 400, 400, 400, 400] },
  'POST /api/v1/auth/login':                       { url: () => '/api/v1/auth/login', body: () => ({}),                    expect: [400, 400, 400, 400, 400, 400, 400, 400, 400, 400] },
  'POST /api/v1/auth/resend':                      { url: () => '/api/v1/auth/resend', body: () => ({}),                   expect: [400, 400, 400, 400, 400, 400, 400, 400, 400, 400] },
  'POST /api/v1/verify-otp':                       { url: () => '/api/v1/verify-otp', body: () => ({}),                    expect: [400, 400, 400, 400, 400, 400, 400, 400, 400, 400] },
  'POST /api/v1/instructor/auth/login':            { url: () => '/api/v1/instructor/auth/login', body: () => ({}),         expect: [400, 400, 400, 400, 400, 400, 400, 400, 400, 400] },
  'POST /api/v1/instructor/auth/forgot-password':  { url: () => '/api/v1/instructor/auth/forgot-password', body: () => ({}), expect: [400, 400, 400, 400, 400, 400, 400, 400, 400, 400] },
  'POST /api/v1/instructor/auth/reset-password':   { url: () => '/api/v1/instructor/auth/reset-password', body: () => ({}), expect: [400, 400, 400, 400, 400, 400, 400, 400, 400, 400] },
  'GET /api/v1/dev/outbox':                        { url: (f) => `/api/v1/dev/outbox?phone=%2B97455000001&u=${f.ids.studentA}`, expect: [200, 200, 200, 200, 200, 200, 200, 200, 200, 200] },
  'GET /api/v1/profile':                           { url: () => '/api/v1/profile',                                          expect: [401, 200, 200, 200, 200, 200, 401, 401, 401, 401] },
  'PATCH /api/v1/profile':                         { url: () => '/api/v1/profile', body: () => ({}),                       expect: [401, 200, 200, 200, 200, 200, 401, 401, 401, 401] },
  'POST /api/v1/profile/complete':                 { url: () => '/api/v1/profile/complete', body: () => ({}),              expect: [401, 400, 400, 403, 403, 403, 401, 401, 401, 401] },
  'GET /api/v1/files/:id':                         { url: () => '/api/v1/files/no-such-file',                               expect: [401, 404, 404, 404, 404, 404, 401, 401, 401, 401] },
  'PUT /api/v1/profile/photo':                     { url: () => '/api/v1/profile/photo', body: () => ({}),                 expect: [401, 403, 403, 400, 400, 400, 401, 401, 401, 401] },
  'DELETE /api/v1/profile/photo':                  { url: () => '/api/v1/profile/photo',                                    expect: [401, 403, 403, 200, 200, 200, 401, 401, 401, 401] },
  'GET /api/v1/photos/:name':                      { url: () => `/api/v1/photos/${'0'.repeat(32)}-160.webp`,                expect: [404, 404, 404, 404, 404, 404, 404, 404, 404, 404] },
  'GET /api/v1/profile/video':                     { url: () => '/api/v1/profile/video',                                    expect: [401, 403, 403, 200, 200, 200, 401, 401, 401, 401] },
  'POST /api/v1/profile/video':                    { url: () => '/api/v1/profile/video', body: () => ({}),                 expect: [401, 403, 403, 400, 400, 400, 401, 401, 401, 401] },
  'DELETE /api/v1/profile/video':                  { url: () => '/api/v1/profile/video',                                    expect: [401, 403, 403, 200, 200, 200, 401, 401, 401, 401] },
  // The teacher (active) has an intro video (fixture): it is public.
  'GET /api/v1/teachers/:id/video':                { url: (f) => `/api/v1/teachers/${f.ids.teacher}/video`,                 expect: [200, 200, 200, 200, 200, 200, 200, 200, 200, 200] },
  'GET /api/v1/teachers/:id/video/poster':         { url: (f) => `/api/v1/teachers/${f.ids.teacher}/video/poster`,          expect: [200, 200, 200, 200, 200, 200, 200, 200, 200, 200] },
  'GET /api/v1/packages':                          { url: () => '/api/v1/packages',                                         expect: [200, 200, 200, 200, 200, 200, 200, 200, 200, 200] },
  'POST /api/v1/promo-codes/check':                { url: () => '/api/v1/promo-codes/check', body: () => ({ code: 'NOOR15', package_id: 1 }), expect: [401, 200, 200, 403, 403, 403, 401, 401, 401, 401] },
  'POST /api/v1/orders':                           { url: () => '/api/v1/orders', body: () => ({ package_id: 1 }),         expect: [401, 201, 201, 403, 403, 403, 401, 401, 401, 401] },
  'GET /api/v1/orders':                            { url: () => '/api/v1/orders',                                           expect: [401, 200, 200, 403, 403, 403, 401, 401, 401, 401] },
  'GET /api/v1/orders/:id/receipt':                { url: (f) => `/api/v1/orders/${f.paidOrder}/receipt`,                   expect: [401, 200, 404, 403, 403, 403, 401, 401, 401, 401] },
  // Student A, asked last, refunds the matrix's paid order; the refund receipt's row comes after it.
  'POST /api/v1/orders/:id/refund':                { url: (f) => `/api/v1/orders/${f.paidOrder}/refund`, body: () => ({}), expect: [401, 200, 404, 403, 403, 403, 401, 401, 401, 401] },
  'GET /api/v1/orders/:id/refund-receipt':         { url: (f) => `/api/v1/orders/${f.paidOrder}/refund-receipt`,            expect: [401, 200, 404, 403, 403, 403, 401, 401, 401, 401] },
  'GET /api/v1/balance':                           { url: () => '/api/v1/balance',                                          expect: [401, 200, 200, 403, 403, 403, 401, 401, 401, 401] },
  'POST /api/v1/payments/webhook':                 { url: () => '/api/v1/payments/webhook', body: () => ({}),              expect: [400, 400, 400, 400, 400, 400, 400, 400, 400, 400] },
  // The return from Tap's hosted page; with the sandbox (this matrix's gateway) there is none to read.
  'GET /api/v1/payments/tap/return':               { url: () => '/api/v1/payments/tap/return?tap_id=chg_x',                expect: [404, 404, 404, 404, 404, 404, 404, 404, 404, 404] },
  'GET /api/v1/sandbox/checkout/:session':         { url: (f) => `/api/v1/sandbox/checkout/${f.orderSession}`,              expect: [200, 200, 200, 200, 200, 200, 200, 200, 200, 200] },
  'POST /api/v1/sandbox/checkout/:session':        { url: (f) => `/api/v1/sandbox/checkout/${f.orderSession}`, body: () => ({ action: 'pay', card_number: '1' }), expect: [422, 422, 422, 422, 422, 422, 422, 422, 422, 422] },
  'GET /api/v1/realtime/config':                   { url: () => '/api/v1/realtime/config',                                  expect: [200, 200, 200, 200, 200, 200, 200, 200, 200, 200] },
  'POST /api/v1/realtime/auth':                    { url: () => '/api/v1/realtime/auth', body: (f) => ({ socket_id: '123.456', channel_name: `private-user-${f.ids.studentA}` }), expect: [401, 200, 403, 403, 403, 403, 401, 401, 401, 401] },
  'POST /api/v1/instructor/update/status':         { url: () => '/api/v1/instructor/update/status', body: () => ({}),      expect: [401, 403, 403, 409, 409, 409, 401, 401, 401, 401] },
  'POST /api/v1/instructor/documents':             { url: () => '/api/v1/instructor/documents', body: () => ({}),          expect: [401, 403, 403, 400, 400, 409, 401, 401, 401, 401] },
  'POST /api/v1/sessions/:channelName/token':      { url: (f) => `/api/v1/sessions/${f.channel}/token`,                     expect: [401, 200, 403, 200, 403, 403, 401, 401, 401, 401] },
  'POST /api/v1/sessions/:channelName/events':     { url: (f) => `/api/v1/sessions/${f.channel}/events`, body: () => ({ type: 'joined' }), expect: [401, 201, 403, 201, 403, 403, 401, 401, 401, 401] },
  'GET /api/v1/sessions/:channelName/attendance':  { url: (f) => `/api/v1/sessions/${f.channel}/attendance`,                expect: [401, 200, 403, 200, 403, 403, 401, 401, 401, 401] },
  'POST /api/v1/sessions/:channelName/end':        { url: (f) => `/api/v1/sessions/${f.channel}/end`,                       expect: [401, 409, 403, 409, 403, 403, 401, 401, 401, 401] },
  'GET /api/v1/notifications':                     { url: () => '/api/v1/notifications',                                    expect: [401, 200, 200, 200, 200, 200, 401, 401, 401, 401] },
  'GET /api/v1/notifications/unread-count':        { url: () => '/api/v1/notifications/unread-count',                       expect: [401, 200, 200, 200, 200, 200, 401, 401, 401, 401] },
  'POST /api/v1/notifications/read-all':           { url: () => '/api/v1/notifications/read-all',                           expect: [401, 200, 200, 200, 200, 200, 401, 401, 401, 401] },
  'POST /api/v1/notifications/:id/read':           { url: () => '/api/v1/notifications/999999/read',                        expect: [401, 404, 404, 404, 404, 404, 401, 401, 401, 401] },
  'GET /api/v1/teachers':                          { url: () => '/api/v1/teachers',                                         expect: [200, 200, 200, 200, 200, 200, 200, 200, 200, 200] },
  'GET /api/v1/teachers/:id':                      { url: (f) => `/api/v1/teachers/${f.ids.teacher}`,                       expect: [200, 200, 200, 200, 200, 200, 200, 200, 200, 200] },
  'GET /api/v1/teachers/:id/availability':         { url: (f) => `/api/v1/teachers/${f.ids.teacher}/availability?days=2&duration=1`, expect: [200, 200, 200, 200, 200, 200, 200, 200, 200, 200] },
  'GET /api/v1/teachers/:id/preview':              { url: (f) => `/api/v1/teachers/${f.ids.teacher}/preview`,               expect: [200, 200, 200, 200, 200, 200, 200, 200, 200, 200] },
  'GET /api/v1/children':                          { url: () => '/api/v1/children',                                         expect: [401, 200, 200, 403, 403, 403, 401, 401, 401, 401] },
  'POST /api/v1/children':                         { url: () => '/api/v1/children', body: () => ({}),                      expect: [401, 400, 400, 403, 403, 403, 401, 401, 401, 401] },
  'PATCH /api/v1/children/:id':                    { url: (f) => `/api/v1/children/${f.secondChild}`, body: () => ({}),   expect: [401, 200, 404, 403, 403, 403, 401, 401, 401, 401] },
  'GET /api/v1/children/:id/progress':             { url: (f) => `/api/v1/children/${f.secondChild}/progress`,              expect: [401, 200, 404, 403, 403, 403, 401, 401, 401, 401] },
  'DELETE /api/v1/children/:id':                   { url: (f) => `/api/v1/children/${f.secondChild}`,                       expect: [401, 200, 404, 403, 403, 403, 401, 401, 401, 401] },
  'POST /api/v1/requests':                         { url: () => '/api/v1/requests', body: () => ({}),                      expect: [401, 400, 400, 403, 403, 403, 401, 401, 401, 401] },
  'GET /api/v1/requests':                          { url: () => '/api/v1/requests',                                         expect: [401, 200, 200, 200, 200, 200, 401, 401, 401, 401] },
  'GET /api/v1/requests/:id':                      { url: (f) => `/api/v1/requests/${f.pending}`,                           expect: [401, 200, 404, 200, 404, 404, 401, 401, 401, 401] },
  'POST /api/v1/requests/:id/approve':             { url: (f) => `/api/v1/requests/${f.pending}/approve`,                   expect: [401, 409, 404, 200, 404, 404, 401, 401, 401, 401] },
  'POST /api/v1/requests/:id/reject':              { url: (f) => `/api/v1/requests/${f.pending}/reject`, body: () => ({}), expect: [401, 409, 404, 200, 404, 404, 401, 401, 401, 401] },
  'POST /api/v1/requests/:id/cancel':              { url: (f) => `/api/v1/requests/${f.pending}/cancel`,                    expect: [401, 200, 404, 409, 404, 404, 401, 401, 401, 401] },
  // The approved session is running: its teacher ends it for both; its family may not.
  'POST /api/v1/requests/:id/end':                 { url: (f) => `/api/v1/requests/${f.approved}/end`,                      expect: [401, 409, 404, 200, 404, 404, 401, 401, 401, 401] },
  'POST /api/v1/series/preview':                   { url: () => '/api/v1/series/preview', body: () => ({}),                 expect: [401, 400, 400, 403, 403, 403, 401, 401, 401, 401] },
  'POST /api/v1/series/:id/cancel':                { url: (f) => `/api/v1/series/${f.series}/cancel`,                      expect: [401, 200, 404, 403, 403, 403, 401, 401, 401, 401] },
  // The teacher keeps no working hours here: the family reaches the booking rule (400), nobody else the request.
  'POST /api/v1/requests/:id/reschedule':          { url: (f) => `/api/v1/requests/${f.pending}/reschedule`, body: () => ({ starts_at: new Date(Date.now() + 3 * 86_400_000).toISOString() }), expect: [401, 400, 404, 409, 404, 404, 401, 401, 401, 401] },
  // No proposal is open on the approved session: its parties meet 409 reschedule_proposal_closed, nobody else the request.
  'POST /api/v1/requests/:id/reschedule/accept':   { url: (f) => `/api/v1/requests/${f.approved}/reschedule/accept`,      expect: [401, 409, 404, 409, 404, 404, 401, 401, 401, 401] },
  'POST /api/v1/requests/:id/reschedule/decline':  { url: (f) => `/api/v1/requests/${f.approved}/reschedule/decline`,     expect: [401, 409, 404, 409, 404, 404, 401, 401, 401, 401] },
  'POST /api/v1/requests/:id/evaluation':          { url: (f) => `/api/v1/requests/${f.approved}/evaluation`, body: () => ({ rating: 5 }), expect: [401, 409, 404, 409, 404, 404, 401, 401, 401, 401] },
  'GET /api/v1/requests/:id/report':              { url: (f) => `/api/v1/requests/${f.approved}/report`,                   expect: [401, 200, 404, 200, 404, 404, 401, 401, 401, 401] },
  'PUT /api/v1/requests/:id/report':              { url: (f) => `/api/v1/requests/${f.approved}/report`, body: () => ({ covered: 'حفظ' }), expect: [401, 403, 404, 409, 404, 404, 401, 401, 401, 401] },
  'GET /api/v1/conversations':                     { url: () => '/api/v1/conversations',                                    expect: [401, 200, 200, 200, 200, 200, 401, 401, 401, 401] },
  'POST /api/v1/conversations':                    { url: () => '/api/v1/conversations', body: (f) => ({ teacher_id: f.ids.teacher, family_id: f.ids.studentA }), expect: [401, 200, 403, 200, 404, 404, 401, 401, 401, 401] },
  'GET /api/v1/conversations/:id/messages':        { url: (f) => `/api/v1/conversations/${f.conversation}/messages`,         expect: [401, 200, 404, 200, 404, 404, 401, 401, 401, 401] },
  'POST /api/v1/conversations/:id/messages':       { url: (f) => `/api/v1/conversations/${f.conversation}/messages`, body: () => ({ body: 'مرحباً' }), expect: [401, 201, 404, 201, 404, 404, 401, 401, 401, 401] },
  'POST /api/v1/conversations/:id/messages/:mid/report': { url: (f) => `/api/v1/conversations/${f.conversation}/messages/${f.teacherMessage}/report`, body: () => ({}), expect: [401, 200, 404, 409, 404, 404, 401, 401, 401, 401] },
  'GET /api/v1/requests/:id/calendar.ics':        { url: (f) => `/api/v1/requests/${f.pending}/calendar.ics`,              expect: [401, 200, 404, 200, 404, 404, 401, 401, 401, 401] },
  'GET /api/v1/profile/calendar-feed':             { url: () => '/api/v1/profile/calendar-feed',                            expect: [401, 200, 200, 200, 200, 200, 401, 401, 401, 401] },
  'POST /api/v1/profile/calendar-feed':            { url: () => '/api/v1/profile/calendar-feed',                            expect: [401, 201, 201, 201, 201, 201, 401, 401, 401, 401] },
  'DELETE /api/v1/profile/calendar-feed':          { url: () => '/api/v1/profile/calendar-feed',                            expect: [401, 200, 200, 200, 200, 200, 401, 401, 401, 401] },
  'GET /api/v1/instructor/time-off':               { url: () => '/api/v1/instructor/time-off',                              expect: [401, 403, 403, 200, 200, 200, 401, 401, 401, 401] },
  'POST /api/v1/instructor/time-off':              { url: () => '/api/v1/instructor/time-off', body: () => ({ first_day: '2098-06-01', last_day: '2098-06-02' }), expect: [401, 403, 403, 201, 201, 201, 401, 401, 401, 401] },
  'DELETE /api/v1/instructor/time-off/:id':        { url: (f) => `/api/v1/instructor/time-off/${f.timeOff}`,                expect: [401, 403, 403, 200, 404, 404, 401, 401, 401, 401] },
  'GET /api/v1/instructor/calendar':               { url: () => '/api/v1/instructor/calendar?week=2030-01-06',             expect: [401, 403, 403, 200, 200, 200, 401, 401, 401, 401] },
  'GET /api/v1/push-subscriptions':                { url: () => '/api/v1/push-subscriptions',                               expect: [401, 200, 200, 200, 200, 200, 401, 401, 401, 401] },
  'POST /api/v1/push-subscriptions':               { url: () => '/api/v1/push-subscriptions', body: () => ({}),            expect: [401, 400, 400, 400, 400, 400, 401, 401, 401, 401] },
  // Removes only the caller's own subscription with that endpoint (none here): nothing to see or change.
  'DELETE /api/v1/push-subscriptions':             { url: () => '/api/v1/push-subscriptions', body: () => ({ endpoint: 'https://fcm.googleapis.com/fcm/send/none' }), expect: [401, 200, 200, 200, 200, 200, 401, 401, 401, 401] },
  'GET /api/v1/profile/notification-preferences':  { url: () => '/api/v1/profile/notification-preferences',                expect: [401, 200, 200, 200, 200, 200, 401, 401, 401, 401] },
  'PUT /api/v1/profile/notification-preferences':  { url: () => '/api/v1/profile/notification-preferences', body: () => PREFERENCES, expect: [401, 200, 200, 200, 200, 200, 401, 401, 401, 401] },
  'PATCH /api/v1/profile/notification-preferences': { url: () => '/api/v1/profile/notification-preferences', body: () => ({ kinds: { reminders: { sms: true } } }), expect: [401, 200, 200, 200, 200, 200, 401, 401, 401, 401] },
  // A family's e-mail address: families only (a teacher's is the sign-in, not edited here).
  'GET /api/v1/profile/email':                     { url: () => '/api/v1/profile/email',                                    expect: [401, 200, 200, 403, 403, 403, 401, 401, 401, 401] },
  'PUT /api/v1/profile/email':                     { url: () => '/api/v1/profile/email', body: () => ({}),                  expect: [401, 400, 400, 403, 403, 403, 401, 401, 401, 401] },
  'PATCH /api/v1/profile/email':                   { url: () => '/api/v1/profile/email', body: () => ({ locale: 'en' }),    expect: [401, 200, 200, 403, 403, 403, 401, 401, 401, 401] },
  'DELETE /api/v1/profile/email':                  { url: () => '/api/v1/profile/email',                                    expect: [401, 200, 200, 403, 403, 403, 401, 401, 401, 401] },
  'POST /api/v1/profile/email/resend':             { url: () => '/api/v1/profile/email/resend',                             expect: [401, 409, 409, 403, 403, 403, 401, 401, 401, 401] },
  'POST /api/v1/profile/email/verify':             { url: () => '/api/v1/profile/email/verify', body: () => ({ code: '123456' }), expect: [401, 409, 409, 403, 403, 403, 401, 401, 401, 401] },
  // The link in the verification mail needs no sign-in (the signed token is the credential): a bad one is 400 for everyone.
  'GET /verify-email':                             { url: () => '/verify-email?t=1.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', expect: [400, 400, 400, 400, 400, 400, 400, 400, 400, 400] },
  'POST /verify-email':                            { url: () => '/verify-email?t=1.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', expect: [400, 400, 400, 400, 400, 400, 400, 400, 400, 400] },
  // One-click unsubscribe needs no sign-in (the signed token is the credential): without one, 400 for everyone.
  'GET /unsubscribe':                              { url: () => '/unsubscribe?t=1.messages.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', expect: [400, 400, 400, 400, 400, 400, 400, 400, 400, 400] },
  'POST /unsubscribe':                             { url: () => '/unsubscribe?t=1.messages.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', expect: [400, 400, 400, 400, 400, 400, 400, 400, 400, 400] },
  // The feed needs no sign-in (its URL's secret is the credential): a secret nobody holds is 404 for everyone.
  'GET /calendar/:file':                           { url: () => '/calendar/AAAAAAAAAAAAAAAAAAAAAA.ics',                     expect: [404, 404, 404, 404, 404, 404, 404, 404, 404, 404] },
  //                                                                                       anon  A    B    T    T2   TR   cli  rev  sup  adm
  'GET /api/v1/instructor/earnings':               { url: () => '/api/v1/instructor/earnings?month=2030-01',                expect: [401, 403, 403, 200, 200, 200, 401, 401, 401, 401] },
  'GET /api/admin/teachers/:who/rate':             { url: (f) => `/api/admin/teachers/${f.applicant}/rate`,                 expect: [401, 401, 401, 401, 401, 401, 403, 403, 200, 200] },
  'PUT /api/admin/teachers/:who/rate':             { url: (f) => `/api/admin/teachers/${f.applicant}/rate`, body: () => ({ amount_minor: 7000, currency: 'QAR' }), expect: [401, 401, 401, 401, 401, 401, 403, 403, 403, 200] },
  'GET /api/admin/reported-messages':              { url: () => '/api/admin/reported-messages',                             expect: [401, 401, 401, 401, 401, 401, 403, 403, 200, 200] },
  'POST /api/admin/reported-messages/:id/review':  { url: () => '/api/admin/reported-messages/999999/review', body: () => ({ outcome: 'dismissed' }), expect: [401, 401, 401, 401, 401, 401, 403, 403, 404, 404] },
  'POST /api/admin/auth/login':                    { url: () => '/api/admin/auth/login', body: () => ({}),                 expect: [400, 400, 400, 400, 400, 400, 400, 400, 400, 400] },
  'POST /api/admin/auth/enrol':                    { url: () => '/api/admin/auth/enrol', body: () => ({}),                 expect: [400, 400, 400, 400, 400, 400, 400, 400, 400, 400] },
  'GET /api/admin/me':                             { url: () => '/api/admin/me',                                            expect: [401, 401, 401, 401, 401, 401, 403, 200, 200, 200] },
  'GET /api/admin/staff':                          { url: () => '/api/admin/staff',                                         expect: [401, 401, 401, 401, 401, 401, 403, 403, 403, 200] },
  'POST /api/admin/staff':                         { url: () => '/api/admin/staff', body: () => ({}),                      expect: [401, 401, 401, 401, 401, 401, 403, 403, 403, 400] },
  'POST /api/admin/staff/:who/disable':            { url: (f) => `/api/admin/staff/${f.staffTarget}/disable`,               expect: [401, 401, 401, 401, 401, 401, 403, 403, 403, 200] },
  'GET /api/admin/audit':                          { url: () => '/api/admin/audit',                                         expect: [401, 401, 401, 401, 401, 401, 403, 403, 403, 200] },
  'GET /api/admin/audit.csv':                      { url: () => '/api/admin/audit.csv',                                     expect: [401, 401, 401, 401, 401, 401, 403, 403, 403, 200] },
  'GET /api/admin/teachers':                       { url: () => '/api/admin/teachers',                                      expect: [401, 401, 401, 401, 401, 401, 403, 200, 200, 200] },
  'GET /api/admin/teachers/:who':                  { url: (f) => `/api/admin/teachers/${f.applicant}`,                      expect: [401, 401, 401, 401, 401, 401, 403, 200, 200, 200] },
  'GET /api/admin/teachers/:who/history':          { url: (f) => `/api/admin/teachers/${f.applicant}/history`,              expect: [401, 401, 401, 401, 401, 401, 403, 200, 200, 200] },
  'GET /api/admin/teachers/:who/documents':        { url: (f) => `/api/admin/teachers/${f.applicant}/documents`,            expect: [401, 401, 401, 401, 401, 401, 403, 200, 403, 200] },
  'GET /api/admin/teachers/:who/notes':            { url: (f) => `/api/admin/teachers/${f.applicant}/notes`,                expect: [401, 401, 401, 401, 401, 401, 403, 200, 403, 200] },
  'POST /api/admin/teachers/:who/notes':           { url: (f) => `/api/admin/teachers/${f.applicant}/notes`, body: () => ({ body: 'ملاحظة' }), expect: [401, 401, 401, 401, 401, 401, 403, 201, 403, 201] },
  'GET /api/admin/files/:id':                      { url: () => '/api/admin/files/no-such-file',                            expect: [401, 401, 401, 401, 401, 401, 403, 404, 403, 404] },
  // `teacher` has a video (fixture): staff review reads it and its bytes; support does not.
  'GET /api/admin/teachers/:who/video':            { url: (f) => `/api/admin/teachers/${f.ids.teacher}/video`,              expect: [401, 401, 401, 401, 401, 401, 403, 200, 403, 200] },
  'GET /api/admin/teachers/:who/video/file':       { url: (f) => `/api/admin/teachers/${f.ids.teacher}/video/file`,         expect: [401, 401, 401, 401, 401, 401, 403, 200, 403, 200] },
  'GET /api/admin/teachers/:who/video/poster':     { url: (f) => `/api/admin/teachers/${f.ids.teacher}/video/poster`,       expect: [401, 401, 401, 401, 401, 401, 403, 200, 403, 200] },
  'GET /api/admin/families':                       { url: (f) => `/api/admin/families?phone=${encodeURIComponent(f.familyPhone)}`, expect: [401, 401, 401, 401, 401, 401, 403, 403, 200, 200] },
  'POST /api/admin/families/:id/hours':            { url: (f) => `/api/admin/families/${f.ids.studentA}/hours`, body: () => ({ direction: 'credit', hours: 1, reason: 'تعويض' }), expect: [401, 401, 401, 401, 401, 401, 403, 403, 200, 200] },
  'GET /api/admin/orders/:id/receipt':             { url: (f) => `/api/admin/orders/${f.paidOrder}/receipt`,                expect: [401, 401, 401, 401, 401, 401, 403, 403, 200, 200] },
  // An order nobody has: the matrix's one paid order was refunded by its family in an earlier row.
  'POST /api/admin/orders/:id/refund':             { url: () => '/api/admin/orders/2147483000/refund', body: () => ({ reason: 'طلب العائلة' }), expect: [401, 401, 401, 401, 401, 401, 403, 403, 404, 404] },
  'GET /api/admin/promo-codes':                    { url: () => '/api/admin/promo-codes',                                   expect: [401, 401, 401, 401, 401, 401, 403, 403, 200, 200] },
  'POST /api/admin/promo-codes':                   { url: () => '/api/admin/promo-codes', body: () => ({}),                expect: [401, 401, 401, 401, 401, 401, 403, 403, 400, 400] },
  'POST /api/admin/promo-codes/:id/:change':       { url: () => '/api/admin/promo-codes/999999/pause',                      expect: [401, 401, 401, 401, 401, 401, 403, 403, 404, 404] },
  // The reviewer approves the fresh applicant first; the admin then finds it no longer in review.
  'POST /api/admin/teachers/:who/:action':         { url: (f) => `/api/admin/teachers/${f.applicant}/approve`, body: () => ({}), expect: [401, 401, 401, 401, 401, 401, 403, 200, 403, 409] },
  'POST /apps/:appId/events':                      { url: () => `/apps/${REALTIME.appId}/events`, body: () => ({ name: 'x', channel: 'private-user-1', data: '{}' }), expect: [401, 401, 401, 401, 401, 401, 401, 401, 401, 401] },
  'POST /apps/:appId/batch_events':                { url: () => `/apps/${REALTIME.appId}/batch_events`, body: () => ({ batch: [] }), expect: [401, 401, 401, 401, 401, 401, 401, 401, 401, 401] },
  // Last: they sign each caller out.
  'POST /api/admin/auth/logout':                   { url: () => '/api/admin/auth/logout',                                   expect: [401, 401, 401, 401, 401, 401, 403, 200, 200, 200] },
  'POST /api/v1/auth/logout':                      { url: () => '/api/v1/auth/logout',                                      expect: [200, 200, 200, 200, 200, 200, 200, 200, 200, 200] },
};

// The owners go last, so every other caller meets the request as it was made.
const OWNERS: readonly Role[] = ['studentA', 'teacher'];
const ORDER: readonly Role[] = [
  'anonymous',
  'studentB',
  'otherTeacher',
  'reviewTeacher',
  'admin',
  'supportStaff',
  'reviewerStaff',
  'adminStaff',
  'studentA',
  'teacher',
];

describe('authorization matrix', () => {
  it('has a row for every route of the app', () => {
    const routes = [...new Set(t.app.routes.filter((r) => r.method !== 'ALL').map((r) => `${r.method} ${r.path}`))];
    expect(
      routes
        .filter((r) => !(r in MATRIX))
        .map(
          (r) =>
            `add to MATRIX in tests/server/authz.test.ts: '${r}': { url: () => '…', expect: [anon, A, B, T, T2, TR, cli, reviewer, support, admin staff] },`,
        ),
    ).toEqual([]);
    expect(Object.keys(MATRIX).filter((r) => !routes.includes(r))).toEqual([]);
  });

  it('every cell answers as written, so nobody reads or changes what is not theirs', async () => {
    const wrong: string[] = [];
    const actual: Record<string, number[]> = {};
    for (const [route, row] of Object.entries(MATRIX)) {
      const method = route.split(' ')[0] as string;
      const f = await fixture();
      const got: Partial<Record<Role, number>> = {};
      for (const role of ORDER) {
        const caller = t.callers[role];
        const url = row.url(f);
        const res = row.body ? await t.callJson(caller, method, url, row.body(f)) : await t.call(caller, method, url);
        got[role] = res.status;
        const want = row.expect[ROLES.indexOf(role)];
        const text = await res.text();
        if (res.status !== want) wrong.push(`${route} as ${role}: ${res.status}, expected ${want} — ${text.slice(0, 160)}`);
        // The session's channel name is a secret of its student and teacher: no one else's answer may hold it.
        if (!OWNERS.includes(role) && text.includes(f.channel))
          wrong.push(`${route} as ${role}: the answer leaks student A's session channel`);
      }
      actual[route] = ROLES.map((r) => got[r] ?? 0);
    }
    if (process.env.AUTHZ_PRINT)
      for (const [route, cells] of Object.entries(actual)) console.log(`${route.padEnd(48)} ${cells.join(', ')}`);
    expect(wrong).toEqual([]);
  }, 300_000);
});

/** The matrix signed everybody out last: a fresh session for a role. */
const freshSession = async (role: Role) => ({
  ...t.callers[role],
  headers: { Authorization: `Bearer ${await issueToken(t.db, t.callers[role].id!, new Date())}` },
});

describe('another child of the same family, and another family', () => {
  it('the family sees and books for each of its children; another family never sees or books for them', async () => {
    const second = await addChildOfA();
    const { id } = await insertRequest('pending', 2 * 24 * 60);
    await t.db.query('UPDATE requests SET child_id = $2 WHERE id = $1', [id, second]);
    const a = await freshSession('studentA');
    const b = await freshSession('studentB');
    const seen = await t.call(a, 'GET', `/api/v1/requests/${id}`);
    expect(seen.status).toBe(200);
    expect(((await seen.json()) as { data: { child: { id: number; last_name: string | null } } }).data.child).toMatchObject({
      id: second,
      last_name: 'الاختبار',
    });
    const filtered = (await (await t.call(a, 'GET', `/api/v1/requests?child_id=${second}`)).json()) as { data: { id: number }[] };
    expect(filtered.data.map((r) => r.id)).toEqual([id]);
    // Another family: not the request, not the child, not as a filter, not to book for.
    expect((await t.call(b, 'GET', `/api/v1/requests/${id}`)).status).toBe(404);
    expect(((await (await t.call(b, 'GET', `/api/v1/requests?child_id=${second}`)).json()) as { data: unknown[] }).data).toEqual([]);
    expect((await t.callJson(b, 'PATCH', `/api/v1/children/${second}`, { first_name: 'سلمى' })).status).toBe(404);
    const teacher = t.callers.teacher.id!;
    const subject = (await t.db.one<{ id: number }>('SELECT subject_id AS id FROM teacher_subjects WHERE teacher_id = $1 LIMIT 1', [
      teacher,
    ]))!.id;
    const booking = { teacher_id: teacher, subject_id: subject, type: 'urgent', duration_hours: 1, child_id: second };
    const stranger = await t.callJson(b, 'POST', '/api/v1/requests', booking);
    expect(stranger.status).toBe(404);
    expect(((await stranger.json()) as { code: string }).code).toBe('child_not_found');
    // The teacher reads the child's first name and phase only.
    const asTeacher = (await (await t.call(await freshSession('teacher'), 'GET', `/api/v1/requests/${id}`)).json()) as {
      data: { child: { first_name: string; last_name: string | null } };
    };
    expect(asTeacher.data.child).toMatchObject({ first_name: 'مريم', last_name: null });
  });
});

describe('a teacher who may not approve (in review)', () => {
  it('gets the same answer for another teacher’s request as for an id that does not exist', async () => {
    const { id } = await insertRequest('pending', 2 * 24 * 60);
    const reviewTeacher = await freshSession('reviewTeacher');
    const other = await t.call(reviewTeacher, 'POST', `/api/v1/requests/${id}/approve`);
    const missing = await t.call(reviewTeacher, 'POST', '/api/v1/requests/2147483000/approve');
    expect([other.status, missing.status]).toEqual([404, 404]);
    expect(await other.json()).toEqual(await missing.json());
  });
});

describe('a teacher who lost a broadcast', () => {
  it('still sees the card, but no longer the student’s name or comment', async () => {
    const { id } = await insertRequest('approved', 3 * 24 * 60);
    await t.db.query("UPDATE requests SET broadcast = true, comment = 'سؤال عن الدرس' WHERE id = $1", [id]);
    await t.db.query('INSERT INTO request_offers (request_id, teacher_id) VALUES ($1, $2)', [id, t.callers.otherTeacher.id]);
    const other = await freshSession('otherTeacher');
    const lost = await t.call(other, 'GET', `/api/v1/requests/${id}`);
    expect(lost.status).toBe(200);
    const detail = ((await lost.json()) as { data: { student: { first_name: string; id: number }; comment: string | null } }).data;
    expect(detail.student).toEqual({ id: 0, first_name: '', last_name: '' });
    expect(detail.comment).toBeNull();
    const list = await t.call(other, 'GET', '/api/v1/requests');
    const card = ((await list.json()) as { data: { id: number; student: { first_name: string } }[] }).data.find((r) => r.id === id);
    expect(card?.student.first_name).toBe('');
    // The teacher who took it still sees who they teach.
    const won = await t.call(await freshSession('teacher'), 'GET', `/api/v1/requests/${id}`);
    expect(((await won.json()) as { data: { student: { first_name: string } } }).data.student.first_name).toBe('نورة');
  });
});
