// Notification preferences, quiet hours and one-click unsubscribe, with the real channels: e-mail through
// an SMTP server in this process (parsed by mailparser) and web push to a push service on loopback.
// - GET/PUT v1/profile/notification-preferences: defaults, saving, refusing bad input.
// - The outbox applies the person's choices when it delivers: a kind turned off on a channel is skipped
//   on that channel only; what must always arrive still does.
// - Quiet hours, read in the person's zone (across midnight, a zone whose date differs from UTC's and a
//   daylight-saving change): push waits for their end, e-mail does not, and the 15-minute reminder or a
//   message about a lesson before they end goes at once.
// - RFC 8058: the e-mail carries List-Unsubscribe and List-Unsubscribe-Post; POSTing to that URL without
//   sign-in turns that kind's e-mail off; a token cannot be forged or turned into someone else's.
import { createECDH, randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ParsedMail } from 'mailparser';
import webpush from 'web-push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationPreferences, PreferencesInput } from '../../contract/notification-preferences';
import type { NotificationType } from '../../contract/notifications';
import { createApp } from '../../server/app';
import type { Db } from '../../server/db';
import { createLogger } from '../../server/logger';
import { issueToken } from '../../server/modules/auth/tokens';
import { quietUntil } from '../../server/modules/notification-preferences/policy';
import { notify } from '../../server/modules/notifications/service';
import { createEmailSender, createPushSender, runOutbox, type ChannelSender } from '../../server/modules/outbox';
import { seededDb, type TestDb } from './helpers';
import { makePerson } from './notifications-helpers';
import { startSmtp, type TestSmtp } from './support/smtp';

const PUBLIC_URL = 'https://noor.test';
let t: TestDb;
let db: Db;
let app: ReturnType<typeof createApp>;
let smtp: TestSmtp;
let email: ReturnType<typeof createEmailSender>;
let pushService: Server;
let pushOrigin = '';
const pushArrivals: string[] = [];
const push = createPushSender({ vapid: { ...webpush.generateVAPIDKeys(), subject: 'mailto:push@noor.test' }, timeoutMs: 5_000 });

beforeAll(async () => {
  t = await seededDb();
  db = t.db;
  app = createApp({ db, log: createLogger('silent') });
  smtp = await startSmtp();
  email = createEmailSender({ smtpUrl: smtp.url, from: 'Noor <no-reply@noor.test>', publicUrl: PUBLIC_URL });
  pushService = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      pushArrivals.push(req.url ?? '');
      res.writeHead(201).end();
    });
  });
  await new Promise<void>((resolve) => pushService.listen(0, '127.0.0.1', resolve));
  pushOrigin = `http://127.0.0.1:${(pushService.address() as AddressInfo).port}`;
});
afterAll(async () => {
  email.close();
  await smtp.close();
  await new Promise<void>((resolve) => pushService.close(() => resolve()));
  await t.close();
});

let counter = 0;
/** A person with a verified e-mail address and one browser with push on. */
async function person({ timeZone = 'Asia/Riyadh', locale = 'en' as 'ar' | 'en' } = {}) {
  const id = await makePerson(db, { timeZone });
  counter += 1;
  const address = `prefs${process.pid}-${counter}@example.test`;
  await db.query('UPDATE users SET email = $2, locale = $3, email_verified_at = now() WHERE id = $1', [id, address, locale]);
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const endpointPath = `/push/${randomBytes(8).toString('hex')}`;
  await db.query('INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth) VALUES ($1, $2, $3, $4)', [
    id,
    `${pushOrigin}${endpointPath}`,
    ecdh.getPublicKey().toString('base64url'),
    randomBytes(16).toString('base64url'),
  ]);
  return { id, address, endpointPath };
}

async function call(user: number, method: 'GET' | 'PUT', body?: unknown): Promise<Response> {
  const headers: Record<string, string> = { 'Accept-Language': 'en', Authorization: `Bearer ${await issueToken(db, user, new Date())}` };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  return app.request('/api/v1/profile/notification-preferences', {
    method,
    headers,
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
}

const ALL_ON: PreferencesInput = {
  kinds: {
    reminders: { email: true, push: true },
    bookings: { email: true, push: true },
    messages: { email: true, push: true },
    payments: { email: true, push: true },
  },
  quiet_hours: { enabled: false, start: '21:00', end: '07:00' },
};

async function save(user: number, change: (p: PreferencesInput) => void): Promise<NotificationPreferences> {
  const input = structuredClone(ALL_ON);
  change(input);
  const res = await call(user, 'PUT', input);
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: NotificationPreferences }).data;
}

