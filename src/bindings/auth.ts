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

/** Every effect of the auth statechart as a plain function; `authLogic` makes them its actors and actions. */
export interface AuthEffects {
  checkLogin: () => Promise<StoredSession>;
  fetchProfile: (token: string) => Promise<AccountRecord>;
  registerStudent: (input: { phone: string; countryCode: string; fields: FormFields }) => Promise<void>;
  loginStudent: (input: { phone: string; countryCode: string }) => Promise<void>;
  verifyOtp: (input: { phone: string; code: string }) => Promise<AccountRecord>;
  resendOtp: (input: { phone: string }) => Promise<void>;
  registerTeacher: (payload: unknown) => Promise<AccountRecord>;
  loginTeacher: (input: { login: string; password: string }) => Promise<AccountRecord>;
  forgotPassword: (input: { phone: string }) => Promise<void>;
  resetPassword: (input: { phone: string; code: string; password: string; passwordConfirmation: string }) => Promise<void>;
  completeProfile: (input: { token: string; fields: FormFields }) => Promise<AccountRecord>;
  logout: () => Promise<void>;
  storeSession: (account: AccountRecord) => void;
  clearSession: () => void;
  storeReturn: (target: ReturnTarget | null) => void;
}

/** The browser's effects: our API, the session cookies and the stored account record. */
export const browserAuthEffects: AuthEffects = {
  checkLogin: async () => ({
    account: await readStoredAccount(),
    token: readCookie(TOKEN_COOKIE),
    returnTo: readReturnTarget(),
  }),
  fetchProfile: (token) => fetchAccount(token),
  registerStudent: async (input) => {
    await api('v1/auth/register', {
      method: 'POST',
      body: { ...input.fields, type: 'student', phone: input.phone, country_code: input.countryCode },
    });
  },
  loginStudent: async (input) => {
    await api('v1/auth/login', { method: 'POST', body: { country_code: input.countryCode, phone: input.phone } });
  },
  verifyOtp: async (input) => accountFrom(await api<Envelope<unknown>>('v1/verify-otp', { method: 'POST', body: input })),
  resendOtp: async (input) => {
    await api('v1/auth/resend', { method: 'POST', body: input });
  },
  registerTeacher: async (payload) => {
    if (!(payload instanceof FormData)) throw new TypeError('teacher sign-up expects FormData');
    if (!payload.has('type')) payload.set('type', 'instructor');
    return accountFrom(await api<Envelope<unknown>>('v1/auth/register', { method: 'POST', body: payload }));
  },
  loginTeacher: async (input) => accountFrom(await api<Envelope<unknown>>('v1/instructor/auth/login', { method: 'POST', body: input })),
  forgotPassword: async (input) => {
    await api('v1/instructor/auth/forgot-password', { method: 'POST', body: input });
  },
  resetPassword: async (input) => {
    await api('v1/instructor/auth/reset-password', {
      method: 'POST',
      body: {
        phone: input.phone,
        code: input.code,
        password: input.password,
        password_confirmation: input.passwordConfirmation,
      },
    });
  },
  completeProfile: async (input) => {
    await api('v1/profile/complete', { method: 'POST', body: input.fields });
    // The answer's shape is not fixed; the profile is the one source of the account record.
    return fetchAccount(input.token);
  },
  logout: async () => {
    await api('v1/auth/logout', { method: 'POST' });
  },
  storeSession: (account) => storeAccount(account),
  clearSession: () => clearSessionStorage(),
  storeReturn: (target) => storeReturnTarget(target),
};

/** The auth statechart with `effects` bound (the same shape as booking's and teacher status's). */
export function authLogic(effects: AuthEffects) {
  /** An actor that hands its input to `run` as it is. */
  const effect = <I, O>(run: (input: I) => Promise<O>) => fromPromise<O, I>(({ input }) => run(input));
  return authMachine.provide({
    actors: {
      checkLogin: fromPromise<StoredSession>(() => effects.checkLogin()),
      fetchProfile: effect(({ token }: { token: string }) => effects.fetchProfile(token)),
      registerStudent: effect(effects.registerStudent),
      loginStudent: effect(effects.loginStudent),
      verifyOtp: effect(effects.verifyOtp),
      resendOtp: effect(effects.resendOtp),
      registerTeacher: effect(({ payload }: { payload: unknown }) => effects.registerTeacher(payload)),
      loginTeacher: effect(effects.loginTeacher),
      forgotPassword: effect(effects.forgotPassword),
      resetPassword: effect(effects.resetPassword),
      completeProfile: effect(effects.completeProfile),
      logout: fromPromise<void>(() => effects.logout()),
    },
    actions: {
      storeSession: (_: unknown, params: { account: AccountRecord }) => effects.storeSession(params.account),
      clearSession: () => effects.clearSession(),
      storeReturn: (_: unknown, params: { target: ReturnTarget | null }) => effects.storeReturn(params.target),
    },
  });
}

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
  const auth = createActor(authLogic(browserAuthEffects));
  presentAuthFailures(auth);
  return auth.start();
}

export type AuthActor = ActorRefFrom<typeof authMachine>;
