// Lesson reminders by SMS, and the preference changes that came with them, on one app and database:
// - Opt-in: nothing is texted until the person turns SMS reminders on; then each reminder (and only a
//   reminder) is also an SMS, texted through the sign-in codes' SMS adapter (the development outbox,
//   sms_outbox) to the account's phone, in the person's language with the time in their zone.
// - The monthly budget per account: beyond it a reminder is 'skipped' with the reason and never
//   retried; a retry of one message is charged once; a new month has a whole budget. The sign-in codes'
//   hourly budget is neither spent by reminders nor able to stop them.
// - Quiet hours hold an SMS as they hold push; the 15-minute reminder still goes at once.
// - PATCH v1/profile/notification-preferences changes only the cells it names and refuses the rest.
// - News: off by default, e-mail only, and the RFC 8058 link stops it like any other kind.
// - /metrics: SMS sent, skipped, failed and queued.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationPreferences } from '../../contract/notification-preferences';
import { createHttpSms, createOutboxSms, readOutbox } from '../../server/adapters/sms';
import { createApp } from '../../server/app';
import type { Db } from '../../server/db';
import { createLogger } from '../../server/logger';
import { loadSignInLimits } from '../../server/modules/auth/limits';
import { takeSmsBudget } from '../../server/modules/auth/sms-budget';
import { issueToken } from '../../server/modules/auth/tokens';
import { unsubscribeToken } from '../../server/modules/notification-preferences';
import { notify } from '../../server/modules/notifications/service';
import { createSmsSender, runOutbox, type ChannelSender } from '../../server/modules/outbox';
import { createMetrics } from '../../server/ops/metrics';
import { seededDb, type TestDb } from './helpers';
import { makePerson } from './notifications-helpers';

const log = createLogger('silent');
let t: TestDb;
let db: Db;
let app: ReturnType<typeof createApp>;
let sms: ChannelSender;

beforeAll(async () => {
  t = await seededDb();
  db = t.db;
  app = createApp({ db, log });
  sms = createSmsSender({ sms: createOutboxSms({ db, log, production: false }) });
});
afterAll(() => t.close());

async function call(user: number, method: 'GET' | 'PATCH' | 'PUT', body?: unknown): Promise<Response> {
  const headers: Record<string, string> = { 'Accept-Language': 'en', Authorization: `Bearer ${await issueToken(db, user, new Date())}` };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  return app.request('/api/v1/profile/notification-preferences', {
    method,
    headers,
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
}

async function patch(user: number, body: unknown): Promise<NotificationPreferences> {
  const res = await call(user, 'PATCH', body);
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: NotificationPreferences }).data;
}

async function person({ timeZone = 'Asia/Riyadh', locale = 'en' as 'ar' | 'en', smsOn = true } = {}) {
  const id = await makePerson(db, { timeZone });
  await db.query('UPDATE users SET locale = $2 WHERE id = $1', [id, locale]);
  const phone = (await db.one<{ phone: string }>('SELECT phone FROM users WHERE id = $1', [id]))!.phone;
  if (smsOn) await patch(id, { kinds: { reminders: { sms: true } } });
  return { id, phone };
}

const LESSON = {
  request_id: 7,
  subject_en: 'Mathematics',
  subject_ar: 'الرياضيات',
  other_name: 'Ahmad',
  starts_at: '2030-03-12T10:00:00.000Z',
};

let reminderCounter = 0;
const remind = (userId: number, type: 'session_reminder_soon' | 'session_reminder_evening' = 'session_reminder_soon') =>
  notify(db, undefined, { userId, type, params: LESSON, dedupeKey: `sms-test-${(reminderCounter += 1)}` });

async function smsRows(userId: number) {
  return db.query<{ status: string; attempts: number; last_error: string | null; next_attempt_at: Date }>(
    `SELECT status, attempts, last_error, next_attempt_at FROM outbox WHERE user_id = $1 AND channel = 'sms' ORDER BY id`,
    [userId],
  );
}