const LESSON = {
  request_id: 7,
  subject_en: 'Mathematics',
  subject_ar: 'الرياضيات',
  other_name: 'Ahmad',
  starts_at: '2030-03-12T10:00:00.000Z',
};

async function statuses(user: number) {
  return db.query<{ channel: string; type: NotificationType; status: string; next_attempt_at: Date; attempts: number }>(
    `SELECT o.channel, n.type, o.status, o.next_attempt_at, o.attempts FROM outbox o JOIN notifications n ON n.id = o.notification_id
      WHERE o.user_id = $1 ORDER BY o.id`,
    [user],
  );
}

async function drain(now: Date, senders: Partial<Record<'email' | 'push', ChannelSender>> = { email, push }) {
  while ((await runOutbox(db, { senders, now })) > 0);
}

/** A header as it arrived (mailparser folds List-* headers into one object; the raw line is what a provider reads). */
function rawHeader(mail: ParsedMail, name: string): string | undefined {
  const line = mail.headerLines.find((h) => h.key === name.toLowerCase())?.line;
  return line
    ?.slice(line.indexOf(':') + 1)
    .replace(/\r?\n[ \t]+/g, ' ')
    .trim();
}

const unsubscribeUrl = (mail: ParsedMail) => /^<([^>]+)>$/.exec(rawHeader(mail, 'List-Unsubscribe') ?? '')?.[1];

const mailsTo = (address: string) => smtp.received.filter((m) => m.to && !Array.isArray(m.to) && m.to.text === address);

describe('v1/profile/notification-preferences', () => {
  it('starts with every kind on, saves choices and quiet hours, and refuses bad input with 400', async () => {
    const { id } = await person();
    const first = await call(id, 'GET');
    expect(first.status).toBe(200);
    const defaults = ((await first.json()) as { data: NotificationPreferences }).data;
    // SMS reminders and news are off until asked for.
    expect(defaults).toEqual({
      kinds: { ...ALL_ON.kinds, reminders: { email: true, push: true, sms: false }, news: { email: false } },
      quiet_hours: ALL_ON.quiet_hours,
      reachable: { email: true, push: true, sms: true },
      sms_month: { used: 0, limit: 30 },
      time_zone: 'Asia/Riyadh',
    });

    const saved = await save(id, (p) => {
      p.kinds.messages.email = false;
      p.quiet_hours = { enabled: true, start: '22:30', end: '06:15' };
    });
    expect(saved.kinds.messages).toEqual({ email: false, push: true });
    expect(saved.quiet_hours).toEqual({ enabled: true, start: '22:30', end: '06:15' });
    const again = ((await (await call(id, 'GET')).json()) as { data: NotificationPreferences }).data;
    expect(again).toEqual(saved);

    for (const bad of [
      {},
      { ...ALL_ON, quiet_hours: { enabled: true, start: '24:00', end: '07:00' } },
      { ...ALL_ON, quiet_hours: { enabled: true, start: '07:00', end: '07:00' } },
      { ...ALL_ON, kinds: { ...ALL_ON.kinds, reminders: { email: 'no', push: true } } },
    ]) {
      const res = await call(id, 'PUT', bad);
      expect(res.status).toBe(400);
    }
    // Another person's choices are untouched by all of this.
    const other = await person();
    expect(((await (await call(other.id, 'GET')).json()) as { data: NotificationPreferences }).data.kinds.messages.email).toBe(true);
  });
});

describe('the outbox applies the choices when it delivers', () => {
  it('skips a kind turned off on that channel only, and still sends what must always arrive', async () => {
    const { id, address, endpointPath } = await person();
    await save(id, (p) => {
      p.kinds.bookings.email = false;
      p.kinds.payments.push = false;
    });
    await notify(db, undefined, { userId: id, type: 'request_approved', params: LESSON });
    await notify(db, undefined, { userId: id, type: 'payment_completed', params: { order_id: 3, hours: 2, package_name_en: 'Two hours' } });
    // A cancellation belongs to bookings, but always goes out.
    await notify(db, undefined, { userId: id, type: 'request_canceled', params: LESSON });
    pushArrivals.length = 0;
    await drain(new Date(Date.now() + 1));
    const rows = (await statuses(id)).map((r) => `${r.type}/${r.channel}: ${r.status}`);
    expect(rows.sort()).toEqual(
      [
        'request_approved/email: skipped',
        'request_approved/push: sent',
        'payment_completed/email: sent',
        'payment_completed/push: skipped',
        'request_canceled/email: sent',
        'request_canceled/push: sent',
      ].sort(),
    );
    expect(mailsTo(address).map((m) => m.subject)).toHaveLength(2);
    expect(pushArrivals.filter((p) => p === endpointPath)).toHaveLength(2);
  });

  it('applies a choice made after the message was queued', async () => {
    const { id, address } = await person();
    await notify(db, undefined, { userId: id, type: 'message_received', params: { conversation_id: 4, other_name: 'Ahmad' } });
    await save(id, (p) => {
      p.kinds.messages.email = false;
    });
    await drain(new Date(Date.now() + 1), { email });
    expect((await statuses(id)).filter((r) => r.channel === 'email').map((r) => r.status)).toEqual(['skipped']);
    expect(mailsTo(address)).toHaveLength(0);
  });
});

