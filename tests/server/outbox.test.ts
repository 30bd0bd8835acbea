// The outbox: a notification to someone with a verified e-mail address is also an e-mail, queued in the
// same transaction and delivered by the runner through a real SMTP server (in this process), in the
// recipient's language; a provider that is down delays delivery (retries with backoff, then 'failed');
// two runners never send a message twice, and a runner that dies between sending and recording costs
// at most a duplicate, never a lost message.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../../server/db';
import { notify } from '../../server/modules/notifications/service';
import { recordNotification } from '../../server/modules/notifications/service';
import { createEmailSender, runOutbox, type ChannelSender } from '../../server/modules/outbox';
import { backoffMs, LEASE_MS, MAX_ATTEMPTS } from '../../server/modules/outbox/delivery';
import { createMetrics } from '../../server/ops/metrics';
import { databaseUrl, seededDb, type TestDb } from './helpers';
import { makePerson } from './notifications-helpers';
import { startSmtp, type TestSmtp } from './support/smtp';

let t: TestDb;
let db: Db;
let smtp: TestSmtp;
let email: ReturnType<typeof createEmailSender>;
let mailCounter = 0;

beforeAll(async () => {
  t = await seededDb();
  db = t.db;
  smtp = await startSmtp();
  email = createEmailSender({ smtpUrl: smtp.url, from: 'Noor <no-reply@noor.test>', publicUrl: 'https://noor.test' });
});
afterAll(async () => {
  email.close();
  await smtp.close();
  await t.close();
});

/** A person with an e-mail address (verified unless said otherwise) and a language. */
async function person({
  locale = 'ar',
  verified = true,
  type = 'student',
}: { locale?: 'ar' | 'en'; verified?: boolean; type?: 'student' | 'instructor' } = {}) {
  const id = await makePerson(db, { type, timeZone: 'Asia/Riyadh' });
  mailCounter += 1;
  const address = `p${process.pid}-${mailCounter}@example.test`;
  await db.query('UPDATE users SET email = $2, locale = $3, email_verified_at = $4 WHERE id = $1', [
    id,
    address,
    locale,
    verified ? new Date() : null,
  ]);
  return { id, address };
}

async function outboxOf(userId: number) {
  return db.query<{ id: number; status: string; attempts: number; next_attempt_at: Date; last_error: string | null }>(
    'SELECT id::int AS id, status, attempts, next_attempt_at, last_error FROM outbox WHERE user_id = $1 ORDER BY id',
    [userId],
  );
}

const REMINDER = {
  type: 'session_reminder_soon' as const,
  params: {
    request_id: 7,
    starts_at: '2030-03-10T10:00:00.000Z',
    subject_ar: 'الرياضيات',
    subject_en: 'Mathematics',
    other_name: 'أحمد الكواري',
  },
};

/**
 * "Now" for a runner right after messages were queued. PostgreSQL stamps `next_attempt_at` in
 * microseconds, a JS Date has milliseconds: a message queued earlier in the same millisecond as a
 * plain `new Date()` is still 0.x ms in the future, and a run at that instant rightly leaves it for the
 * next tick (on PostgreSQL, one of twelve messages was sometimes "left unsent" this way).
 */
const justNow = () => new Date(Date.now() + 1);

/** Runs the outbox until nothing is due at `now`. */
async function drain(now: Date, senders: { email: ChannelSender } = { email }) {
  let total = 0;
  for (;;) {
    const sent = await runOutbox(db, { senders, now });
    total += sent;
    if (sent === 0) return total;
  }
}

