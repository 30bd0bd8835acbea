// Binds the auth statechart's effects to the browser: the API calls (src/api/auth.ts), the session
// cookies and the stored account record; shows its failures through the error catalogue. Where the
// machine sends the user (its emitted `navigate`) is followed by the router (src/app/auth-navigation.ts).
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
import {
  completeProfile,
  fetchAccount,
  forgotPassword,
  loginStudent,
  loginTeacher,
  logout,
  registerStudent,
  registerTeacher,
  resendOtp,
  resetPassword,
  verifyOtp,
} from '../api/auth';

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
  fetchProfile: fetchAccount,
  registerStudent,
  loginStudent,
  verifyOtp,
  resendOtp,
  registerTeacher: async (payload) => {
    if (!(payload instanceof FormData)) throw new TypeError('teacher sign-up expects FormData');
    return registerTeacher(payload);
  },
  loginTeacher,
  forgotPassword,
  resetPassword,
  completeProfile,
  logout,
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
