// Binds the auth statechart's effects to the browser: the API calls, the session cookies and the
// stored account record; shows its failures through the error catalogue. Where the machine sends the
// user (its emitted `navigate`) is followed by the router (src/app/auth-navigation.ts).
import { createActor, fromPromise, type ActorRefFrom } from 'xstate';
import type { Failure } from '../../contract/failure';
import { describeFailure, type ErrorToast } from '../api/present-error';
import { i18n } from '../i18n/i18n';
import { toast } from '../ui/toast-store';
import { authMachine, type FormFields, type ReturnTarget, type StoredSession } from '../../machines/auth.machine';
import type { AccountRecord } from '../../contract/account';
import {
  clearSessionStorage,
  readCookie,
  readReturnTarget,
  readStoredAccount,
  storeAccount,
  storeReturnTarget,
  TOKEN_COOKIE,
} from './session-storage';
import { api, type Envelope } from '../api/client';

/**
 * Reads an account out of a `{data: {token, is_teacher, status, ...}}` answer. The schema (and zod)
 * is imported on first use: an anonymous first visit never needs it (JS budget).
 */
async function accountFrom(res: Envelope<unknown>, token?: string): Promise<AccountRecord> {
  const data = (res.data ?? {}) as Record<string, unknown>;
  const { accountRecordSchema } = await import('../../contract/account');
  return accountRecordSchema.parse(token === undefined ? data : { ...data, token });
}

async function fetchAccount(token: string): Promise<AccountRecord> {
  // The token is passed explicitly: at start-up it comes from the cookie, later from the record.
  const res = await api<Envelope<unknown>>('v1/profile', { headers: { Authorization: `Bearer ${token}` } });
  return accountFrom(res, token);
}

export const authEffects = {
  actors: {
    checkLogin: fromPromise<StoredSession>(async () => ({
      account: await readStoredAccount(),
      token: readCookie(TOKEN_COOKIE),
      returnTo: readReturnTarget(),
    })),
    fetchProfile: fromPromise<AccountRecord, { token: string }>(({ input }) => fetchAccount(input.token)),
    registerStudent: fromPromise<void, { phone: string; countryCode: string; fields: FormFields }>(async ({ input }) => {
      await api('v1/auth/register', {
        method: 'POST',
        body: { ...input.fields, type: 'student', phone: input.phone, country_code: input.countryCode },
      });
    }),
    loginStudent: fromPromise<void, { phone: string; countryCode: string }>(async ({ input }) => {
      await api('v1/auth/login', { method: 'POST', body: { country_code: input.countryCode, phone: input.phone } });
    }),
    verifyOtp: fromPromise<AccountRecord, { phone: string; code: string }>(async ({ input }) =>
      accountFrom(await api<Envelope<unknown>>('v1/verify-otp', { method: 'POST', body: input })),
    ),
    resendOtp: fromPromise<void, { phone: string }>(async ({ input }) => {
      await api('v1/auth/resend', { method: 'POST', body: input });
    }),
    registerTeacher: fromPromise<AccountRecord, { payload: unknown }>(async ({ input }) => {
      if (!(input.payload instanceof FormData)) throw new TypeError('teacher sign-up expects FormData');
      if (!input.payload.has('type')) input.payload.set('type', 'instructor');
      return accountFrom(await api<Envelope<unknown>>('v1/auth/register', { method: 'POST', body: input.payload }));
    }),
    loginTeacher: fromPromise<AccountRecord, { login: string; password: string }>(async ({ input }) =>
      accountFrom(await api<Envelope<unknown>>('v1/instructor/auth/login', { method: 'POST', body: input })),
    ),
    forgotPassword: fromPromise<void, { phone: string }>(async ({ input }) => {
      await api('v1/instructor/auth/forgot-password', { method: 'POST', body: input });
    }),
    resetPassword: fromPromise<void, { phone: string; code: string; password: string; passwordConfirmation: string }>(async ({ input }) => {
      await api('v1/instructor/auth/reset-password', {
        method: 'POST',
        body: {
          phone: input.phone,
          code: input.code,
          password: input.password,
          password_confirmation: input.passwordConfirmation,
        },
      });
    }),
    completeProfile: fromPromise<AccountRecord, { token: string; fields: FormFields }>(async ({ input }) => {
      await api('v1/profile/complete', { method: 'POST', body: input.fields });
      // The answer's shape is not fixed; the profile is the one source of the account record.
      return fetchAccount(input.token);
    }),
    logout: fromPromise<void>(async () => {
      await api('v1/auth/logout', { method: 'POST' });
    }),
  },
  actions: {
    storeSession: (_: unknown, params: { account: AccountRecord }) => storeAccount(params.account),
    clearSession: () => clearSessionStorage(),
    storeReturn: (_: unknown, params: { target: ReturnTarget | null }) => storeReturnTarget(params.target),
  },
};

/**
 * A form's failed request is told the error catalogue's way (spec §8: a toast) here, once for every
 * auth form, from the machine's Failure; the forms only put field errors next to their fields.
 */
export function presentAuthFailures(auth: Pick<AuthActor, 'subscribe'>, showToast: (toast: ErrorToast) => void = (t) => toast.show(t)) {
  let shown: Failure | null = null;
  return auth.subscribe((snapshot) => {
    const failure = snapshot.context.failure;
    if (failure && failure !== shown) showToast(describeFailure(failure, i18n).toast);
    shown = failure;
  });
}

export function createAuthActor() {
  const auth = createActor(authMachine.provide(authEffects));
  presentAuthFailures(auth);
  return auth.start();
}

export type AuthActor = ActorRefFrom<typeof authMachine>;
