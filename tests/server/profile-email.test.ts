// A family's e-mail address, end to end through the outbox and a real SMTP server in this process
// (parsed by mailparser): adding it sends a code (and a link) to it; nothing else is mailed to it until
// it is verified; verified, the family's notifications arrive in its language (Arabic right to left,
// with a plain-text part); a changed address is unverified again; codes expire, are bounded in tries
// and in how often they are sent; the link verifies only when its page's button is pressed.
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmailState } from '../../contract/profile-email';
import { createApp } from '../../server/app';
import type { Db } from '../../server/db';
import { createLogger } from '../../server/logger';
import { issueToken } from '../../server/modules/auth/tokens';
import { notify } from '../../server/modules/notifications/service';
import { createDevMailSender, createEmailSender, runOutbox, type ChannelSender } from '../../server/modules/outbox';
import { seededDb, type TestDb } from './helpers';
import { makePerson } from './notifications-helpers';
import { startSmtp, type TestSmtp } from './support/smtp';

const PUBLIC_URL = 'https://noor.test';
let t: TestDb;
let db: Db;
let app: ReturnType<typeof createApp>;
let smtp: TestSmtp;
let email: ReturnType<typeof createEmailSender>;

beforeAll(async () => {
  t = await seededDb();
  db = t.db;
  app = createApp({ db, log: createLogger('silent') });
  smtp = await startSmtp();
  email = createEmailSender({ smtpUrl: smtp.url, from: 'Noor <no-reply@noor.test>', publicUrl: PUBLIC_URL });
});
afterAll(async () => {
  email.close();
  await smtp.close();
  await t.close();
});

let counter = 0;
const addressFor = (label: string) => `${label}-${process.pid}-${++counter}@example.test`;

