// Reaching a family outside the app, end to end against the real server, in Arabic and in English (full
// run only: `npm run test:e2e:full`; `npm test` lists it as skipped). The server mails through a real
// SMTP server started here, in this worker, on the port scripts/e2e.mjs set for the whole run
// (E2E_SMTP_PORT), and pushes to a push service on loopback started here too. A parent adds an e-mail
// address in the profile and confirms it with the code from the mail that arrived; books; the booking
// mail arrives in the page's language; the session's calendar file, downloaded from the page, parses
// with ical.js with the session's instant and the family's zone; the reminder, run by the test server's
// reminder hook as of ten minutes before the start (no waiting), arrives by e-mail and as a push
// message this test decrypts (aes128gcm). Following the booking mail's List-Unsubscribe link stops
// booking mails only: the next booking is not mailed, its reminder is.
//
// The push subscription is made through the API with a generated key pair, as a browser would send it
// (tests/server/support/push-browser.ts): headless Chromium's PushManager subscribes only at its own
// vendor's push service (FCM), which cannot be pointed at a local endpoint.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import ICAL from 'ical.js';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { openPush, pushBrowser } from '../tests/server/support/push-browser';
import { bearer, json, newStudent, openTeacher } from './support/api';
import { preferences } from './support/app';
import { LOCALES, tr, type Locale } from './support/catalog';
import { FULL } from './support/matrix';

// One worker holds the SMTP port: the tests of this file run in order in it.
test.describe.configure({ mode: 'serial' });
const fullOnly = FULL ? test : test.skip;

const TEACHER_PHONE = '+97455100005';
const HOUR = 3_600_000;

interface PushArrival {
  path: string;
  body: Buffer;
}

const mails: ParsedMail[] = [];
const pushes: PushArrival[] = [];
let smtp: SMTPServer | undefined;
let pushService: Server | undefined;
let pushOrigin = '';

test.beforeAll(async () => {
  if (!FULL) return;
  const port = Number(process.env.E2E_SMTP_PORT);
  if (!port) throw new Error('E2E_SMTP_PORT is not set: run through `npm run test:e2e:full` (scripts/e2e.mjs sets it)');
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream).then(
        (mail) => {
          mails.push(mail);
          callback();
        },
        (err: Error) => callback(err),
      );
    },
  });
  await new Promise<void>((resolve, reject) => {
    smtp!.server.once('error', reject);
    smtp!.listen(port, '127.0.0.1', resolve);
  });
  pushService = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      pushes.push({ path: req.url ?? '', body: Buffer.concat(chunks) });
      res.writeHead(201).end();
    });
  });
  await new Promise<void>((resolve) => pushService!.listen(0, '127.0.0.1', resolve));
  pushOrigin = `http://127.0.0.1:${(pushService.address() as AddressInfo).port}`;
});

test.afterAll(async () => {
  await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
  await new Promise<void>((resolve) => (pushService ? pushService.close(() => resolve()) : resolve()));
});

const mailsTo = (address: string) => mails.filter((m) => m.to && !Array.isArray(m.to) && m.to.text === address);

/** Waits for the mail to `address` that `pick` finds (the outbox runs every half second in this run). */
async function mailTo(address: string, what: string, pick: (m: ParsedMail) => boolean): Promise<ParsedMail> {
  let found: ParsedMail | undefined;
  await expect
    .poll(
      () => {
        found = mailsTo(address).find(pick);
        return Boolean(found);
      },
      { message: `${what} mailed to ${address}`, timeout: 20_000 },
    )
    .toBe(true);
  return found!;
}

/** The shared demo teacher, open all day, and a subject and phase it teaches. */
const teacherWorld = (request: APIRequestContext) => openTeacher(request, TEACHER_PHONE);

type World = Awaited<ReturnType<typeof teacherWorld>>;

