// A family's e-mail address under v1/profile/email (contract/profile-email.ts), always the caller's own;
// teachers' addresses are their sign-in and are not edited here (403). And /verify-email?t=, the link
// in the mail: no sign-in (the token is the credential, a MAC of the code row under the mail key); GET
// only shows a page with a button, because link scanners and previews fetch URLs and a mistyped address
// must not be verified by somebody else's mail filter; the button POSTs and verifies.
import { Hono, type Context } from 'hono';
import { emailCodeInputSchema, emailInputSchema, emailLocaleInputSchema, type EmailState } from '../../../contract/profile-email';
import type { AppEnv } from '../../http/context';
import { ApiFailure } from '../../http/errors';
import { ok } from '../../http/respond';
import { jsonBody } from '../../http/validate';
import { pickLocale, type Locale } from '../../i18n';
import { otpRejected, tooMany } from '../auth/answers';
import { requireFamily } from '../auth/caller';
import type { AuthMiddleware } from '../auth/middleware';
import { escapeHtml } from '../../http/html';
import { mailLinkPage } from '../notification-preferences/unsubscribe';
import { emailCodeOf, readEmailLinkToken } from './codes';
import { emailStateOf, familyOfCode, removeEmail, resendCode, setEmail, setMailLocale, verifyEmail } from './service';

interface Options {
  auth: AuthMiddleware;
  /** The one-time codes' HMAC key (the auth module's). */
  secret: string;
  now: () => Date;
}

const familiesOnly = () => new ApiFailure(403, 'profile_students_only');
const nothingToVerify = () => new ApiFailure(409, 'email_nothing_to_verify');

export function profileEmailRoutes({ auth, secret, now }: Options) {
  const PATH = '/profile/email';
  const state = async (c: Context<AppEnv>, familyId: number, key: Parameters<typeof ok>[2] = 'ok') =>
    ok<EmailState>(c, await emailStateOf(c.get('db'), familyId), key);
  return new Hono<AppEnv>()
    .get(PATH, auth.requireUser, async (c) => state(c, requireFamily(c, familiesOnly).familyId))
    .put(PATH, auth.requireUser, async (c) => {
      const { familyId } = requireFamily(c, familiesOnly);
      const { email, locale } = await jsonBody(c, emailInputSchema);
      const sent = await setEmail(c.get('db'), {
        familyId,
        address: email,
        chosen: locale,
        pageLocale: c.get('locale'),
        now: now(),
        secret,
      });
      if (!sent.ok) throw tooMany(sent.retryAfter);
      const after = await emailStateOf(c.get('db'), familyId);
      return ok<EmailState>(c, after, after.verified ? 'email_saved' : 'email_code_sent');
    })
    .patch(PATH, auth.requireUser, async (c) => {
      const { familyId } = requireFamily(c, familiesOnly);
      const { locale } = await jsonBody(c, emailLocaleInputSchema);
      await setMailLocale(c.get('db'), familyId, locale, now());
      return state(c, familyId, 'email_language_saved');
    })
    .post(`${PATH}/resend`, auth.requireUser, async (c) => {
      const { familyId } = requireFamily(c, familiesOnly);
      const sent = await resendCode(c.get('db'), { familyId, now: now(), secret });
      if (!sent.ok) {
        if ('nothingToVerify' in sent) throw nothingToVerify();
        throw tooMany(sent.retryAfter);
      }
      return state(c, familyId, 'email_code_sent');
    })
    .post(`${PATH}/verify`, auth.requireUser, async (c) => {
      const { familyId } = requireFamily(c, familiesOnly);
      const { code } = await jsonBody(c, emailCodeInputSchema);
      const result = await verifyEmail(c.get('db'), { familyId, code, now: now(), secret });
      if (!result.ok) {
        if ('nothingToVerify' in result) throw nothingToVerify();
        throw otpRejected(result.reason, 'text');
      }
      return state(c, familyId, 'email_verified');
    })
    .delete(PATH, auth.requireUser, async (c) => {
      const { familyId } = requireFamily(c, familiesOnly);
      await removeEmail(c.get('db'), familyId, now());
      return state(c, familyId, 'email_removed');
    });
}