async function call(user: number, method: string, path: string, body?: unknown, locale: 'ar' | 'en' = 'en') {
  const headers: Record<string, string> = { 'Accept-Language': locale, Authorization: `Bearer ${await issueToken(db, user, new Date())}` };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const res = await app.request(`/api/v1/profile/email${path}`, {
    method,
    headers,
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  return { status: res.status, body: (await res.json()) as { message: string; data?: EmailState; errors?: Record<string, string[]> } };
}

const justNow = () => new Date(Date.now() + 1);
async function drain(senders: { email: ChannelSender } = { email }) {
  while ((await runOutbox(db, { senders, now: justNow() })) > 0);
}

/** The mails that reached `address` since `from` (an index into smtp.received). */
const mailsTo = (address: string, from = 0): ParsedMail[] =>
  smtp.received.slice(from).filter((m) => m.to && !Array.isArray(m.to) && m.to.text === address);

const codeIn = (mail: ParsedMail) => /\b(\d{6})\b/.exec(mail.text ?? '')?.[1];
const linkIn = (mail: ParsedMail) => /https:\/\/noor\.test(\/verify-email\?t=[^\s]+)/.exec(mail.text ?? '')?.[1];

const APPROVED = {
  type: 'request_approved' as const,
  params: {
    request_id: 41,
    starts_at: '2030-03-10T10:00:00.000Z',
    subject_ar: 'الرياضيات',
    subject_en: 'Mathematics',
    other_name: 'أحمد الكواري',
  },
};

/** A family that added `address` in `locale` and has its code mail. */
async function familyWithCode(locale: 'ar' | 'en', label = 'parent') {
  const id = await makePerson(db, { timeZone: 'Asia/Riyadh' });
  const address = addressFor(label);
  const before = smtp.received.length;
  const put = await call(id, 'PUT', '', { email: address }, locale);
  expect(put.status).toBe(200);
  expect(put.body.data).toEqual({ email: address, verified: false, locale });
  await drain();
  const [mail] = mailsTo(address, before);
  expect(mail).toBeDefined();
  return { id, address, mail: mail!, code: codeIn(mail!)! };
}

describe('adding and verifying an address', () => {
  it('mails a code in the family’s language; nothing else reaches the address until it is verified', async () => {
    const { id, address, mail, code } = await familyWithCode('ar');
    expect(mail.subject).toContain(code);
    expect(mail.html).toContain('dir="rtl"');
    expect(mail.html).toContain('lang="ar"');
    expect(mail.text).toContain('اكتب هذا الرمز');
    expect(linkIn(mail)).toBeDefined();

    // Unverified: a booking decision stays in the app; no e-mail is queued, none arrives.
    const before = smtp.received.length;
    await notify(db, undefined, { userId: id, ...APPROVED, dedupeKey: `unverified-${id}` });
    await drain();
    expect(mailsTo(address, before)).toEqual([]);

    const verified = await call(id, 'POST', '/verify', { code }, 'ar');
    expect(verified.status).toBe(200);
    expect(verified.body).toMatchObject({ message: 'تم تأكيد بريدك الإلكتروني', data: { email: address, verified: true } });
    expect((await call(id, 'GET', '')).body.data).toEqual({ email: address, verified: true, locale: 'ar' });

    // Verified: the next decision arrives, in Arabic, right to left, with a plain-text part.
    await notify(db, undefined, { userId: id, ...APPROVED, dedupeKey: `verified-${id}` });
    await drain();
    const [approved] = mailsTo(address, before);
    expect(approved!.subject).toBe('تمت الموافقة على درسك');
    expect(approved!.text).toContain('وافق أحمد الكواري على درس الرياضيات');
    expect(approved!.text).toContain('https://noor.test/session-details/41');
    expect(approved!.html).toContain('dir="rtl"');
    expect(approved!.headers.get('content-language')).toBe('ar');
  });

  it('speaks English to a family that added its address in English', async () => {
    const { id, address, mail, code } = await familyWithCode('en');
    expect(mail.subject).toBe(`Your Noor e-mail code: ${code}`);
    expect(mail.html).toContain('dir="ltr"');
    expect((await call(id, 'POST', '/verify', { code: code.replace(/\d/g, (d) => String.fromCharCode(0x0660 + Number(d))) })).status).toBe(
      200,
    );
    const before = smtp.received.length;
    await notify(db, undefined, {
      userId: id,
      type: 'payment_completed',
      params: { order_id: 9, hours: 4, package_name_en: 'Four hours', package_name_ar: 'أربع ساعات' },
    });
    await drain();
    expect(mailsTo(address, before).map((m) => m.subject)).toEqual(['Payment receipt no. 9']);
  });

  it('bounds the tries: a wrong code says how it failed, the fifth voids the code, and an old code is void', async () => {
    const { id, code } = await familyWithCode('en');
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 4; i++) {
      const res = await call(id, 'POST', '/verify', { code: wrong });
      expect(res.status).toBe(422);
      expect(res.body.errors?.code).toEqual(['The verification code is not correct']);
    }
    const fifth = await call(id, 'POST', '/verify', { code: wrong });
    expect(fifth.status).toBe(422);
    expect(fifth.body.errors?.code?.[0]).toMatch(/too many/i);
    expect((await call(id, 'POST', '/verify', { code })).status).toBe(422);
    expect((await call(id, 'GET', '')).body.data?.verified).toBe(false);
    // A code past its life is refused as expired.
    const other = await familyWithCode('en');
    await db.query(
      `UPDATE otp_codes SET expires_at = now() - interval '1 second' WHERE purpose = 'email' AND used_at IS NULL AND phone = (SELECT phone FROM users WHERE id = $1)`,
      [other.id],
    );
    const expired = await call(other.id, 'POST', '/verify', { code: other.code });
    expect(expired.status).toBe(422);
    expect(expired.body.errors?.code?.[0]).toMatch(/expired/i);
  });

  it('sends codes to one address at most once a minute, whoever asks, and answers 429 with Retry-After', async () => {
    const { id, address } = await familyWithCode('en');
    const again = await call(id, 'POST', '/resend');
    expect(again.status).toBe(429);
    expect(Number(again.body.errors?.retry_after?.[0])).toBeGreaterThan(0);
    // Another family cannot flood the same inbox either, and what it typed is refused whole.
    const other = await makePerson(db);
    expect((await call(other, 'PUT', '', { email: address.toUpperCase() })).status).toBe(429);
    expect((await call(other, 'GET', '')).body.data).toEqual({ email: null, verified: false, locale: 'ar' });
  });
});

describe('changing and removing the address', () => {
  it('a changed address is unverified again: the old code is void and queued mail does not follow to it', async () => {
    const { id, address, code } = await familyWithCode('en');
    expect((await call(id, 'POST', '/verify', { code })).status).toBe(200);
    // The same address again changes nothing and sends nothing.
    const before = smtp.received.length;
    expect((await call(id, 'PUT', '', { email: address.toUpperCase() })).body.data).toEqual({
      email: address,
      verified: true,
      locale: 'en',
    });
    // A reminder queued while verified, then the address changes before the outbox runs.
    await notify(db, undefined, { userId: id, ...APPROVED, dedupeKey: `moved-${id}` });
    const next = addressFor('moved');
    const changed = await call(id, 'PUT', '', { email: next });
    expect(changed.body.data).toEqual({ email: next, verified: false, locale: 'en' });
    await drain();
    expect(mailsTo(address, before)).toEqual([]);
    const arrived = mailsTo(next, before);
    expect(arrived.map((m) => m.subject)).toEqual([expect.stringMatching(/^Your Noor e-mail code: \d{6}$/)]);
    const skipped = await db.one<{ status: string; last_error: string }>(
      'SELECT status, last_error FROM outbox WHERE user_id = $1 AND notification_id IS NOT NULL ORDER BY id DESC LIMIT 1',
      [id],
    );
    expect(skipped).toEqual({ status: 'skipped', last_error: 'the e-mail address is not verified' });
    // The first address's code does not verify the second.
    expect((await call(id, 'POST', '/verify', { code })).status).toBe(422);
    expect((await call(id, 'POST', '/verify', { code: codeIn(arrived[0]!) })).body.data).toEqual({
      email: next,
      verified: true,
      locale: 'en',
    });
  });

  it('removing it stops the mail and voids an open code', async () => {
    const { id, address, code } = await familyWithCode('en');
    const removed = await call(id, 'DELETE', '');
    expect(removed.body).toMatchObject({ data: { email: null, verified: false } });
    expect((await call(id, 'POST', '/verify', { code })).status).toBe(409);
    const before = smtp.received.length;
    await notify(db, undefined, { userId: id, ...APPROVED });
    await drain();
    expect(mailsTo(address, before)).toEqual([]);
  });

  it('refuses teachers (their address is their sign-in), bad addresses and bad codes with 4xx', async () => {
    const teacher = await makePerson(db, { type: 'instructor' });
    expect((await call(teacher, 'GET', '')).status).toBe(403);
    expect((await call(teacher, 'PUT', '', { email: addressFor('t') })).status).toBe(403);
    const family = await makePerson(db);
    const bad = await call(family, 'PUT', '', { email: 'not an address' }, 'ar');
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.email?.[0]).toMatch(/[\u0600-\u06FF]/);
    expect((await call(family, 'POST', '/verify', { code: '12' })).status).toBe(400);
    expect((await call(family, 'POST', '/resend')).status).toBe(409);
  });
});

