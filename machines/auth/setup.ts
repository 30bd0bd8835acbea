// The auth statechart's named effects, guards and delays (one `setup()` the state files build on).
// Every effect is given by the app (src/bindings/auth.ts) through `provide()`; the defaults refuse to run
// so that a forgotten binding fails loudly instead of silently doing nothing. Navigation is not an
// effect: the machine emits `navigate` and the app follows it.
import { assign, emit, fromPromise, setup } from 'xstate';
import type { AccountRecord } from '../../contract/account';
import { toFailure } from '../../contract/failure';
import {
  RESEND_COOLDOWN_SECONDS,
  type AuthContext,
  type AuthDestination,
  type AuthEmitted,
  type AuthEvent,
  type AuthNotice,
  type FormFields,
  type OtpRejection,
  type PasswordResetInput,
  type ReturnTarget,
  type StoredSession,
  type StudentLoginInput,
  type StudentSignupInput,
} from './types';
import { parseReturnTarget, parseTeacherId } from './return-to';

function notProvided(name: string): never {
  throw new Error(`${name} not provided: bind it with authMachine.provide() (src/bindings/auth.ts)`);
}

/** Reading a value a state cannot exist without: a missing one is a bug in the machine, not a blank to send. */
export function required<T>(value: T | null | undefined, what: string): T {
  if (value === null || value === undefined) throw new Error(`auth machine: ${what} missing`);
  return value;
}

export const phoneOf = (context: AuthContext): string => required(context.phone, 'phone');
export const tokenOf = (context: AuthContext): string => required(context.account, 'account').token;

function isConflict(error: unknown, type?: 'instructor' | 'student'): boolean {
  const failure = toFailure(error);
  if (failure.status !== 409) return false;
  return type === undefined || (failure.fieldErrors.type ?? []).includes(type);
}

/** verify-otp refused the code, and its `code` says why. */
function isOtpRejection(error: unknown, code: OtpRejection): boolean {
  const failure = toFailure(error);
  return failure.status === 422 && failure.code === code;
}