describe('quiet hours', () => {
  const window = (timeZone: string, start = 21 * 60, end = 7 * 60) => ({ enabled: true, startMinute: start, endMinute: end, timeZone });

  it('are read in the person’s zone, across midnight and a daylight-saving change', () => {
    // 22:30 in Riyadh (UTC+3) is 19:30 UTC: quiet until 07:00 Riyadh the next morning.
    expect(quietUntil(new Date('2030-03-09T19:30:00Z'), window('Asia/Riyadh'))?.toISOString()).toBe('2030-03-10T04:00:00.000Z');
    // 01:30 on the 10th in Riyadh is still the 9th in UTC: quiet until 07:00 the same local morning.
    expect(quietUntil(new Date('2030-03-09T22:30:00Z'), window('Asia/Riyadh'))?.toISOString()).toBe('2030-03-10T04:00:00.000Z');
    // 20:59 local is outside; so is 07:00 sharp; the same instant is quiet for someone in another zone.
    expect(quietUntil(new Date('2030-03-09T17:59:00Z'), window('Asia/Riyadh'))).toBeNull();
    expect(quietUntil(new Date('2030-03-10T04:00:00Z'), window('Asia/Riyadh'))).toBeNull();
    expect(quietUntil(new Date('2030-03-09T17:59:00Z'), window('Asia/Tokyo'))?.toISOString()).toBe('2030-03-09T22:00:00.000Z');
    // New York springs forward on 10 March 2030: 22:00 EST on the 9th waits until 07:00 EDT, 11:00 UTC
    // (nine hours later, not ten).
    expect(quietUntil(new Date('2030-03-10T03:00:00Z'), window('America/New_York'))?.toISOString()).toBe('2030-03-10T11:00:00.000Z');
    // A window that does not cross midnight (13:00–15:00), and one turned off.
    expect(quietUntil(new Date('2030-03-09T10:30:00Z'), window('Asia/Riyadh', 13 * 60, 15 * 60))?.toISOString()).toBe(
      '2030-03-09T12:00:00.000Z',
    );
    expect(quietUntil(new Date('2030-03-09T19:30:00Z'), { ...window('Asia/Riyadh'), enabled: false })).toBeNull();
  });

  it('hold push until they end (not dropped), let e-mail through, and send at once what cannot wait', async () => {
    const { id, address, endpointPath } = await person({ timeZone: 'America/New_York' });
    await save(id, (p) => {
      p.quiet_hours = { enabled: true, start: '21:00', end: '07:00' };
    });
    // Queued at 22:00 New York time on the 9th, the night the clocks go forward.
    const night = new Date('2030-03-10T03:00:00Z');
    const morning = new Date('2030-03-10T11:00:00Z');
    await notify(db, undefined, { userId: id, type: 'request_approved', params: LESSON });
    // The 15-minute reminder, and a cancellation of a lesson at 06:30 local, before the quiet hours end.
    await notify(db, undefined, { userId: id, type: 'session_reminder_soon', params: { ...LESSON, request_id: 8 } });
    await notify(db, undefined, {
      userId: id,
      type: 'request_canceled',
      params: { ...LESSON, request_id: 9, starts_at: '2030-03-10T10:30:00Z' },
    });
    await db.query('UPDATE outbox SET next_attempt_at = $2 WHERE user_id = $1', [id, night]);
    pushArrivals.length = 0;
    await drain(night);
    const atNight = await statuses(id);
    expect(atNight.filter((r) => r.channel === 'email').every((r) => r.status === 'sent')).toBe(true);
    expect(mailsTo(address)).toHaveLength(3);
    const held = atNight.find((r) => r.channel === 'push' && r.type === 'request_approved')!;
    expect(held).toMatchObject({ status: 'queued', attempts: 0 });
    expect(held.next_attempt_at.toISOString()).toBe(morning.toISOString());
    expect(atNight.filter((r) => r.channel === 'push' && r.type !== 'request_approved').map((r) => r.status)).toEqual(['sent', 'sent']);
    expect(pushArrivals.filter((p) => p === endpointPath)).toHaveLength(2);

    // A minute before the end it still waits; at the end it goes.
    await drain(new Date(morning.getTime() - 60_000));
    expect(pushArrivals.filter((p) => p === endpointPath)).toHaveLength(2);
    await drain(morning);
    expect(pushArrivals.filter((p) => p === endpointPath)).toHaveLength(3);
    expect((await statuses(id)).find((r) => r.channel === 'push' && r.type === 'request_approved')).toMatchObject({
      status: 'sent',
      attempts: 1,
    });
  });
});

