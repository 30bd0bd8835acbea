// Calendar files and feeds on both drivers: a request's .ics for its two parties (parsed back with
// ical.js, as a calendar app would) carries the session's instant in UTC and the reader's zone, a UID
// that never changes, a SEQUENCE that grows with each change and STATUS:CANCELLED once cancelled;
// nobody else may read it. The private feed lists an account's sessions, keeps a cancelled one for 30
// days, and answers only the current secret.
import { createHash } from 'node:crypto';
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import type { CalendarFeed } from '../../contract/calendar';
import { createApp } from '../../server/app';
import { createLogger } from '../../server/logger';
import { issueToken } from '../../server/modules/auth/tokens';
import { body, bookAfter, creditHours, HOUR, makeStudent, makeTeacher, requestsFile } from './requests-helpers';

const ctx = requestsFile();

interface Parsed {
  zone: string | null;
  events: { uid: string; start: Date; end: Date; sequence: number; status: string; summary: string; description: string }[];
}

/** Parses an iCalendar text strictly (ical.js throws on anything malformed). */
function parse(text: string): Parsed {
  const calendar = new ICAL.Component(ICAL.parse(text));
  return {
    zone: calendar.getFirstPropertyValue('x-wr-timezone') as string | null,
    events: calendar.getAllSubcomponents('vevent').map((v) => {
      const e = new ICAL.Event(v);
      return {
        uid: e.uid,
        start: e.startDate.toJSDate(),
        end: e.endDate.toJSDate(),
        sequence: e.sequence,
        status: v.getFirstPropertyValue('status') as string,
        summary: e.summary,
        description: e.description,
      };
    }),
  };
}

async function call(user: number | null, method: string, path: string, locale: 'ar' | 'en' = 'en'): Promise<Response> {
  const headers: Record<string, string> = { 'Accept-Language': locale };
  if (user !== null) headers.Authorization = `Bearer ${await issueToken(ctx.db, user, new Date())}`;
  return ctx.app.request(path, { method, headers });
}

async function ics(user: number, id: number, locale: 'ar' | 'en' = 'en'): Promise<Parsed> {
  const res = await call(user, 'GET', `/api/v1/requests/${id}/calendar.ics`, locale);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
  expect(res.headers.get('content-disposition')).toBe(`attachment; filename="noor-session-${id}.ics"`);
  return parse(await res.text());
}

/** A family in London (not the default zone) with hours, and a teacher; the family's child's name. */
async function parties() {
  const teacher = await makeTeacher(ctx.db, { first: 'هدى', last: 'الكعبي' });
  const family = await makeStudent(ctx.db);
  await creditHours(ctx.db, family, 10);
  await ctx.db.query(`UPDATE users SET time_zone = 'Europe/London' WHERE id = $1`, [family]);
  await ctx.db.query(`UPDATE users SET time_zone = 'Asia/Riyadh' WHERE id = $1`, [teacher]);
  return { teacher, family };
}

async function book(family: number, teacher: number, inHours = 5) {
  const booked = await bookAfter(ctx, family, teacher, inHours, 1);
  expect(booked.res.status).toBe(201);
  return booked.json.data;
}

