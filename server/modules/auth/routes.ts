// The auth endpoints: student sign-up and phone-first OTP sign-in, teacher sign-up
// (register.ts), teacher password sign-in and recovery (teacher-password.ts), logout, and the
// development SMS outbox. The abuse limits come in through route-deps.ts.
import { Hono } from 'hono';
import { resendSchema, studentLoginSchema, verifyOtpSchema } from '../../../contract/auth';
import { readOutbox, type SmsSender } from '../../adapters/sms';
import { readDevMail } from '../outbox/email';
import type { FileStorage } from '../../adapters/storage';
import { ok } from '../../http/respond';
import { jsonBody } from '../../http/validate';
import { otpRejected, phoneOr400, tooMany, type C } from './answers';
import type { HashGate } from './hash-gate';
import type { SignInLimits } from './limits';
import type { AuthEnv, AuthMiddleware } from './middleware';
import { consumeOtp } from './otp';
import { registerHandler } from './register';
import { authRouteDeps } from './route-deps';
import { accountTypeByPhone, sessionFor, studentForVerifiedPhone, takePhoneSlot } from './service';
import { teacherPasswordRoutes } from './teacher-password';
import { bearerToken } from '../../http/bearer';
import { revokeToken } from './tokens';

export interface AuthRoutesOptions {
  now: () => Date;
  sms: SmsSender;
  storage: FileStorage;
  /** Key of the codes' HMAC; every instance sharing a database needs the same one. */
  secret: string;
  trustProxy: boolean;
  production: boolean;
  auth: AuthMiddleware;
  limits: SignInLimits;
  gate: HashGate;
  /** After a token is revoked by logout (realtime ends that session's private subscriptions). */
  onLogout?: ((c: C, token: string) => Promise<void>) | undefined;
}

export function authRoutes(options: AuthRoutesOptions) {
  const { now, secret, production } = options;
  const deps = authRouteDeps(options);

  /** Student sign-in and resend: the phone's slot is taken for every number, so a limit never tells which phones have accounts. */
  const textLoginCode = async (c: C, phone: string): Promise<Response> => {
    const slot = await takePhoneSlot(c.get('db'), phone, now());
    if (!slot.ok) throw tooMany(slot.retryAfter);
    // Phone-first: a phone without an account gets a code too (verifying it starts the sign-up);
    // only a teacher's phone does not, as teachers sign in with a password.
    const account = await accountTypeByPhone(c.get('db'), phone);
    await deps.textCode(c, phone, 'login', account !== 'instructor', account === null);
    return ok(c, null, 'auth_login_code_sent');
  };

  const routes = new Hono<AuthEnv>()
    .post('/auth/register', registerHandler(deps))
    .post('/auth/login', async (c) => {
      await deps.ipLimit(c, 'login');
      const body = await jsonBody(c, studentLoginSchema);
      return textLoginCode(c, phoneOr400(c.get('locale'), body.phone, body.country_code));
    })
    .post('/auth/resend', async (c) => {
      await deps.ipLimit(c, 'resend');
      const body = await jsonBody(c, resendSchema);
      return textLoginCode(c, phoneOr400(c.get('locale'), body.phone));
    })
    .post('/verify-otp', async (c) => {
      await deps.ipLimit(c, 'verify');
      const body = await jsonBody(c, verifyOtpSchema);
      const phone = phoneOr400(c.get('locale'), body.phone);
      const at = now();
      const result = await consumeOtp(c.get('db'), { phone, purpose: 'login', code: body.code, now: at, secret }, async (tx) => {
        const id = await studentForVerifiedPhone(tx, phone, at);
        if (id === null) return null;
        await tx.query('UPDATE users SET phone_verified_at = coalesce(phone_verified_at, $2) WHERE id = $1', [id, at]);
        return sessionFor(tx, id, at);
      });
      if (!result.ok) throw otpRejected(result.reason, 'key', result.attemptsLeft);
      if (!result.value) throw otpRejected('wrong');
      return ok(c, result.value, 'auth_signed_in');
    })
    .route('/', teacherPasswordRoutes(deps))
    .post('/auth/logout', options.auth.optionalUser, async (c) => {
      // Always 200: signing out of a session that already ended is still signing out.
      const token = bearerToken(c.req.header('authorization'));
      if (token && c.get('user')) {
        await revokeToken(c.get('db'), token, now());
        await options.onLogout?.(c, token);
      }
      return ok(c, null, 'auth_logged_out');
    });

  if (!production) {
    // Development only: read the codes the outbox "sent" (the route does not exist in production).
    routes.get('/dev/outbox', async (c) => {
      // ?email=: the mails the development mail sender "sent" to that address (verification codes and all).
      const email = c.req.query('email')?.trim();
      if (email) return ok(c, await readDevMail(c.get('db'), email));
      // An unencoded `+` in a typed URL arrives as a space.
      const raw = (c.req.query('phone') ?? '').trim();
      const phone = phoneOr400(c.get('locale'), raw === '' || raw.startsWith('+') ? raw : `+${raw}`);
      return ok(c, await readOutbox(c.get('db'), phone));
    });
  }
  return routes;
}