describe('queuing', () => {
  it('queues an e-mail with the notification, in its transaction: a rollback queues nothing', async () => {
    const { id } = await person();
    await db
      .transaction(async (tx) => {
        await recordNotification(tx, { userId: id, ...REMINDER, dedupeKey: 'rolled-back' });
        throw new Error('the change fails');
      })
      .catch(() => undefined);
    expect(await outboxOf(id)).toEqual([]);
    await notify(db, undefined, { userId: id, ...REMINDER, dedupeKey: 'kept' });
    // A producer's retry (same dedupe key) queues nothing more.
    await notify(db, undefined, { userId: id, ...REMINDER, dedupeKey: 'kept' });
    expect((await outboxOf(id)).map((r) => r.status)).toEqual(['queued']);
  });

  it('queues nothing for an address that is not verified, or for someone without one', async () => {
    const unverified = await person({ verified: false });
    const none = await makePerson(db);
    await notify(db, undefined, { userId: unverified.id, ...REMINDER });
    await notify(db, undefined, { userId: none, ...REMINDER });
    expect(await outboxOf(unverified.id)).toEqual([]);
    expect(await outboxOf(none)).toEqual([]);
  });
});

describe('delivery over SMTP', () => {
  it('sends the reminder in Arabic, right to left, with a plain-text part and the link to the session', async () => {
    const { id, address } = await person({ locale: 'ar' });
    await notify(db, undefined, { userId: id, ...REMINDER });
    const before = smtp.received.length;
    await drain(justNow());
    const mail = smtp.received.slice(before).find((m) => m.to && !Array.isArray(m.to) && m.to.text === address);
    expect(mail).toBeDefined();
    expect(mail!.subject).toBe('يبدأ درسك بعد 15 دقيقة');
    expect(mail!.text).toContain('الرياضيات');
    expect(mail!.text).toContain('https://noor.test/session-details/7');
    // 1 pm in Riyadh for 10:00 UTC, said in the recipient's zone.
    expect(mail!.text).toMatch(/1:00\s*م بتوقيت الرياض/u);
    expect(mail!.html).toContain('dir="rtl"');
    expect(mail!.html).toContain('lang="ar"');
    expect(mail!.html).toContain('prefers-color-scheme: dark');
    expect(mail!.messageId).toMatch(/^<outbox-\d+@noor\.test>$/);
    expect((await outboxOf(id)).map((r) => r.status)).toEqual(['sent']);
  });

  it('sends in English to someone who reads English, left to right', async () => {
    const { id, address } = await person({ locale: 'en' });
    await notify(db, undefined, {
      userId: id,
      type: 'payment_completed',
      params: { order_id: 41, hours: 5, package_name_en: 'Five hours', package_name_ar: 'خمس ساعات' },
    });
    const before = smtp.received.length;
    await drain(justNow());
    const mail = smtp.received.slice(before).find((m) => !Array.isArray(m.to) && m.to?.text === address);
    expect(mail!.subject).toBe('Payment receipt no. 41');
    expect(mail!.text).toContain('Five hours, 5 hours');
    expect(mail!.html).toContain('dir="ltr"');
  });
});

