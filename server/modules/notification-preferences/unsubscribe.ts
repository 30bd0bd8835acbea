// One-click unsubscribe (RFC 8058). Every e-mail of a kind a person may turn off carries
// `List-Unsubscribe: <https://…/unsubscribe?t=…>` and `List-Unsubscribe-Post: List-Unsubscribe=One-Click`;
// the mail provider (or the link in the footer, through the confirm page) POSTs to that URL, and that
// kind's e-mails stop. No sign-in and no cookie by design: the token is the credential, an HMAC of the
// person and the kind under a key kept in the database (mail_keys), so it cannot be forged, nor turned
// into another person's or another kind's. GET only shows a page asking to confirm: link scanners and
// previews fetch URLs, and must change nothing.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { NOTIFICATION_KINDS, type NotificationKind } from '../../../contract/notification-preferences';
import type { Queryable } from '../../db';
import type { AppEnv } from '../../http/context';
import { pickLocale, type Locale } from '../../i18n';
import { setChoice } from './queries';
import { escapeHtml } from '../../http/html';

const TOKEN = /^(\d{1,10})\.([a-z]{1,20})\.([A-Za-z0-9_-]{43})$/;

/** The key of the links and codes the outbox's e-mails carry, shared by every instance through the database. */
export async function mailKeyOf(q: Queryable): Promise<string> {
  const row = await q.one<{ unsubscribe_key: string }>('SELECT unsubscribe_key FROM mail_keys WHERE id = 1');
  if (!row) throw new Error('mail_keys has no key: the migrations did not run');
  return row.unsubscribe_key;
}

const macOf = (key: string, userId: number, kind: NotificationKind) =>
  createHmac('sha256', key).update(`unsubscribe:${userId}:${kind}`).digest('base64url');

export async function unsubscribeToken(q: Queryable, userId: number, kind: NotificationKind): Promise<string> {
  return `${userId}.${kind}.${macOf(await mailKeyOf(q), userId, kind)}`;
}

/** The person and kind a token was made for; null for anything not made by unsubscribeToken. */
export async function readUnsubscribeToken(q: Queryable, token: string): Promise<{ userId: number; kind: NotificationKind } | null> {
  const m = TOKEN.exec(token);
  if (!m) return null;
  const userId = Number(m[1]);
  const kind = m[2] as NotificationKind;
  if (!NOTIFICATION_KINDS.includes(kind) || userId > 2_147_483_647) return null;
  const expected = Buffer.from(macOf(await mailKeyOf(q), userId, kind));
  const given = Buffer.from(m[3]!);
  return given.length === expected.length && timingSafeEqual(given, expected) ? { userId, kind } : null;
}

const KIND_WORDS: Record<NotificationKind, Record<Locale, string>> = {
  reminders: { ar: 'تذكيرات الحصص', en: 'lesson reminders' },
  bookings: { ar: 'الحجوزات وتغييراتها', en: 'bookings and their changes' },
  messages: { ar: 'الرسائل الجديدة', en: 'new messages' },
  payments: { ar: 'المدفوعات والإيصالات', en: 'payments and receipts' },
  news: { ar: 'أخبار نور وعروضها', en: 'Noor news and offers' },
};

const PAGE: Record<
  Locale,
  { title: string; ask: (k: string) => string; button: string; done: (k: string) => string; later: string; invalid: string }