async function drain(now: Date, senders: { sms: ChannelSender } = { sms }) {
  while ((await runOutbox(db, { senders, now })) > 0);
}

/** A time after anything queued so far ("now" for a runner right after notify). */
const justNow = () => new Date(Date.now() + 1);

describe('opt-in, reminders only', () => {
  it('texts nothing until turned on; then each reminder, in the person’s language and zone, to the account’s phone', async () => {
    const { id, phone } = await person({ locale: 'ar', smsOn: false });
    const defaults = ((await (await call(id, 'GET')).json()) as { data: NotificationPreferences }).data;
    expect(defaults.kinds.reminders).toEqual({ email: true, push: true, sms: false });
    await remind(id);
    expect(await smsRows(id)).toEqual([]);

    await patch(id, { kinds: { reminders: { sms: true } } });
    await remind(id);
    // Any other kind is never an SMS.
    await notify(db, undefined, { userId: id, type: 'request_approved', params: LESSON });
    await notify(db, undefined, { userId: id, type: 'request_canceled', params: LESSON });
    await drain(justNow());
    expect((await smsRows(id)).map((r) => r.status)).toEqual(['sent']);
    const texts = await readOutbox(db, phone);
    expect(texts).toHaveLength(1);
    // 10:00 UTC is 1 pm in Riyadh, said in Arabic with the zone.
    expect(texts[0]!.text).toMatch(/^نور: يبدأ درس الرياضيات مع Ahmad الساعة 1:00\s*م بتوقيت الرياض/u);
  });

  it('a person who turns SMS off after a reminder was queued is not texted', async () => {
    const { id, phone } = await person();
    await remind(id, 'session_reminder_evening');
    await patch(id, { kinds: { reminders: { sms: false } } });
    await drain(justNow());
    expect((await smsRows(id)).map((r) => r.status)).toEqual(['skipped']);
    expect(await readOutbox(db, phone)).toEqual([]);
  });
});