const PAGE: Record<
  Locale,
  { title: string; ask: (a: string) => string; button: string; done: (a: string) => string; already: string; gone: string; profile: string }
> = {
  ar: {
    title: 'تأكيد البريد الإلكتروني',
    ask: (a) => `هل تؤكد ${a} عنوانًا لبريد حسابك في نور؟`,
    button: 'نعم، أكّد العنوان',
    done: (a) => `تم تأكيد ${a}. سنرسل إليه ما اخترته في إعدادات التنبيهات.`,
    already: 'هذا العنوان مؤكَّد من قبل.',
    gone: 'هذا الرابط لم يعد صالحًا. اطلب رمزًا جديدًا من ملفك الشخصي.',
    profile: 'ملفك الشخصي',
  },
  en: {
    title: 'Confirm your e-mail address',
    ask: (a) => `Confirm ${a} as the e-mail address of your Noor account?`,
    button: 'Yes, confirm it',
    done: (a) => `${a} is confirmed. We will send to it what you chose in your notification settings.`,
    already: 'This address is already confirmed.',
    gone: 'This link no longer works. Ask for a new code in your profile.',
    profile: 'Your profile',
  },
};

/** The link in the verification mail, outside /api, at the address the mail carries. */
export function verifyEmailLinkRoutes({ secret, now }: { secret: string; now: () => Date }) {
  const read = async (c: Context<AppEnv>) => {
    const token = c.req.query('t') ?? '';
    const db = c.get('db');
    const otpId = await readEmailLinkToken(db, token);
    const family = otpId === null ? null : await familyOfCode(db, otpId);
    if (otpId === null || !family?.email) return null;
    const locale = (await db.one<{ locale: Locale }>('SELECT locale FROM users WHERE id = $1', [family.familyId]))?.locale ?? 'ar';
    return { otpId, token, locale, ...family, email: family.email };
  };
  const gone = (c: Context<AppEnv>, locale: Locale = pickLocale(c.req.header('accept-language'))) => {
    const words = PAGE[locale];
    return mailLinkPage(
      c,
      400,
      locale,
      words.title,
      `<p>${escapeHtml(words.gone)}</p>\n<p><a href="/profile">${escapeHtml(words.profile)}</a></p>`,
    );
  };
  return new Hono<AppEnv>()
    .get('/verify-email', async (c) => {
      const found = await read(c);
      if (!found) return gone(c);
      const words = PAGE[found.locale];
      if (found.verified) return mailLinkPage(c, 200, found.locale, words.title, `<p role="status">${escapeHtml(words.already)}</p>`);
      const action = `/verify-email?t=${encodeURIComponent(found.token)}`;
      return mailLinkPage(
        c,
        200,
        found.locale,
        words.title,
        `<p id="ask">${escapeHtml(words.ask(found.email))}</p>
<form method="post" action="${escapeHtml(action)}">
<button type="submit" aria-describedby="ask">${escapeHtml(words.button)}</button>
</form>`,
      );
    })
    .post('/verify-email', async (c) => {
      const found = await read(c);
      if (!found) return gone(c);
      const db = c.get('db');
      const code = await emailCodeOf(db, found.otpId);
      const result = await verifyEmail(db, { familyId: found.familyId, code, now: now(), secret, id: found.otpId });
      if (!result.ok) return gone(c, found.locale);
      const words = PAGE[found.locale];
      return mailLinkPage(
        c,
        200,
        found.locale,
        words.title,
        `<p role="status">${escapeHtml(words.done(found.email))}</p>\n<p><a href="/profile">${escapeHtml(words.profile)}</a></p>`,
      );
    });
}