describe('a request as an .ics file', () => {
  it('carries the instant in UTC, the reader’s zone and language, and a link to the session', async () => {
    const { teacher, family } = await parties();
    const request = await book(family, teacher);
    const text = await (await call(family, 'GET', `/api/v1/requests/${request.id}/calendar.ics`, 'ar')).text();
    // The instants are UTC on the wire (…Z), whatever the reader's zone.
    expect(text).toMatch(new RegExp(`DTSTART:${request.starts_at.replace(/[-:]/g, '').replace(/\.\d{3}/, '')}`));
    const asFamily = parse(text);
    expect(asFamily.zone).toBe('Europe/London');
    expect(asFamily.events).toHaveLength(1);
    const [event] = asFamily.events;
    expect(event!.uid).toBe(`request-${request.id}@noor.local`);
    expect(event!.start.toISOString()).toBe(request.starts_at);
    expect(event!.end.toISOString()).toBe(request.ends_at);
    expect(event!.status).toBe('TENTATIVE');
    expect(event!.summary).toBe('حصة الرياضيات مع هدى الكعبي');
    expect(event!.description).toBe(`تفاصيل الحصة: http://localhost/session-details/${request.id}`);

    // The teacher: their own zone, English, the child's first name and phase, never the family's names or phone.
    const asTeacher = parse(await (await call(teacher, 'GET', `/api/v1/requests/${request.id}/calendar.ics`, 'en')).text());
    expect(asTeacher.zone).toBe('Asia/Riyadh');
    const family_ = (await ctx.db.one<{ phone: string; last_name: string }>('SELECT phone, last_name FROM users WHERE id = $1', [family]))!;
    const child = (await ctx.db.one<{ first_name: string; phase: string }>(
      'SELECT ch.first_name, p.name_en AS phase FROM requests r JOIN children ch ON ch.id = r.child_id JOIN phases p ON p.id = ch.phase_id WHERE r.id = $1',
      [request.id],
    ))!;
    expect(asTeacher.events[0]!.summary).toBe(`Mathematics lesson with ${child.first_name} (${child.phase})`);
    expect(asTeacher.events[0]!.uid).toBe(event!.uid);
    const whole = await (await call(teacher, 'GET', `/api/v1/requests/${request.id}/calendar.ics`)).text();
    expect(whole).not.toContain(family_.phone);
    expect(whole).not.toContain(family_.last_name);
  });

  it('takes its links and UID host from PUBLIC_URL when it is set', async () => {
    const { teacher, family } = await parties();
    const request = await book(family, teacher);
    const app = createApp({ db: ctx.db, log: createLogger('silent'), calendar: { publicUrl: 'https://noor.example' } });
    const headers = { 'Accept-Language': 'en', Authorization: `Bearer ${await issueToken(ctx.db, family, new Date())}` };
    const [event] = parse(await (await app.request(`/api/v1/requests/${request.id}/calendar.ics`, { headers })).text()).events;
    expect(event!.uid).toBe(`request-${request.id}@noor.example`);
    expect(event!.description).toBe(`Session details: https://noor.example/session-details/${request.id}`);
    const made = await app.request('/api/v1/profile/calendar-feed', { method: 'POST', headers });
    expect((await body<CalendarFeed>(made)).data.url).toMatch(/^https:\/\/noor\.example\/calendar\/[A-Za-z0-9_-]{22}\.ics$/);
  });

  it('keeps its UID, raises SEQUENCE with each change, and says CONFIRMED then CANCELLED', async () => {
    const { teacher, family } = await parties();
    const request = await book(family, teacher, 48);
    const first = (await ics(family, request.id)).events[0]!;
    expect(first.status).toBe('TENTATIVE');

    ctx.clock.now = new Date(ctx.clock.now.getTime() + 60_000);
    expect((await call(teacher, 'POST', `/api/v1/requests/${request.id}/approve`)).status).toBe(200);
    const approved = (await ics(family, request.id)).events[0]!;
    expect(approved).toMatchObject({ uid: first.uid, status: 'CONFIRMED' });
    expect(approved.sequence).toBeGreaterThan(first.sequence);

    ctx.clock.now = new Date(ctx.clock.now.getTime() + 60_000);
    expect((await call(family, 'POST', `/api/v1/requests/${request.id}/cancel`)).status).toBe(200);
    const cancelled = (await ics(teacher, request.id)).events[0]!;
    expect(cancelled).toMatchObject({ uid: first.uid, status: 'CANCELLED' });
    expect(cancelled.sequence).toBeGreaterThan(approved.sequence);
  });

  it('is shown CANCELLED once a pending request expired, even before the sweep wrote it', async () => {
    const { teacher, family } = await parties();
    const request = await book(family, teacher, 5);
    const before = (await ics(family, request.id)).events[0]!;
    ctx.clock.now = new Date(new Date(request.expires_at!).getTime() + 1000);
    const after = (await ics(family, request.id)).events[0]!;
    expect(after.status).toBe('CANCELLED');
    expect(after.sequence).toBeGreaterThan(before.sequence);
  });

  it('is read by the request’s two parties only: anybody else gets 404, as for an id that does not exist', async () => {
    const { teacher, family } = await parties();
    const request = await book(family, teacher);
    const otherFamily = await makeStudent(ctx.db);
    const otherTeacher = await makeTeacher(ctx.db);
    const path = `/api/v1/requests/${request.id}/calendar.ics`;
    expect((await call(null, 'GET', path)).status).toBe(401);
    const stranger = await call(otherFamily, 'GET', path);
    const missing = await call(otherFamily, 'GET', '/api/v1/requests/2147483000/calendar.ics');
    expect([stranger.status, missing.status, (await call(otherTeacher, 'GET', path)).status]).toEqual([404, 404, 404]);
    expect(await stranger.json()).toEqual(await missing.json());
    for (const bad of ['0', '-1', 'abc', '1e3', '99999999999'])
      expect((await call(family, 'GET', `/api/v1/requests/${bad}/calendar.ics`)).status).toBe(404);
  });
});