describe('the monthly budget', () => {
  it('beyond it: skipped with the reason, never retried; counted per account; a new month starts whole', async () => {
    const small = createSmsSender({ sms: createOutboxSms({ db, log, production: false }), perMonth: 2 });
    const { id, phone } = await person();
    const other = await person();
    const march = new Date('2031-03-20T12:00:00Z');
    for (let i = 0; i < 3; i++) await remind(id);
    await remind(other.id);
    await drain(march, { sms: small });
    expect((await smsRows(id)).map((r) => r.status)).toEqual(['sent', 'sent', 'skipped']);
    expect((await smsRows(id))[2]!.last_error).toBe('the monthly SMS budget of this account is spent (2)');
    expect((await smsRows(other.id)).map((r) => r.status)).toEqual(['sent']);
    expect(await readOutbox(db, phone)).toHaveLength(2);
    // Never tried again, even a day later.
    await drain(new Date(march.getTime() + 86_400_000), { sms: small });
    expect((await smsRows(id))[2]).toMatchObject({ status: 'skipped', attempts: 1 });
    // April: a whole budget again.
    await remind(id);
    await drain(new Date('2031-04-01T00:00:01Z'), { sms: small });
    expect((await smsRows(id)).map((r) => r.status)).toEqual(['sent', 'sent', 'skipped', 'sent']);
  });

  it('a message retried after the gateway failed is charged once', async () => {
    let answers = [503, 200];
    const texts: string[] = [];
    const gateway: Server = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        const status = answers.shift() ?? 200;
        if (status === 200) texts.push(body);
        res.writeHead(status).end();
      });
    });
    await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(gateway.address() as AddressInfo).port}/sms`;
      const viaGateway = createSmsSender({ sms: createHttpSms({ url }), perMonth: 1 });
      const { id } = await person();
      await remind(id);
      const start = new Date('2031-05-10T12:00:00Z');
      await runOutbox(db, { senders: { sms: viaGateway }, now: start });
      const [failed] = await smsRows(id);
      expect(failed).toMatchObject({ status: 'queued', attempts: 1, last_error: 'SMS gateway answered 503' });
      await drain(failed!.next_attempt_at, { sms: viaGateway });
      // The one message of the budget went out on its second try: the failed try did not spend it.
      expect((await smsRows(id)).map((r) => r.status)).toEqual(['sent']);
      expect(texts).toHaveLength(1);
      answers = [];
      const prefs = ((await (await call(id, 'GET')).json()) as { data: NotificationPreferences }).data;
      expect(prefs.sms_month.limit).toBe(30);
    } finally {
      await new Promise<void>((resolve) => gateway.close(() => resolve()));
    }
  });

  it('is apart from the sign-in codes’ hourly budget: reminders spend none of it, and a spent one stops no reminder', async () => {
    const { id, phone } = await person();
    await remind(id);
    const now = justNow();
    const hour = new Date(Math.floor(now.getTime() / 3_600_000) * 3_600_000);
    const codeBudget = async () =>
      db.query<{ scope: string; sent: number }>('SELECT scope, sent FROM sms_budget WHERE window_start = $1 ORDER BY scope', [hour]);
    const before = await codeBudget();
    await drain(now);
    expect(await codeBudget()).toEqual(before);
    // Spend the codes' budget for this hour (a cap of one code an hour, all countries).
    const limits = loadSignInLimits({ SMS_HOURLY_LIMIT: String(1 + Math.max(0, ...before.map((r) => Number(r.sent)))) }).sms;
    const take = () => takeSmsBudget(db, { phone, now, limits, log, consume: true, newNumber: false });
    while ((await take()).ok);
    expect(await take()).toMatchObject({ ok: false });
    await remind(id);
    await drain(justNow());
    expect((await smsRows(id)).map((r) => r.status)).toEqual(['sent', 'sent']);
    expect(await readOutbox(db, phone)).toHaveLength(2);
    const used = ((await (await call(id, 'GET')).json()) as { data: NotificationPreferences }).data.sms_month;
    expect(used).toEqual({ used: 2, limit: 30 });
  });
});

describe('quiet hours', () => {
  it('hold the evening reminder’s SMS until they end; the 15-minute reminder goes at once', async () => {
    const { id } = await person({ timeZone: 'Asia/Riyadh' });
    await patch(id, { quiet_hours: { enabled: true, start: '21:00', end: '07:00' } });
    const lesson = { ...LESSON, starts_at: '2031-06-11T09:00:00.000Z' };
    await notify(db, undefined, { userId: id, type: 'session_reminder_evening', params: lesson, dedupeKey: 'quiet-evening' });
    await notify(db, undefined, { userId: id, type: 'session_reminder_soon', params: lesson, dedupeKey: 'quiet-soon' });
    // 23:00 in Riyadh (UTC+3): inside the quiet hours, which end at 07:00 local, 04:00 UTC.
    await drain(new Date('2031-06-10T20:00:00Z'));
    const rows = await smsRows(id);
    expect(rows.map((r) => r.status)).toEqual(['queued', 'sent']);
    expect(rows[0]).toMatchObject({ attempts: 0, next_attempt_at: new Date('2031-06-11T04:00:00Z') });
  });
});

describe('PATCH v1/profile/notification-preferences', () => {
  it('changes only the cells and fields it names, and refuses what is not offered or not valid with 400', async () => {
    const { id } = await person({ smsOn: false });
    const before = ((await (await call(id, 'GET')).json()) as { data: NotificationPreferences }).data;
    const after = await patch(id, { kinds: { messages: { email: false } }, quiet_hours: { end: '06:30' } });
    expect(after).toEqual({
      ...before,
      kinds: { ...before.kinds, messages: { email: false, push: true } },
      quiet_hours: { ...before.quiet_hours, end: '06:30' },
    });
    expect(await patch(id, {})).toEqual(after);
    for (const bad of [
      { kinds: { news: { push: true } } },
      { kinds: { bookings: { sms: true } } },
      { kinds: { holidays: { email: true } } },
      { kinds: { reminders: { sms: 'yes' } } },
      { colour: 'blue' },
      { quiet_hours: { start: '25:00' } },
      // The start alone, equal to the stored end: the pair it makes is refused.
      { quiet_hours: { start: '06:30' } },
      [],
    ]) {
      const res = await call(id, 'PATCH', bad);
      expect(res.status, JSON.stringify(bad)).toBe(400);
    }
    expect(((await (await call(id, 'GET')).json()) as { data: NotificationPreferences }).data).toEqual(after);
    const anonymous = await app.request('/api/v1/profile/notification-preferences', { method: 'PATCH', body: '{}' });
    expect(anonymous.status).toBe(401);
  });

  it('PUT from a client that knows neither SMS nor news leaves those two as they are', async () => {
    const { id } = await person();
    await patch(id, { kinds: { news: { email: true } } });
    const pair = { email: true, push: false };
    const res = await call(id, 'PUT', {
      kinds: { reminders: pair, bookings: pair, messages: pair, payments: pair },
      quiet_hours: { enabled: false, start: '21:00', end: '07:00' },
    });
    expect(res.status).toBe(200);
    const { kinds } = ((await res.json()) as { data: NotificationPreferences }).data;
    expect(kinds).toEqual({ reminders: { ...pair, sms: true }, bookings: pair, messages: pair, payments: pair, news: { email: true } });
  });
});

describe('news', () => {
  it('is off by default, e-mail only, and its one-click link turns it off without sign-in', async () => {
    const { id } = await person({ smsOn: false });
    const prefs = await patch(id, { kinds: { news: { email: true } } });
    expect(prefs.kinds.news).toEqual({ email: true });
    const token = await unsubscribeToken(db, id, 'news');
    const res = await app.request(`/unsubscribe?t=${encodeURIComponent(token)}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('Noor news and offers');
    const after = ((await (await call(id, 'GET')).json()) as { data: NotificationPreferences }).data;
    expect(after.kinds).toEqual({ ...prefs.kinds, news: { email: false } });
  });
});