export const authSetup = setup({
  types: {
    context: {} as AuthContext,
    events: {} as AuthEvent,
    emitted: {} as AuthEmitted,
  },
  actors: {
    checkLogin: fromPromise<StoredSession>(async () => notProvided('checkLogin')),
    fetchProfile: fromPromise<AccountRecord, { token: string }>(async () => notProvided('fetchProfile')),
    registerStudent: fromPromise<void, StudentSignupInput>(async () => notProvided('registerStudent')),
    loginStudent: fromPromise<void, StudentLoginInput>(async () => notProvided('loginStudent')),
    verifyOtp: fromPromise<AccountRecord, { phone: string; code: string }>(async () => notProvided('verifyOtp')),
    resendOtp: fromPromise<void, { phone: string }>(async () => notProvided('resendOtp')),
    registerTeacher: fromPromise<AccountRecord, { payload: unknown }>(async () => notProvided('registerTeacher')),
    loginTeacher: fromPromise<AccountRecord, { login: string; password: string }>(async () => notProvided('loginTeacher')),
    forgotPassword: fromPromise<void, { phone: string }>(async () => notProvided('forgotPassword')),
    resetPassword: fromPromise<void, PasswordResetInput>(async () => notProvided('resetPassword')),
    completeProfile: fromPromise<AccountRecord, { token: string; fields: FormFields }>(async () => notProvided('completeProfile')),
    logout: fromPromise<void>(async () => notProvided('logout')),
  },
  actions: {
    /** Writes the token and teacher-flag cookies and the stored account record. */
    storeSession: (_, _params: { account: AccountRecord }) => notProvided('storeSession'),
    /** Clears the token, the teacher flag and cached user data. */
    clearSession: () => notProvided('clearSession'),
    /** Keeps (or, with null, drops) the return target where a reload of this tab finds it. */
    storeReturn: (_, _params: { target: ReturnTarget | null }) => notProvided('storeReturn'),
    /** Tells the app where to go once this transition is done (src/app follows it). */
    navigate: emit((_, destination: AuthDestination) => ({ type: 'navigate' as const, destination })),
    setAccount: assign((_, params: { account: AccountRecord }) => ({ account: params.account, pendingToken: null })),
    forgetAccount: assign({ account: null, pendingToken: null }),
    /** Only a valid target is kept: whatever else is handed in leaves none. */
    rememberReturn: assign((_, params: { target: unknown }) => ({ returnTo: parseReturnTarget(params.target) })),
    rememberToken: assign((_, params: { token: string }) => ({ pendingToken: params.token })),
    rememberPhone: assign((_, params: { phone: string; countryCode?: string }) => ({
      phone: params.phone,
      countryCode: params.countryCode ?? null,
    })),
    rememberFailure: assign((_, params: { error: unknown }) => ({ failure: toFailure(params.error) })),
    clearFeedback: assign({ failure: null, notice: null }),
    /** What the server said of a wrong code: the guesses still allowed (`errors.attempts_left`). */
    rememberAttemptsLeft: assign((_, params: { error: unknown }) => {
      const left = Number(toFailure(params.error).fieldErrors.attempts_left?.[0]);
      return { otpAttemptsLeft: Number.isInteger(left) && left >= 0 ? left : null };
    }),
    setNotice: assign((_, params: { notice: AuthNotice }) => ({ notice: params.notice })),
    startCountdown: assign({ resendSecondsLeft: RESEND_COOLDOWN_SECONDS }),
    countDown: assign({ resendSecondsLeft: ({ context }) => Math.max(0, context.resendSecondsLeft - 1) }),
    stopCountdown: assign({ resendSecondsLeft: 0 }),
  },
  guards: {
    hasAccount: (_, params: { account: AccountRecord | null }) => params.account !== null,
    hasToken: (_, params: { token: string | null }) => params.token !== null && params.token !== '',
    isTeacherId: (_, params: { teacherId: unknown }) => parseTeacherId(params.teacherId) !== null,
    /** Register answered 409 and `errors.type` says the phone belongs to a teacher. */
    isTeacherPhone: (_, params: { error: unknown }) => isConflict(params.error, 'instructor'),
    /** Register answered 409 for any other account (a student). */
    isTakenPhone: (_, params: { error: unknown }) => isConflict(params.error),
    isWrongCode: (_, params: { error: unknown }) => isOtpRejection(params.error, 'wrong'),
    isExpiredCode: (_, params: { error: unknown }) => isOtpRejection(params.error, 'expired'),
    isTooManyAttempts: (_, params: { error: unknown }) => isOtpRejection(params.error, 'too_many_attempts'),
    /** The verified account has no sign-up fields yet (phone-first sign-in of a new phone). */
    isNewAccount: (_, params: { account: AccountRecord }) => params.account.profile_complete === false,
    isProfileIncomplete: ({ context }) => context.account?.profile_complete === false,
    /** The server no longer accepts the session (401): it ended, or a suspension signed the teacher out. */
    isSessionEnded: (_, params: { error: unknown }) => toFailure(params.error).status === 401,
  },
  delays: {
    resendCooldown: RESEND_COOLDOWN_SECONDS * 1000,
    resendTick: 1000,
  },
});

/** Failures of a form's request stay in context for that form (`rememberFailure` from the actor's error). */
export const keepFailure = {
  type: 'rememberFailure',
  params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }),
} as const;

/**
 * A request answered with the account: it becomes the signed-in account and is stored (cookies and
 * record). Spread first into the `onDone` actions of every such request.
 */
export const keepAccount = [
  { type: 'setAccount', params: ({ event }: { event: { output: AccountRecord } }) => ({ account: event.output }) },
  { type: 'storeSession', params: ({ event }: { event: { output: AccountRecord } }) => ({ account: event.output }) },
] as const;