/** Books a one-hour session at `startsAt` for the family and has the teacher approve it; answers its id and channel. */
async function bookApproved(request: APIRequestContext, world: World, family: string, startsAt: Date) {
  const { id } = await json<{ id: number }>(
    await request.post('/api/v1/requests', {
      headers: bearer(family),
      data: {
        teacher_id: world.id,
        subject_id: world.subjectId,
        type: 'schedule',
        starts_at: startsAt.toISOString(),
        duration_hours: 1,
        broadcast: false,
      },
    }),
    'book',
  );
  await json(await request.post(`/api/v1/requests/${id}/approve`, { headers: bearer(world.token) }), 'approve');
  const detail = await json<{ channel_name: string | null; starts_at: string }>(
    await request.get(`/api/v1/requests/${id}`, { headers: bearer(family) }),
    'request',
  );
  return { id, channel: detail.channel_name!, startsAt: detail.starts_at };
}

/** Runs the reminder job for one session as of ten minutes before it (the test server's clock hook). */
async function remind(request: APIRequestContext, family: string, channel: string): Promise<void> {
  const { sent } = await json<{ sent: number }>(
    await request.post(`/api/v1/sessions/${channel}/test/reminders`, { headers: bearer(family), data: { minutes_before: 10 } }),
    'reminders',
  );
  expect(sent).toBeGreaterThan(0);
}

/** Opens an app page and waits for it to be live (a loaded machine runs the whole suite beside this). */
async function visit(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await expect(page.locator('#root[data-mounted]')).toHaveCount(1, { timeout: 30_000 });
  await expect(page.locator('main h1').first()).toBeVisible({ timeout: 30_000 });
}

async function addAndConfirm(page: Page, locale: Locale, address: string): Promise<ParsedMail> {
  const section = page.locator('section.profile-email');
  await expect(section.getByLabel(tr(locale, 'E-mail address'))).toBeVisible({ timeout: 30_000 });
  await section.getByLabel(tr(locale, 'E-mail address')).fill(address);
  await section.getByRole('button', { name: tr(locale, 'Send me a code') }).click();
  const codeMail = await mailTo(address, 'the code', () => true);
  const code = /\b(\d{6})\b/.exec(codeMail.text ?? '')?.[1];
  expect(code, codeMail.text).toMatch(/^\d{6}$/);
  await section.getByLabel(tr(locale, 'Code from the e-mail')).fill(code!);
  await section.getByRole('button', { name: tr(locale, 'Confirm the address') }).click();
  await expect(section.getByTestId('email-verified')).toContainText(address);
  return codeMail;
}

/** What a mail in `locale` looks like: the header, and the direction of its HTML. */
function expectLanguage(mail: ParsedMail, locale: Locale): void {
  expect(mail.headers.get('content-language')).toBe(locale);
  expect(mail.html || '').toContain(`dir="${locale === 'ar' ? 'rtl' : 'ltr'}"`);
}

let world: World;
test.beforeAll(async ({ request }) => {
  if (FULL) world = await teacherWorld(request);
});