describe('the language of the mails', () => {
  it('is the page’s at the first address, chosen in the profile after, kept through a change, and used by the outbox', async () => {
    const { id, address, code } = await familyWithCode('ar');
    expect((await call(id, 'POST', '/verify', { code })).status).toBe(200);

    // Chosen in English from an Arabic page: the answer is in the page's language, the mails in English.
    const chosen = await call(id, 'PATCH', '', { locale: 'en' }, 'ar');
    expect(chosen.status).toBe(200);
    expect(chosen.body).toEqual({ message: 'سنكتب إليك بهذه اللغة من الآن', data: { email: address, verified: true, locale: 'en' } });
    let before = smtp.received.length;
    await notify(db, undefined, { userId: id, ...APPROVED, dedupeKey: `english-${id}` });
    await drain();
    const [english] = mailsTo(address, before);
    expect(english!.subject).toBe('Your lesson is confirmed');
    expect(english!.html).toContain('dir="ltr"');
    expect(english!.headers.get('content-language')).toBe('en');

    // A new address typed on an Arabic page keeps the language chosen; its code mail is in English.
    const next = addressFor('kept');
    before = smtp.received.length;
    expect((await call(id, 'PUT', '', { email: next }, 'ar')).body.data).toEqual({ email: next, verified: false, locale: 'en' });
    await drain();
    expect(mailsTo(next, before).map((m) => m.subject)).toEqual([expect.stringMatching(/^Your Noor e-mail code: \d{6}$/)]);

    // Chosen with the address itself; and back to Arabic for what is sent from then on.
    const third = addressFor('with-locale');
    before = smtp.received.length;
    expect((await call(id, 'PUT', '', { email: third, locale: 'ar' }, 'en')).body.data).toEqual({
      email: third,
      verified: false,
      locale: 'ar',
    });
    await drain();
    const [codeMail] = mailsTo(third, before);
    expect(codeMail!.subject).toMatch(/^رمز تأكيد بريدك في نور: \d{6}$/);
  });

  it('refuses a language it does not write in, and teachers, with 4xx; touches only the caller’s own', async () => {
    const family = await makePerson(db);
    const other = await makePerson(db);
    for (const bad of [{ locale: 'fr' }, { locale: '' }, {}, { locale: ['en'] }]) {
      const res = await call(family, 'PATCH', '', bad);
      expect(res.status).toBe(400);
      expect(res.body.errors?.locale).toBeDefined();
    }
    const teacher = await makePerson(db, { type: 'instructor' });
    expect((await call(teacher, 'PATCH', '', { locale: 'en' })).status).toBe(403);
    expect((await call(family, 'PATCH', '', { locale: 'en' })).body.data?.locale).toBe('en');
    expect((await call(other, 'GET', '')).body.data?.locale).toBe('ar');
  });
});

