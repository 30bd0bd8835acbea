// The auth calls (contract/auth.ts): sign-up, sign-in with a texted code or a teacher's password, the
// password reset, completing a new account's profile, signing out, and the account a token belongs to.
// The auth statechart's effects (src/bindings/auth.ts) are the one caller. An answer that carries the
// account is checked against the record the client keeps (contract/account.ts); that schema, and zod/mini
// with it, is loaded beside the request: an anonymous first visit never needs it.
import type { AccountRecord } from '../../contract/account';
import { api, readAnswer, type AnswerSchema, type Envelope } from './client';

/**
 * `{ message, data: account }` → the account, its record checked by the contract's zod/mini schema.
 * `token`: the one the request was made with, for answers that do not repeat it (the profile).
 */
const accountAnswer = (token?: string) => async (): Promise<AnswerSchema<AccountRecord>> => {
  const { accountRecordSchema } = await import('../../contract/account');
  return {
    parse(answer) {
      const { message, data } = answer as Partial<Envelope<object>>;
      if (typeof message !== 'string') throw new TypeError('an answer without its message');
      return accountRecordSchema.parse({ ...data, ...(token && { token }) });
    },
  };
};

/** The account of `token`, read from the profile; the token is passed: at start-up it comes from the cookie. */
export function fetchAccount(token: string): Promise<AccountRecord> {
  return readAnswer(api('v1/profile', { headers: { Authorization: `Bearer ${token}` } }), accountAnswer(token));
}

export async function registerStudent(input: { phone: string; countryCode: string; fields: Record<string, unknown> }): Promise<void> {
  await api('v1/auth/register', {
    method: 'POST',
    body: { ...input.fields, type: 'student', phone: input.phone, country_code: input.countryCode },
  });
}

export async function loginStudent(input: { phone: string; countryCode: string }): Promise<void> {
  await api('v1/auth/login', { method: 'POST', body: { country_code: input.countryCode, phone: input.phone } });
}

/** A refused code is a 422 whose `code` says why (`wrong`, `expired`, `too_many_attempts`). */
export function verifyOtp(input: { phone: string; code: string }): Promise<AccountRecord> {
  return readAnswer(api('v1/verify-otp', { method: 'POST', body: input }), accountAnswer());
}

export async function resendOtp(input: { phone: string }): Promise<void> {
  await api('v1/auth/resend', { method: 'POST', body: input });
}

/** A teacher's sign-up, documents included (multipart). */
export function registerTeacher(payload: FormData): Promise<AccountRecord> {
  if (!payload.has('type')) payload.set('type', 'instructor');
  return readAnswer(api('v1/auth/register', { method: 'POST', body: payload }), accountAnswer());
}

export function loginTeacher(input: { login: string; password: string }): Promise<AccountRecord> {
  return readAnswer(api('v1/instructor/auth/login', { method: 'POST', body: input }), accountAnswer());
}

export async function forgotPassword(input: { phone: string }): Promise<void> {
  await api('v1/instructor/auth/forgot-password', { method: 'POST', body: input });
}

export async function resetPassword(input: { phone: string; code: string; password: string; passwordConfirmation: string }): Promise<void> {
  await api('v1/instructor/auth/reset-password', {
    method: 'POST',
    body: { phone: input.phone, code: input.code, password: input.password, password_confirmation: input.passwordConfirmation },
  });
}

/** Saves a new account's missing fields; the profile is the one source of the account record after it. */
export async function completeProfile(input: { token: string; fields: Record<string, unknown> }): Promise<AccountRecord> {
  await api('v1/profile/complete', { method: 'POST', body: input.fields });
  return fetchAccount(input.token);
}

export async function logout(): Promise<void> {
  await api('v1/auth/logout', { method: 'POST' });
}