describe('the private subscription feed', () => {
  const feedPath = (url: string) => new URL(url).pathname;

  it('lists the account’s sessions, answers only the current secret, and stops when turned off', async () => {
    const { teacher, family } = await parties();
    const upcoming = await book(family, teacher, 24);
    const dropped = await book(family, teacher, 30);
    expect((await call(family, 'POST', `/api/v1/requests/${dropped.id}/cancel`)).status).toBe(200);

    expect((await body<CalendarFeed>(await call(family, 'GET', '/api/v1/profile/calendar-feed'))).data).toEqual({
      active: false,
      created_at: null,
      url: null,
    });
    const made = await call(family, 'POST', '/api/v1/profile/calendar-feed');
    expect(made.status).toBe(201);
    const { url } = (await body<CalendarFeed>(made)).data;
    expect(url).toMatch(/^http:\/\/localhost\/calendar\/[A-Za-z0-9_-]{22}\.ics$/);
    const token = /calendar\/(.+)\.ics$/.exec(url!)![1]!;
    // Stored as its hash only.
    const stored = await ctx.db.one<{ token_hash: string }>('SELECT token_hash FROM calendar_feeds WHERE user_id = $1', [family]);
    expect(stored!.token_hash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(stored!.token_hash).not.toContain(token);
    const status = (await body<CalendarFeed>(await call(family, 'GET', '/api/v1/profile/calendar-feed'))).data;
    expect(status).toMatchObject({ active: true, url: null });

    // No sign-in: the URL is the credential; the account's language (Arabic by default) and zone.
    const res = await call(null, 'GET', feedPath(url!));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    const feed = parse(await res.text());
    expect(feed.zone).toBe('Europe/London');
    const byUid = new Map(feed.events.map((e) => [e.uid, e]));
    expect(byUid.get(`request-${upcoming.id}@noor.local`)).toMatchObject({ status: 'TENTATIVE', summary: 'حصة الرياضيات مع هدى الكعبي' });
    expect(byUid.get(`request-${upcoming.id}@noor.local`)!.start.toISOString()).toBe(upcoming.starts_at);
    expect(byUid.get(`request-${dropped.id}@noor.local`)).toMatchObject({ status: 'CANCELLED' });

    // The teacher's own feed holds the open request too, and not the family's other data.
    const teacherFeed = (await body<CalendarFeed>(await call(teacher, 'POST', '/api/v1/profile/calendar-feed'))).data.url!;
    const forTeacher = parse(await (await call(null, 'GET', feedPath(teacherFeed))).text());
    expect(forTeacher.events.map((e) => e.uid)).toContain(`request-${upcoming.id}@noor.local`);
    expect(forTeacher.zone).toBe('Asia/Riyadh');

    // Rotating: the old URL is dead at once, the new one answers.
    const rotated = (await body<CalendarFeed>(await call(family, 'POST', '/api/v1/profile/calendar-feed'))).data.url!;
    expect(rotated).not.toBe(url);
    expect((await call(null, 'GET', feedPath(url!))).status).toBe(404);
    expect((await call(null, 'GET', feedPath(rotated))).status).toBe(200);
    // Turned off: gone.
    const off = await call(family, 'DELETE', '/api/v1/profile/calendar-feed');
    expect((await body<CalendarFeed>(off)).data).toEqual({ active: false, created_at: null, url: null });
    expect((await call(null, 'GET', feedPath(rotated))).status).toBe(404);
    // Unknown and malformed secrets.
    for (const path of ['/calendar/AAAAAAAAAAAAAAAAAAAAAA.ics', '/calendar/short.ics', `/calendar/${token}`]) {
      expect((await call(null, 'GET', path)).status).toBe(404);
    }
  });

  it('keeps a cancelled session 30 days, then drops it', async () => {
    const { teacher, family } = await parties();
    const gone = await book(family, teacher, 24);
    expect((await call(family, 'POST', `/api/v1/requests/${gone.id}/cancel`)).status).toBe(200);
    const url = (await body<CalendarFeed>(await call(family, 'POST', '/api/v1/profile/calendar-feed'))).data.url!;
    const uids = async () => parse(await (await call(null, 'GET', feedPath(url))).text()).events.map((e) => e.uid);
    expect(await uids()).toContain(`request-${gone.id}@noor.local`);
    ctx.clock.now = new Date(ctx.clock.now.getTime() + 31 * 24 * HOUR);
    expect(await uids()).not.toContain(`request-${gone.id}@noor.local`);
  });

  it('is rate-limited per secret', async () => {
    const { family } = await parties();
    const url = (await body<CalendarFeed>(await call(family, 'POST', '/api/v1/profile/calendar-feed'))).data.url!;
    const statuses: number[] = [];
    for (let i = 0; i < 61; i++) statuses.push((await call(null, 'GET', feedPath(url))).status);
    expect(statuses.slice(0, 60).every((s) => s === 200)).toBe(true);
    expect(statuses[60]).toBe(429);
  });
});