describe('a provider that is down', () => {
  it('delays delivery with growing waits, then sends once the provider is back', async () => {
    const { id, address } = await person();
    await notify(db, undefined, { userId: id, ...REMINDER });
    const start = justNow();
    smtp.refuse = true;
    try {
      await runOutbox(db, { senders: { email }, now: start });
    } finally {
      smtp.refuse = false;
    }
    const [row] = await outboxOf(id);
    expect(row).toMatchObject({ status: 'queued', attempts: 1 });
    expect(row!.last_error).toContain('451');
    expect(row!.next_attempt_at.getTime()).toBe(start.getTime() + backoffMs(1));
    // Not due yet: nothing is tried.
    await drain(new Date(start.getTime() + backoffMs(1) - 1000));
    expect((await outboxOf(id))[0]).toMatchObject({ status: 'queued', attempts: 1 });
    const before = smtp.received.length;
    await drain(new Date(start.getTime() + backoffMs(1)));
    expect(smtp.received.slice(before).filter((m) => !Array.isArray(m.to) && m.to?.text === address)).toHaveLength(1);
    expect((await outboxOf(id))[0]).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it(`gives up after ${MAX_ATTEMPTS} tries: 'failed', with the last error, counted on /metrics`, async () => {
    const { id } = await person();
    await notify(db, undefined, { userId: id, ...REMINDER });
    const metrics = createMetrics({ db, processMetrics: false });
    const queuedBefore = await metrics.registry.getSingleMetricAsString('noor_outbox_queued');
    expect(queuedBefore).toMatch(/noor_outbox_queued\{channel="email"\} [1-9]/);
    let now = justNow();
    smtp.refuse = true;
    try {
      for (let i = 1; i <= MAX_ATTEMPTS; i++) {
        await runOutbox(db, { senders: { email }, now, onOutcome: (o) => metrics.outbox(o.channel, o.outcome) });
        now = new Date(now.getTime() + backoffMs(i));
      }
    } finally {
      smtp.refuse = false;
    }
    const [row] = await outboxOf(id);
    expect(row).toMatchObject({ status: 'failed', attempts: MAX_ATTEMPTS });
    expect(row!.last_error).toContain('451');
    // Never tried again.
    await drain(new Date(now.getTime() + 24 * 3600_000));
    expect((await outboxOf(id))[0]!.status).toBe('failed');
    const tries = await metrics.registry.getSingleMetricAsString('noor_outbox_messages_total');
    expect(tries).toContain(`noor_outbox_messages_total{channel="email",outcome="retry"} ${MAX_ATTEMPTS - 1}`);
    expect(tries).toContain('noor_outbox_messages_total{channel="email",outcome="failed"} 1');
  });
});

describe('exactly once', () => {
  // Each case counts every message it sees: nothing left queued by an earlier case (a retry scheduled
  // in the future, a message given up on) may be picked up by these runners.
  beforeEach(async () => {
    await db.query('DELETE FROM outbox');
  });

  it('two runners on their own connections send each of 12 messages once', async () => {
    const other = databaseUrl ? await t.reopen() : db;
    try {
      const people = await Promise.all(Array.from({ length: 12 }, () => person()));
      for (const p of people) await notify(db, undefined, { userId: p.id, ...REMINDER });
      const before = smtp.received.length;
      const now = justNow();
      const runner = async (on: Db) => {
        for (let i = 0; i < 10; i++) await runOutbox(on, { senders: { email }, now, batch: 2 });
      };
      await Promise.all([runner(db), runner(other)]);
      // The SMTP server parses each message after its session ends: wait for the twelfth to land.
      await smtp.waitFor(before + people.length);
      const addresses = smtp.received
        .slice(before)
        .map((m) => (Array.isArray(m.to) ? '' : (m.to?.text ?? '')))
        .sort();
      expect(addresses).toEqual(people.map((p) => p.address).sort());
    } finally {
      if (other !== db) await other.close();
    }
  });

  it('a runner that dies between sending and recording: resent once its claim expires, never lost', async () => {
    const { id, address } = await person();
    await notify(db, undefined, { userId: id, ...REMINDER });
    let wakeUp: () => void = () => undefined;
    // Sends, then hangs before the outcome is recorded (as a process killed at that point would).
    const dying: ChannelSender = {
      async send(message, on, now) {
        await email.send(message, on, now);
        await new Promise<void>((resolve) => (wakeUp = resolve));
      },
    };
    const start = justNow();
    const before = smtp.received.length;
    const stuck = runOutbox(db, { senders: { email: dying }, now: start });
    await smtp.waitFor(before + 1);
    // Within the claim, another runner leaves it alone.
    await runOutbox(db, { senders: { email }, now: new Date(start.getTime() + LEASE_MS - 1000) });
    expect(smtp.received.length).toBe(before + 1);
    // After it, the message is sent again (a duplicate, with the same Message-ID) and recorded.
    await runOutbox(db, { senders: { email }, now: new Date(start.getTime() + LEASE_MS) });
    const mails = smtp.received.slice(before).filter((m) => !Array.isArray(m.to) && m.to?.text === address);
    expect(mails).toHaveLength(2);
    expect(mails[0]!.messageId).toBe(mails[1]!.messageId);
    expect((await outboxOf(id))[0]).toMatchObject({ status: 'sent', attempts: 2 });
    // The first runner coming back records nothing over the second's outcome.
    wakeUp();
    await stuck;
    expect((await outboxOf(id))[0]).toMatchObject({ status: 'sent', attempts: 2 });
  });
});