for (const [index, locale] of LOCALES.entries()) {
  fullOnly(
    `${locale}: e-mail confirmed by its code, booking and reminder mails in the family's language, the calendar file, a decrypted push reminder, and one-kind unsubscribe`,
    async ({ page, baseURL, request }, testInfo) => {
      test.setTimeout(120_000);
      const family = await newStudent(request, { phaseId: world.phaseId, buy: true });
      await page.context().addCookies([{ name: 'ng-token', value: family.token, url: baseURL! }]);
      await preferences(page, { locale });
      const address = `reach.${locale}.${Date.now().toString(36)}.${randomBytes(3).toString('hex')}@example.test`;

      // The address, added in the page's language and confirmed with the code that arrived by SMTP.
      await visit(page, '/profile');
      const codeMail = await addAndConfirm(page, locale, address);
      expectLanguage(codeMail, locale);

      // A browser's push subscription, at the local push service.
      const browser = pushBrowser(`${pushOrigin}/push/${randomBytes(8).toString('hex')}`);
      const subscribed = await request.post('/api/v1/push-subscriptions', { headers: bearer(family.token), data: browser.json });
      expect(subscribed.status(), await subscribed.text()).toBe(201);

      // Booked and approved: the booking mail, in the family's language, with a one-click unsubscribe.
      // Each locale's sessions, and each retry's, at their own hours, days ahead (the teacher keeps what an earlier try booked).
      const base = Date.now() + (3 * 24 + 4 * index + 8 * testInfo.retry) * HOUR;
      const first = new Date(base);
      first.setUTCMinutes(0, 0, 0);
      const session = await bookApproved(request, world, family.token, first);
      const approved = await mailTo(address, 'the booking decision', (m) => (m.text ?? '').includes(`/session-details/${session.id}`));
      expectLanguage(approved, locale);
      expect(approved.subject).toBe(locale === 'ar' ? 'تمت الموافقة على درسك' : 'Your lesson is confirmed');
      // The raw header lines (mailparser reads List-Unsubscribe into an object of its own).
      const header = (name: string) => approved.headerLines.find((h) => h.key === name)?.line ?? '';
      const unsubscribe = /<([^>]+)>/.exec(header('list-unsubscribe'))?.[1];
      expect(unsubscribe).toMatch(/\/unsubscribe\?t=/);
      expect(header('list-unsubscribe-post')).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');

      // The calendar file from the session's page: ical.js reads the session's instant and the family's zone.
      const profile = await json<{ time_zone: string }>(await request.get('/api/v1/profile', { headers: bearer(family.token) }), 'profile');
      await visit(page, `/session-details/${session.id}`);
      await expect(page.getByTestId('add-to-calendar')).toBeVisible({ timeout: 30_000 });
      const download = page.waitForEvent('download');
      await page.getByTestId('add-to-calendar').click();
      const file = await (await download).path();
      const calendar = new ICAL.Component(ICAL.parse(await readFile(file, 'utf8')));
      expect(calendar.getFirstPropertyValue('x-wr-timezone')).toBe(profile.time_zone);
      const events = calendar.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
      expect(events).toHaveLength(1);
      expect(events[0]!.startDate.toJSDate().toISOString()).toBe(session.startsAt);
      expect(events[0]!.uid).toMatch(new RegExp(`^request-${session.id}@`));

      // The booking mail's unsubscribe link: a page in the family's language whose button stops booking mails.
      await page.goto(unsubscribe!);
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      await page.getByRole('button', { name: locale === 'ar' ? 'نعم، أوقفها' : 'Yes, stop them' }).click();
      await expect(page.getByRole('status')).toBeVisible();

      // The reminder, ten minutes before: by e-mail in the family's language (another kind still arrives) and by push.
      await remind(request, family.token, session.channel);
      const REMINDER = locale === 'ar' ? 'يبدأ درسك بعد 15 دقيقة' : 'Your lesson starts in 15 minutes';
      const reminder = await mailTo(
        address,
        'the reminder',
        (m) => m.subject === REMINDER && (m.text ?? '').includes(`/session-details/${session.id}`),
      );
      expectLanguage(reminder, locale);
      expect(reminder.headerLines.some((h) => h.key === 'list-unsubscribe')).toBe(true);
      const endpointPath = new URL(browser.json.endpoint).pathname;
      type Pushed = { title: string; body: string; url: string; lang: string; dir: string };
      let pushed: Pushed | undefined;
      await expect
        .poll(
          () => {
            pushed = pushes
              .filter((p) => p.path === endpointPath)
              .map((p) => openPush<Pushed>(p.body, browser))
              .find((p) => p.url === `/session-details/${session.id}` && p.title === REMINDER);
            return Boolean(pushed);
          },
          { message: 'a push reminder, decrypted', timeout: 20_000 },
        )
        .toBe(true);
      expect(pushed!.lang).toBe(locale);
      expect(pushed!.dir).toBe(locale === 'ar' ? 'rtl' : 'ltr');

      // A second booking is not mailed (its kind is off by e-mail); its reminder is. The outbox sends in
      // the order things were queued, so once the reminder is here the booking mail would have been too.
      const second = await bookApproved(request, world, family.token, new Date(first.getTime() + 2 * HOUR));
      await remind(request, family.token, second.channel);
      await mailTo(
        address,
        'the second session’s reminder',
        (m) => m.subject === REMINDER && (m.text ?? '').includes(`/session-details/${second.id}`),
      );
      expect(mailsTo(address).filter((m) => m.subject === approved.subject)).toHaveLength(1);
    },
  );
}