describe('the link in the mail', () => {
  it('shows a page that verifies only when its button is pressed, in the family’s language', async () => {
    const { id, mail } = await familyWithCode('ar');
    const path = linkIn(mail)!;
    const page = await app.request(path);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('dir="rtl"');
    expect(html).toContain('<form method="post"');
    expect((await call(id, 'GET', '')).body.data?.verified).toBe(false);
    const pressed = await app.request(path, { method: 'POST' });
    expect(pressed.status).toBe(200);
    expect(await pressed.text()).toContain('تم تأكيد');
    expect((await call(id, 'GET', '')).body.data?.verified).toBe(true);
    // A forged or altered token verifies nothing.
    const forged = path.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
    expect((await app.request(forged, { method: 'POST' })).status).toBe(400);
    expect((await app.request('/verify-email?t=1.x', { method: 'POST' })).status).toBe(400);
  });

  it('a link superseded by a newer code no longer works and costs no try', async () => {
    const { id, mail } = await familyWithCode('en');
    await db.query(`DELETE FROM rate_limit_hits WHERE bucket LIKE 'email-code:%'`);
    const before = smtp.received.length;
    expect((await call(id, 'POST', '/resend')).status).toBe(200);
    await drain();
    const [fresh] = smtp.received.slice(before);
    expect((await app.request(linkIn(mail)!, { method: 'POST' })).status).toBe(400);
    expect((await call(id, 'POST', '/verify', { code: codeIn(fresh!) })).status).toBe(200);
  });
});

describe('development without SMTP', () => {
  it('shows the code mail in the development outbox, beside the texted codes', async () => {
    const id = await makePerson(db);
    const address = addressFor('dev');
    expect((await call(id, 'PUT', '', { email: address })).status).toBe(200);
    await drain({ email: createDevMailSender({ publicUrl: PUBLIC_URL }) });
    const res = await app.request(`/api/v1/dev/outbox?email=${encodeURIComponent(address)}`);
    const { data } = (await res.json()) as { data: Array<{ email: string; subject: string; text: string }> };
    expect(data).toHaveLength(1);
    expect(data[0]!.email).toBe(address);
    const code = /\b(\d{6})\b/.exec(data[0]!.text)?.[1];
    expect((await call(id, 'POST', '/verify', { code })).body.data?.verified).toBe(true);
  });
});
