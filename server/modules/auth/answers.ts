// The auth routes' shared refusals: the rate-limit 429, one-time-code rejections, field failures and
// the E.164 check, each answered in the caller's language.
import type { Context } from 'hono';
import { validationKeys } from '../../../contract/validation';
import { ValidationFailure } from '../../http/errors';
import { tr, trValidation, type Locale, type MessageKey } from '../../i18n';
import type { AuthEnv } from './middleware';
import type { OtpRejection } from './otp';
import { normalisePhone } from './phone';

export type C = Context<AuthEnv>;

const OTP_MESSAGES: Record<OtpRejection, MessageKey> = {
  wrong: 'otp_wrong',
  expired: 'otp_expired',
  too_many_attempts: 'otp_too_many_attempts',
};

/** What a suspended teacher is told (at sign-in, and by the 401 of a token the suspension revoked), with the reviewer's reason. */
export function suspendedMessage(locale: Locale, reason: string | null): string {
  const text = tr('teacher_suspended', locale);
  return reason ? `${text} ${tr('teacher_suspended_reason', locale)} ${reason}` : text;
}

export function tooMany(c: C, retryAfter: number): Response {
  c.header('Retry-After', String(retryAfter));
  return c.json({ message: tr('auth_rate_limited', c.get('locale')), errors: { retry_after: [String(retryAfter)] } }, 429);
}

/**
 * A refusal that is not the caller's fault or not about a field (account locked, SMS budget spent,
 * password hashing saturated): `{ message, code }` with Retry-After, so clients show the message as is.
 */
export function refusedFor(c: C, status: 429 | 503, key: MessageKey, retryAfter: number): Response {
  c.header('Retry-After', String(Math.max(1, Math.ceil(retryAfter))));
  return c.json({ message: tr(key, c.get('locale')), code: key }, status);
}

/**
 * verify-otp answers the reason as a key (`errors.code: ['wrong']`): the auth statechart branches on it.
 * reset-password answers the localized text there, because its form shows server field errors as they
 * come, next to the code field. On verify-otp a wrong guess of an existing code also says how many
 * guesses remain (`errors.attempts_left: ['3']`), so the screen can tell the person before the code is void.
 */
export function otpRejected(c: C, reason: OtpRejection, as: 'key' | 'text' = 'key', attemptsLeft?: number): Response {
  const message = tr(OTP_MESSAGES[reason], c.get('locale'));
  if (as === 'text') return c.json({ message, errors: { code: [message] } }, 422);
  const left = attemptsLeft === undefined ? {} : { attempts_left: [String(attemptsLeft)] };
  return c.json({ message, errors: { code: [reason], ...left } }, 422);
}

export function fieldFailure(locale: Locale, errors: Record<string, string>): ValidationFailure {
  return new ValidationFailure(Object.fromEntries(Object.entries(errors).map(([field, key]) => [field, [trValidation(key, locale)]])));
}

/** E.164 or a 400 on `phone`. */
export function phoneOr400(locale: Locale, raw: string, country?: string): string {
  const phone = normalisePhone(raw, country);
  if (!phone) throw fieldFailure(locale, { phone: validationKeys.invalidPhone });
  return phone;
}
