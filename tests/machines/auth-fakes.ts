// Fake effects for the auth machine: actors answer as the server would, actions record what the app
// would have done (cookies written); `follow` records the pages the machine sends the user to.
import { fromPromise } from 'xstate';
import type { AccountRecord } from '../../contract/account';
import type { AuthDestination, ReturnTarget, StoredSession } from '../../machines/auth.machine';
import { ApiError } from '../../src/api/api-error';

export const student: AccountRecord = {
  id: 7,
  is_teacher: false,
  has_free_session: true,
  status: null,
  token: 'student-token',
  profile_complete: true,
};
export const teacher: AccountRecord = {
  id: 9,
  is_teacher: true,
  has_free_session: false,
  status: 'in_review',
  token: 'teacher-token',
  profile_complete: true,
};

/** An error exactly as the HTTP client throws it for a response with that status and `errors`. */
export function apiError(status: number, errors: Record<string, string[]> = {}, message = 'server says no'): ApiError {
  return new ApiError({ status, message, fieldErrors: errors, data: { message, errors } });
}

/**
 * verify-otp's refusal of a code as the HTTP client throws it: the reason is the answer's `code`; a wrong
 * guess of an existing code also says how many remain (`errors.attempts_left`).
 */
export function otpRefused(reason: 'wrong' | 'expired' | 'too_many_attempts', attemptsLeft?: string): ApiError {
  const message = 'server says no';
  const errors: Record<string, string[]> = attemptsLeft === undefined ? {} : { attempts_left: [attemptsLeft] };
  return new ApiError({ status: 422, message, code: reason, fieldErrors: errors, data: { message, code: reason, errors } });
}

type Behaviour<I, O> = (input: I) => O | Promise<O>;

export interface FakeOptions {
  checkLogin?: Behaviour<unknown, StoredSession>;
  fetchProfile?: Behaviour<{ token: string }, AccountRecord>;
  registerStudent?: Behaviour<{ phone: string; countryCode: string; fields: Record<string, unknown> }, void>;
  loginStudent?: Behaviour<{ phone: string; countryCode: string }, void>;
  verifyOtp?: Behaviour<{ phone: string; code: string }, AccountRecord>;
  resendOtp?: Behaviour<{ phone: string }, void>;
  registerTeacher?: Behaviour<{ payload: unknown }, AccountRecord>;
  loginTeacher?: Behaviour<{ login: string; password: string }, AccountRecord>;
  forgotPassword?: Behaviour<{ phone: string }, void>;
  resetPassword?: Behaviour<{ phone: string; code: string; password: string; passwordConfirmation: string }, void>;
  completeProfile?: Behaviour<{ token: string; fields: Record<string, unknown> }, AccountRecord>;
  logout?: Behaviour<unknown, void>;
}

export function makeFakes(options: FakeOptions = {}) {
  const calls: Array<{ actor: string; input: unknown }> = [];
  const navigations: AuthDestination[] = [];
  const stored: AccountRecord[] = [];
  /** The return targets the app would have written to sessionStorage (null: removed). */
  const returns: Array<ReturnTarget | null> = [];
  let cleared = 0;
  function actor<I, O>(name: string, fallback: Behaviour<I, O>, given?: Behaviour<I, O>) {
    return fromPromise<O, I>(async ({ input }) => {
      calls.push({ actor: name, input });
      return (given ?? fallback)(input);
    });
  }
  const fakes = {
    actors: {
      checkLogin: actor<unknown, StoredSession>('checkLogin', () => ({ account: null, token: null }), options.checkLogin),
      fetchProfile: actor('fetchProfile', () => student, options.fetchProfile),
      registerStudent: actor('registerStudent', () => undefined, options.registerStudent),
      loginStudent: actor('loginStudent', () => undefined, options.loginStudent),
      verifyOtp: actor('verifyOtp', () => student, options.verifyOtp),
      resendOtp: actor('resendOtp', () => undefined, options.resendOtp),
      registerTeacher: actor('registerTeacher', () => teacher, options.registerTeacher),
      loginTeacher: actor('loginTeacher', () => ({ ...teacher, status: 'active' as const }), options.loginTeacher),
      forgotPassword: actor('forgotPassword', () => undefined, options.forgotPassword),
      resetPassword: actor('resetPassword', () => undefined, options.resetPassword),
      completeProfile: actor('completeProfile', () => ({ ...student, profile_complete: true }), options.completeProfile),
      logout: actor<unknown, void>('logout', () => undefined, options.logout),
    },
    actions: {
      storeSession: (_: unknown, params: { account: AccountRecord }) => void stored.push(params.account),
      clearSession: () => void cleared++,
      storeReturn: (_: unknown, params: { target: ReturnTarget | null }) => void returns.push(params.target),
    },
  };
  /** Records where the machine sends the user (its emitted `navigate`), as the app's router would follow it. */
  const follow = (actor: { on: (type: 'navigate', handler: (e: { destination: AuthDestination }) => void) => unknown }) =>
    void actor.on('navigate', (e) => navigations.push(e.destination));
  return {
    fakes,
    follow,
    calls,
    navigations,
    stored,
    returns,
    called: (name: string) => calls.filter((c) => c.actor === name),
    get cleared() {
      return cleared;
    },
  };
}