> = {
  ar: {
    title: 'إيقاف رسائل البريد',
    ask: (k) => `هل تريد إيقاف رسائل البريد الإلكتروني عن ${k}؟ ستبقى التنبيهات داخل نور كما هي.`,
    button: 'نعم، أوقفها',
    done: (k) => `لن تصلك بعد الآن رسائل بريد عن ${k}. يمكنك إعادتها من إعدادات التنبيهات في ملفك الشخصي.`,
    later: 'إعدادات التنبيهات في ملفك الشخصي',
    invalid: 'هذا الرابط غير صالح. يمكنك اختيار ما يصلك من إعدادات التنبيهات في ملفك الشخصي.',
  },
  en: {
    title: 'Stop e-mails',
    ask: (k) => `Stop e-mails about ${k}? Notifications inside Noor stay as they are.`,
    button: 'Yes, stop them',
    done: (k) => `You will no longer get e-mails about ${k}. You can turn them back on in your profile's notification settings.`,
    later: 'Notification settings in your profile',
    invalid: 'This link is not valid. You can choose what reaches you in your profile’s notification settings.',
  },
};

/** A small page of our own in the person's language, for the links in e-mails (no app, no sign-in). */
export function mailLinkPage(c: Context<AppEnv>, status: 200 | 400, locale: Locale, title: string, body: string): Response {
  const html = `<!doctype html>
<html lang="${locale}" dir="${locale === 'ar' ? 'rtl' : 'ltr'}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · Noor</title>
<style>
  body { margin: 0; padding: 2rem 1rem; font-family: Cairo, Tahoma, Arial, sans-serif; line-height: 1.6; }
  main { max-inline-size: 32rem; margin-inline: auto; }
  button { font: inherit; padding: 0.6rem 1.2rem; border-radius: 0.5rem; border: 0; background: #7a1f35; color: #fff; cursor: pointer; }
  button:focus-visible, a:focus-visible { outline: 3px solid #b8860b; outline-offset: 2px; }
</style>
</head>
<body>
<main>
<h1>${escapeHtml(title)}</h1>
${body}
</main>
</body>
</html>`;
  return c.html(html, status, { 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' });
}

function page(c: Context<AppEnv>, status: 200 | 400, locale: Locale, body: string): Response {
  return mailLinkPage(c, status, locale, PAGE[locale].title, body);
}

async function localeOf(q: Queryable, userId: number): Promise<Locale | null> {
  const row = await q.one<{ locale: Locale }>('SELECT locale FROM users WHERE id = $1', [userId]);
  return row?.locale ?? null;
}

export function unsubscribeRoutes({ now }: { now: () => Date }) {
  const read = async (c: Context<AppEnv>) => {
    const token = c.req.query('t') ?? '';
    const db = c.get('db');
    const found = await readUnsubscribeToken(db, token);
    const locale = found ? await localeOf(db, found.userId) : null;
    return found && locale ? { ...found, token, locale } : null;
  };
  const invalid = (c: Context<AppEnv>) => {
    const locale = pickLocale(c.req.header('accept-language'));
    return page(c, 400, locale, `<p>${escapeHtml(PAGE[locale].invalid)}</p>`);
  };
  return new Hono<AppEnv>()
    .get('/unsubscribe', async (c) => {
      const found = await read(c);
      if (!found) return invalid(c);
      const words = PAGE[found.locale];
      const action = `/unsubscribe?t=${encodeURIComponent(found.token)}`;
      return page(
        c,
        200,
        found.locale,
        `<p id="ask">${escapeHtml(words.ask(KIND_WORDS[found.kind][found.locale]))}</p>
<form method="post" action="${escapeHtml(action)}">
<input type="hidden" name="List-Unsubscribe" value="One-Click">
<button type="submit" aria-describedby="ask">${escapeHtml(words.button)}</button>
</form>`,
      );
    })
    .post('/unsubscribe', async (c) => {
      // RFC 8058: the body is "List-Unsubscribe=One-Click"; the token in the URL is what counts.
      const found = await read(c);
      if (!found) return invalid(c);
      await setChoice(c.get('db'), found.userId, found.kind, 'email', false, now());
      const words = PAGE[found.locale];
      return page(
        c,
        200,
        found.locale,
        `<p role="status">${escapeHtml(words.done(KIND_WORDS[found.kind][found.locale]))}</p>
<p><a href="/profile">${escapeHtml(words.later)}</a></p>`,
      );
    });
}
