// The auth routes' shared refusals: the rate-limit 429, one-time-code rejections, field failures and
// the E.164 check. Each is an ApiFailure to throw; app.onError answers it in the caller's language.
import type { Context } from 'hono';
import { validationKeys } from '../../../contract/validation';
import { ApiFailure, ValidationFailure } from '../../http/errors';
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

/** A suspended teacher: the 403 at sign-in, the 401 of a token the suspension revoked (`code: teacher_suspended`). */
export function suspended(status: 401 | 403, reason: string | null): ApiFailure {
  return new ApiFailure(status, (locale) => suspendedMessage(locale, reason), { code: 'teacher_suspended' });
}

/** 429 with Retry-After; the delay is also a field (`errors.retry_after: ['30']`) for the screens' countdown. */
export function tooMany(retryAfter: number): ApiFailure {
  return new ApiFailure(429, 'auth_rate_limited', {
    fields: { retry_after: [String(retryAfter)] },
    headers: { 'Retry-After': String(retryAfter) },
  });
}

/**
 * A refusal that is not the caller's fault or not about a field (account locked, SMS budget spent,
 * password hashing saturated): `{ message, code }` with Retry-After, so clients show the message as is.
 */
export function refusedFor(status: 429 | 503, key: MessageKey, retryAfter: number): ApiFailure {
  return new ApiFailure(status, key, { code: key, headers: { 'Retry-After': String(Math.max(1, Math.ceil(retryAfter))) } });
}

/**
 * verify-otp answers the reason as its `code` (`wrong`, `expired`, `too_many_attempts`): the auth
 * statechart branches on it. reset-password and the profile's e-mail code answer the localized text as a
 * field error on `code` instead, because their forms show server field errors as they come, next to the
 * code field. On verify-otp a wrong guess of an existing code also says how many guesses remain
 * (`errors.attempts_left: ['3']`, a value beside the fields as `retry_after` is), so the screen can tell
 * the person before the code is void.
 */
export function otpRejected(reason: OtpRejection, as: 'key' | 'text' = 'key', attemptsLeft?: number): ApiFailure {
  const key = OTP_MESSAGES[reason];
  if (as === 'text') return new ApiFailure(422, key, { fields: (locale) => ({ code: [tr(key, locale)] }) });
  return new ApiFailure(422, key, {
    code: reason,
    ...(attemptsLeft === undefined ? {} : { fields: { attempts_left: [String(attemptsLeft)] } }),
  });
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
