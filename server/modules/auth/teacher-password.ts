// Teacher password routes: sign-in (per-address limit, per-account lock, hashing gate),
// forgot-password (a reset code texted to a teacher's phone) and reset-password, which also lifts a
// lock: the code proves the phone, so a locked-out teacher gets back in by setting a new password.
import { Hono } from 'hono';
import { forgotPasswordSchema, instructorLoginSchema, resetPasswordSchema } from '../../../contract/auth';
import { ApiFailure } from '../../http/errors';
import { ok } from '../../http/respond';
import { jsonBody } from '../../http/validate';
import { tr } from '../../i18n';
import { hashPassword } from '../../lib/password';
import { otpRejected, phoneOr400, refusedFor, suspended, tooMany } from './answers';
import { beginAttempt, clearGuard, guardKey } from './lockout';
import type { AuthEnv } from './middleware';
import { consumeOtp } from './otp';
import { normalisePhone } from './phone';
import type { AuthRouteDeps } from './route-deps';
import { passwordMatches, sessionFor, takePhoneSlot, teacherByLogin, userIdByPhone } from './service';
import { revokeAllTokens } from './tokens';

export function teacherPasswordRoutes(deps: AuthRouteDeps) {
  const { now, secret, limits } = deps;
  return new Hono<AuthEnv>()
    .post('/instructor/auth/login', async (c) => {
      await deps.ipLimit(c, 'instructor-login');
      const body = await jsonBody(c, instructorLoginSchema);
      const db = c.get('db');
      const login = body.login.includes('@') ? { email: body.login } : { phone: normalisePhone(body.login) ?? undefined };
      const teacher = await teacherByLogin(db, login);
      const key = guardKey(teacher?.id ?? null, body.login);
      // Counted before the password is checked: parallel guesses cannot slip past the limit.
      const attempt = await beginAttempt(db, key, limits.lockout, now());
      if (!attempt.allowed) throw refusedFor(429, 'auth_account_locked', attempt.retryAfter);
      const matches = await deps.hashing(c, () => passwordMatches(teacher, body.password));
      if (!matches || !teacher) {
        if (attempt.locksNow) throw refusedFor(429, 'auth_account_locked', limits.lockout.lockSeconds);
        throw new ApiFailure(422, 'auth_invalid_credentials', {
          fields: (locale) => ({ password: [tr('auth_invalid_credentials', locale)] }),
        });
      }
      await clearGuard(db, key);
      // Told only to whoever knows the password: a stranger's guess gets the same 422 as any miss.
      if (teacher.status === 'suspended') throw suspended(403, teacher.review_reason);
      return ok(c, await sessionFor(db, teacher.id, now()), 'auth_signed_in');
    })
    .post('/instructor/auth/forgot-password', async (c) => {
      await deps.ipLimit(c, 'forgot');
      const body = await jsonBody(c, forgotPasswordSchema);
      const phone = phoneOr400(c.get('locale'), body.phone);
      const slot = await takePhoneSlot(c.get('db'), phone, now());
      if (!slot.ok) throw tooMany(slot.retryAfter);
      const teacher = (await userIdByPhone(c.get('db'), phone, 'instructor')) !== null;
      await deps.textCode(c, phone, 'reset', teacher, false);
      return ok(c, null, 'auth_code_sent');
    })
    .post('/instructor/auth/reset-password', async (c) => {
      await deps.ipLimit(c, 'reset');
      const body = await jsonBody(c, resetPasswordSchema);
      const phone = phoneOr400(c.get('locale'), body.phone);
      // Hashed before the transaction: scrypt is slow on purpose, the row lock should not wait on it.
      const hashed = await deps.hashing(c, () => hashPassword(body.password));
      const at = now();
      const result = await consumeOtp(c.get('db'), { phone, purpose: 'reset', code: body.code, now: at, secret }, async (tx) => {
        const id = await userIdByPhone(tx, phone, 'instructor');
        if (id === null) return false;
        await tx.query('UPDATE users SET password_hash = $2, updated_at = $3 WHERE id = $1', [id, hashed, at]);
        // Whoever knew the old password is signed out everywhere.
        await revokeAllTokens(tx, id, at);
        // The texted code proved the phone: a lock from password guessing ends with it.
        await clearGuard(tx, guardKey(id, phone));
        return true;
      });
      if (!result.ok) throw otpRejected(result.reason, 'text');
      if (!result.value) throw otpRejected('wrong', 'text');
      return ok(c, null, 'auth_password_reset');
    });
}