describe('/metrics', () => {
  it('counts SMS sent and skipped, and shows those queued', async () => {
    await db.query(`DELETE FROM outbox WHERE channel = 'sms' AND status IN ('queued', 'sending')`);
    const metrics = createMetrics({ db, processMetrics: false });
    const { id } = await person();
    await patch(id, { quiet_hours: { enabled: false } });
    await remind(id);
    await remind(id);
    expect(await metrics.registry.getSingleMetricAsString('noor_outbox_queued')).toContain('noor_outbox_queued{channel="sms"} 2');
    await patch(id, { kinds: { reminders: { sms: false } } });
    await runOutbox(db, { senders: { sms }, now: justNow(), batch: 1, onOutcome: (o) => metrics.outbox(o.channel, o.outcome) });
    await patch(id, { kinds: { reminders: { sms: true } } });
    await runOutbox(db, { senders: { sms }, now: justNow(), onOutcome: (o) => metrics.outbox(o.channel, o.outcome) });
    const tries = await metrics.registry.getSingleMetricAsString('noor_outbox_messages_total');
    expect(tries).toContain('noor_outbox_messages_total{channel="sms",outcome="sent"} 1');
    expect(tries).toContain('noor_outbox_messages_total{channel="sms",outcome="skipped"} 1');
    expect(tries).toContain('noor_outbox_messages_total{channel="sms",outcome="failed"} 0');
    expect(await metrics.registry.getSingleMetricAsString('noor_outbox_queued')).toContain('noor_outbox_queued{channel="sms"} 0');
  });
});
