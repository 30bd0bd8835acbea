// The outbox across a crash and across instances, with compiled server processes on one PostgreSQL
// (through PgBouncer when the script started one), a real SMTP server and a push service in this
// process. Runs through `npm run test:instances`; skipped without DATABASE_URL.
// - Killed (SIGKILL) after the SMTP server has received the mail but before the process recorded it:
//   the message is still 'sending' in the database; once the dead process's claim runs out
//   (OUTBOX_LEASE_MS, short here) a restarted instance sends it again and records it. Delivered twice
//   at most (with the same Message-ID, which mail clients fold), never lost.
// - The same for Web Push: the push service received the message, the process died before recording
//   it; the resend carries the same Topic (the push service replaces a message it still holds), and
//   is recorded.
// - Two instances delivering at once send each of many messages once, on both channels.
import { createECDH, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import webpush from 'web-push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer, createDatabase, startInstance, type Instance } from './processes';

const baseUrl = process.env.DATABASE_URL;
const bouncerUrl = process.env.PGBOUNCER_URL;

function throughBouncer(directUrl: string): string {
  if (!bouncerUrl) return directUrl;
  const url = new URL(bouncerUrl);
  url.pathname = new URL(directUrl).pathname;
  return url.toString();
}

describe.skipIf(!baseUrl)('the outbox across a crash and two instances', () => {
  let database: { url: string; drop(): Promise<void> };
  let sql: pg.Client;
  const instances: Instance[] = [];
  const mails: ParsedMail[] = [];
  const pushes: Array<{ path: string; topic: string | undefined }> = [];
  // While set, the SMTP server keeps the mail it received but withholds its "250 OK"; the push service
  // keeps the request but withholds its answer: the sender is left between sending and recording.
  const hold = { smtp: false, push: false };
  let smtp: SMTPServer;
  let smtpUrl = '';
  let pushService: Server;
  let pushOrigin = '';
  const held: Array<ServerResponse<IncomingMessage>> = [];
  const vapid = webpush.generateVAPIDKeys();

  const start = (name: string, leaseMs?: number) =>
    startInstance(name, throughBouncer(database.url), {
      SEED_DEMO: '0',
      JOBS_EVERY_MS: '60000',
      OUTBOX_EVERY_MS: '100',
      ...(leaseMs ? { OUTBOX_LEASE_MS: String(leaseMs) } : {}),
      SMTP_URL: smtpUrl,
      MAIL_FROM: 'Noor <no-reply@noor.test>',
      VAPID_PUBLIC_KEY: vapid.publicKey,
      VAPID_PRIVATE_KEY: vapid.privateKey,
      VAPID_SUBJECT: 'mailto:push@noor.test',
      ...(bouncerUrl ? { DATABASE_LISTEN_URL: database.url } : {}),
    }).then((i) => {
      instances.push(i);
      return i;
    });

  beforeAll(async () => {
    buildServer();
    database = await createDatabase(baseUrl as string, 'outbox');
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, _session, callback) {
        simpleParser(stream)
          .then((mail) => {
            mails.push(mail);
            if (!hold.smtp) callback();
          })
          .catch((err: Error) => callback(err));
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    smtpUrl = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;
    pushService = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        pushes.push({ path: req.url ?? '', topic: req.headers.topic as string | undefined });
        if (hold.push) held.push(res);
        else res.writeHead(201).end();
      });
    });
    await new Promise<void>((resolve) => pushService.listen(0, '127.0.0.1', resolve));
    pushOrigin = `http://127.0.0.1:${(pushService.address() as AddressInfo).port}`;
    sql = new pg.Client({ connectionString: database.url });
  }, 120_000);

  afterAll(async () => {
    await sql?.end().catch(() => undefined);
    await Promise.all(instances.map((i) => i.stop()));
    await new Promise<void>((resolve) => smtp?.close(() => resolve()));
    pushService?.closeAllConnections();
    await new Promise<void>((resolve) => pushService?.close(() => resolve()));
    await database?.drop();
  });

  let counter = 0;
  /** A family with a verified e-mail address, or with one browser subscribed to push. */
  async function person(channel: 'email' | 'push'): Promise<{ id: number; address: string; endpointPath: string }> {
    counter += 1;
    const address = `crash-${counter}@example.test`;
    const { rows } = await sql.query<{ id: number }>(
      `INSERT INTO users (type, first_name, last_name, phone, country_code, status, has_free_session, time_zone, locale, email, email_verified_at)
       VALUES ('student', 'سارة', 'النعيمي', $1, 'QA', 'active', false, 'Asia/Qatar', 'en', $2, now()) RETURNING id`,
      [`+9745${String(9_000_000 + counter)}`, channel === 'email' ? address : null],
    );
    const id = rows[0]!.id;
    const endpointPath = `/push/${randomBytes(8).toString('hex')}`;
    if (channel === 'push') {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      await sql.query('INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth) VALUES ($1, $2, $3, $4)', [
        id,
        `${pushOrigin}${endpointPath}`,
        ecdh.getPublicKey().toString('base64url'),
        randomBytes(16).toString('base64url'),
      ]);
    }
    return { id, address, endpointPath };
  }

  /** A payment receipt for the person: queued in the outbox by the notifications trigger. */
  async function notify(userId: number): Promise<void> {
    await sql.query(`INSERT INTO notifications (user_id, type, params, target_type) VALUES ($1, 'payment_completed', $2, 'packages')`, [
      userId,
      JSON.stringify({ order_id: userId, hours: 2, package_name_en: 'Two hours', package_name_ar: 'ساعتان' }),
    ]);
  }

  const statusOf = async (userId: number) =>
    (await sql.query<{ status: string }>('SELECT status FROM outbox WHERE user_id = $1', [userId])).rows.map((r) => r.status);
  const mailsTo = (address: string) => mails.filter((m) => !Array.isArray(m.to) && m.to?.text === address);

  it('killed between sending and recording: sent again after the claim runs out, never lost, at most twice', async () => {
    // A: the instance that dies. Its claims last 2 s, so the restart need not wait two minutes.
    const a = await start('a', 2000);
    await sql.connect();
    const mailed = await person('email');
    hold.smtp = true;
    await notify(mailed.id);
    await expect.poll(() => mailsTo(mailed.address).length, { timeout: 10_000, interval: 50 }).toBe(1);
    a.child.kill('SIGKILL');
    await a.exited;
    hold.smtp = false;
    // Received by the SMTP server, not recorded: still 'sending' under the dead process's claim.
    expect(await statusOf(mailed.id)).toEqual(['sending']);

    // B: restarted delivery takes the message over once the claim has run out, and records it.
    const b = await start('b', 2000);
    await expect.poll(() => statusOf(mailed.id), { timeout: 10_000, interval: 100 }).toEqual(['sent']);
    const received = mailsTo(mailed.address);
    expect(received).toHaveLength(2);
    expect(received[1]!.messageId).toBe(received[0]!.messageId);

    // The same for Web Push, with B as the instance that dies.
    const pushed = await person('push');
    hold.push = true;
    await notify(pushed.id);
    const pushesTo = () => pushes.filter((p) => p.path === pushed.endpointPath);
    await expect.poll(() => pushesTo().length, { timeout: 10_000, interval: 50 }).toBe(1);
    b.child.kill('SIGKILL');
    await b.exited;
    hold.push = false;
    expect(await statusOf(pushed.id)).toEqual(['sending']);
    // C and D: C takes the push over (and D, started with it, serves the next case).
    const [c, d] = await Promise.all([start('c'), start('d')]);
    await expect.poll(() => statusOf(pushed.id), { timeout: 10_000, interval: 100 }).toEqual(['sent']);
    expect(pushesTo()).toHaveLength(2);
    expect(pushesTo()[1]!.topic).toBe(pushesTo()[0]!.topic);
    expect(pushesTo()[0]!.topic).toMatch(/^outbox\d+$/);
    expect(c.child.exitCode ?? d.child.exitCode).toBeNull();
  }, 60_000);

  it('two instances delivering at once send each message once', async () => {
    expect(instances.filter((i) => i.child.exitCode === null && i.child.signalCode === null)).toHaveLength(2);
    const mailed: Array<Awaited<ReturnType<typeof person>>> = [];
    const pushed: typeof mailed = [];
    for (let i = 0; i < 12; i++) mailed.push(await person('email'));
    for (let i = 0; i < 6; i++) pushed.push(await person('push'));
    const mailsBefore = mails.length;
    const pushesBefore = pushes.length;
    for (const p of [...mailed, ...pushed]) await notify(p.id);
    const ids = [...mailed, ...pushed].map((p) => p.id);
    await expect
      .poll(
        async () =>
          (await sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM outbox WHERE user_id = ANY($1) AND status = 'sent'`, [ids]))
            .rows[0]?.n,
        { timeout: 15_000, interval: 100 },
      )
      .toBe(ids.length);
    // Each message arrived once: one mail per address (each its own Message-ID), one push per browser.
    const newMails = mails.slice(mailsBefore);
    expect(newMails.map((m) => (Array.isArray(m.to) ? '' : m.to?.text)).sort()).toEqual(mailed.map((p) => p.address).sort());
    expect(new Set(newMails.map((m) => m.messageId)).size).toBe(mailed.length);
    expect(
      pushes
        .slice(pushesBefore)
        .map((p) => p.path)
        .sort(),
    ).toEqual(pushed.map((p) => p.endpointPath).sort());
  }, 30_000);
});