describe('one-click unsubscribe (RFC 8058)', () => {
  it('carries the headers, and a POST to that URL without sign-in stops that kind of e-mail only', async () => {
    const { id, address } = await person({ locale: 'ar' });
    const other = await person();
    await notify(db, undefined, { userId: id, type: 'message_received', params: { conversation_id: 4, other_name: 'أحمد' } });
    await notify(db, undefined, { userId: id, type: 'request_canceled', params: LESSON });
    await notify(db, undefined, { userId: other.id, type: 'message_received', params: { conversation_id: 5, other_name: 'Ahmad' } });
    await drain(new Date(Date.now() + 1), { email });
    const [message, cancelled] = mailsTo(address);
    const url = unsubscribeUrl(message!)!;
    expect(url).toMatch(/^https:\/\/noor\.test\/unsubscribe\?t=/);
    expect(rawHeader(message!, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    expect(message!.text).toContain(url);
    // A cancellation always goes out: nothing to unsubscribe from.
    expect(rawHeader(cancelled!, 'List-Unsubscribe')).toBeUndefined();
    expect(rawHeader(cancelled!, 'List-Unsubscribe-Post')).toBeUndefined();

    const path = url.slice(PUBLIC_URL.length);
    // GET only asks (in the person's language); nothing changes.
    const page = await app.request(path);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('lang="ar" dir="rtl"');
    expect(html).toContain('method="post"');
    expect((await (await call(id, 'GET')).json()) as { data: NotificationPreferences }).toMatchObject({
      data: { kinds: { messages: { email: true } } },
    });

    // What a mail provider sends: no cookie, no token but the URL's.
    const post = await app.request(path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(post.status).toBe(200);
    const prefs = ((await (await call(id, 'GET')).json()) as { data: NotificationPreferences }).data;
    expect(prefs.kinds.messages).toEqual({ email: false, push: true });
    expect(prefs.kinds.bookings.email).toBe(true);
    expect(((await (await call(other.id, 'GET')).json()) as { data: NotificationPreferences }).data.kinds.messages.email).toBe(true);

    // The next message e-mail is skipped; a booking e-mail still arrives.
    await notify(db, undefined, { userId: id, type: 'message_received', params: { conversation_id: 4, other_name: 'أحمد' } });
    await notify(db, undefined, { userId: id, type: 'request_approved', params: LESSON });
    await drain(new Date(Date.now() + 1), { email });
    expect(mailsTo(address)).toHaveLength(3);
    expect(mailsTo(address)[2]!.subject).not.toContain('رسالة');
  });

  it('refuses a forged token, or one changed to another person or kind, with 400', async () => {
    const { id, address } = await person();
    const other = await person();
    await notify(db, undefined, { userId: id, type: 'payment_completed', params: { order_id: 3, hours: 2, package_name_en: 'Two hours' } });
    await drain(new Date(Date.now() + 1), { email });
    const token = new URL(unsubscribeUrl(mailsTo(address)[0]!)!).searchParams.get('t')!;
    const [, kind, mac] = token.split('.');
    for (const forged of [`${other.id}.${kind}.${mac}`, `${id}.messages.${mac}`, `${id}.${kind}.${'A'.repeat(43)}`, 'nonsense', '']) {
      const res = await app.request(`/unsubscribe?t=${encodeURIComponent(forged)}`, { method: 'POST' });
      expect(res.status).toBe(400);
    }
    for (const user of [id, other.id]) {
      const prefs = ((await (await call(user, 'GET')).json()) as { data: NotificationPreferences }).data;
      const { reminders, bookings, messages, payments } = prefs.kinds;
      expect([reminders, bookings, messages, payments].every((c) => c.email && c.push)).toBe(true);
    }
  });
});
