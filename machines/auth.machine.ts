// The account life as one statechart (spec §2–§4, §8; issue 3): the start-up login check, student
// sign-up and login with OTP, the register 409 branches, teacher sign-up and login, teacher password
// recovery, completing the registration, profile reloads, logout and an expired session.
//
// Every effect is named here and given by the app (src/app/auth.ts) through `provide()`; the defaults
// below refuse to run so that a forgotten binding fails loudly instead of silently doing nothing.
//
// Navigation is an ACTION ('navigate' with a typed destination) rather than something the route
// guards derive from state: where a finished flow lands depends on which transition finished it
// (a teacher who signed up goes home, the same teacher logging in goes to about-us, a 409 sends the
// user to sign-in or to the code screen), and that is invisible in the resulting state. The guards in
// src/app/guards.ts still own access control: they only say where a user may NOT be.
import { assign, fromPromise, setup } from 'xstate';
import type { AccountRecord } from '../contract/account';

/** Resend is refused for this long after a code was sent; the screen shows the countdown. */
export const RESEND_COOLDOWN_SECONDS = 60;

/** What the start-up check found in the browser: a stored account record, or else a token cookie. */
export interface StoredSession {
  account: AccountRecord | null;
  token: string | null;
}

/**
 * A failed request as the machine keeps it: serialisable, and the same shape the HTTP layer's
 * ApiError exposes (status 0 = no response; field errors from a 400/409/422 `errors` object).
 */
export interface RequestFailure {
  status: number;
  message: string | null;
  fieldErrors: Record<string, string[]>;
}

/** The 422 `errors.code` values of v1/verify-otp; each one has its own state and message. */
export type OtpRejection = 'wrong' | 'expired' | 'too_many_attempts';

/** A message the sign-in screen shows on arrival, set by the flow that sent the user there. */
export type AuthNotice = 'teacherAccountExists' | 'passwordReset';

/** Where a finished step sends the user; the app maps each one to a route. */
export type AuthDestination =
  | { to: 'root' }
  | { to: 'aboutUs' }
  | { to: 'signIn' }
  | { to: 'verifyOtp'; phone: string }
  | { to: 'resetPassword'; phone: string };

/** Fields the machine does not read: the screens build them, the actors send them. */
export type FormFields = Record<string, unknown>;

export interface AuthContext {
  account: AccountRecord | null;
  /** The token cookie found at start-up while its profile is being fetched. */
  pendingToken: string | null;
  /** E.164 phone of the sign-up, login or recovery in progress (the code screen needs it). */
  phone: string | null;
  /** ISO 3166-1 alpha-2 country of that phone. */
  countryCode: string | null;
  notice: AuthNotice | null;
  failure: RequestFailure | null;
  /** Seconds until a new code may be requested; 0 once resend is allowed. */
  resendSecondsLeft: number;
}

export type AuthEvent =
  | { type: 'signup.submit'; phone: string; countryCode: string; fields: FormFields }
  | { type: 'login.submit'; phone: string; countryCode: string }
  | { type: 'otp.open'; phone: string }
  | { type: 'otp.submit'; code: string }
  | { type: 'otp.resend' }
  | { type: 'teacher.signup.submit'; payload: unknown }
  | { type: 'teacher.login.submit'; login: string; password: string }
  | { type: 'password.forgot.submit'; phone: string }
  | { type: 'password.reset.submit'; phone: string; code: string; password: string; passwordConfirmation: string }
  | { type: 'profile.complete.submit'; fields: FormFields }
  | { type: 'profile.reload' }
  | { type: 'auth.logout' }
  | { type: 'session.expired' };

export interface StudentSignupInput {
  phone: string;
  countryCode: string;
  fields: FormFields;
}
export interface StudentLoginInput {
  phone: string;
  countryCode: string;
}
export interface PasswordResetInput {
  phone: string;
  code: string;
  password: string;
  passwordConfirmation: string;
}

function notProvided(name: string): never {
  throw new Error(`${name} not provided: bind it with authMachine.provide() (src/app/auth.ts)`);
}

/** Reads an actor's rejection as a RequestFailure; anything without a status counts as no response. */
export function failureOf(error: unknown): RequestFailure {
  if (!error || typeof error !== 'object') return { status: 0, message: null, fieldErrors: {} };
  const e = error as { status?: unknown; serverMessage?: unknown; message?: unknown; fieldErrors?: unknown };
  const status = typeof e.status === 'number' ? e.status : 0;
  // ApiError keeps the server's text apart from its generic Error message.
  const raw = 'serverMessage' in e ? e.serverMessage : e.message;
  const fieldErrors: Record<string, string[]> = {};
  if (e.fieldErrors && typeof e.fieldErrors === 'object') {
    for (const [field, value] of Object.entries(e.fieldErrors as Record<string, unknown>)) {
      if (Array.isArray(value)) fieldErrors[field] = value.filter((v): v is string => typeof v === 'string');
    }
  }
  return { status, message: typeof raw === 'string' ? raw : null, fieldErrors };
}

function isConflict(error: unknown, type?: 'instructor' | 'student'): boolean {
  const failure = failureOf(error);
  if (failure.status !== 409) return false;
  return type === undefined || (failure.fieldErrors.type ?? []).includes(type);
}

function isOtpRejection(error: unknown, code: OtpRejection): boolean {
  const failure = failureOf(error);
  return failure.status === 422 && (failure.fieldErrors.code ?? []).includes(code);
}

const busy = 'state:busy';

export const authMachine = setup({
  types: {
    context: {} as AuthContext,
    events: {} as AuthEvent,
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
    navigate: (_, _params: AuthDestination) => notProvided('navigate'),
    setAccount: assign((_, params: { account: AccountRecord }) => ({ account: params.account, pendingToken: null })),
    forgetAccount: assign({ account: null, pendingToken: null }),
    rememberToken: assign((_, params: { token: string | null }) => ({ pendingToken: params.token })),
    rememberPhone: assign((_, params: { phone: string; countryCode?: string }) => ({
      phone: params.phone,
      countryCode: params.countryCode ?? null,
    })),
    rememberFailure: assign((_, params: { error: unknown }) => ({ failure: failureOf(params.error) })),
    clearFeedback: assign({ failure: null, notice: null }),
    setNotice: assign((_, params: { notice: AuthNotice }) => ({ notice: params.notice })),
    startCountdown: assign({ resendSecondsLeft: RESEND_COOLDOWN_SECONDS }),
    countDown: assign({ resendSecondsLeft: ({ context }) => Math.max(0, context.resendSecondsLeft - 1) }),
    stopCountdown: assign({ resendSecondsLeft: 0 }),
  },
  guards: {
    hasAccount: (_, params: { account: AccountRecord | null }) => params.account !== null,
    hasToken: (_, params: { token: string | null }) => params.token !== null && params.token !== '',
    /** Register answered 409 and `errors.type` says the phone belongs to a teacher. */
    isTeacherPhone: (_, params: { error: unknown }) => isConflict(params.error, 'instructor'),
    /** Register answered 409 for any other account (a student). */
    isTakenPhone: (_, params: { error: unknown }) => isConflict(params.error),
    isWrongCode: (_, params: { error: unknown }) => isOtpRejection(params.error, 'wrong'),
    isExpiredCode: (_, params: { error: unknown }) => isOtpRejection(params.error, 'expired'),
    isTooManyAttempts: (_, params: { error: unknown }) => isOtpRejection(params.error, 'too_many_attempts'),
    isProfileIncomplete: ({ context }) => context.account?.profile_complete === false,
  },
  delays: {
    resendCooldown: RESEND_COOLDOWN_SECONDS * 1000,
    resendTick: 1000,
  },
}).createMachine({
  id: 'auth',
  description: 'The account life of one browser: who is signed in, and the flows that sign a user in or out.',
  context: {
    account: null,
    pendingToken: null,
    phone: null,
    countryCode: null,
    notice: null,
    failure: null,
    resendSecondsLeft: 0,
  },
  initial: 'checking',
  states: {
    checking: {
      description:
        'At start: use the stored account record; else, when a token cookie exists, fetch the profile; else anonymous. The full-screen spinner shows meanwhile.',
      tags: ['state:loading'],
      initial: 'readingSession',
      states: {
        readingSession: {
          invoke: {
            id: 'checkLogin',
            src: 'checkLogin',
            onDone: [
              {
                guard: { type: 'hasAccount', params: ({ event }) => ({ account: event.output.account }) },
                target: '#auth.loggedIn',
                // The guard above proved the account is there.
                actions: { type: 'setAccount', params: ({ event }) => ({ account: event.output.account! }) },
              },
              {
                guard: { type: 'hasToken', params: ({ event }) => ({ token: event.output.token }) },
                target: 'fetchingProfile',
                actions: { type: 'rememberToken', params: ({ event }) => ({ token: event.output.token }) },
              },
              { target: '#auth.anonymous' },
            ],
            onError: { target: '#auth.anonymous', actions: 'clearSession' },
          },
        },
        fetchingProfile: {
          description: 'A token cookie without a stored record: ask the server who it belongs to. A failure signs out.',
          invoke: {
            id: 'fetchProfile',
            src: 'fetchProfile',
            input: ({ context }) => ({ token: context.pendingToken ?? '' }),
            onDone: {
              target: '#auth.loggedIn',
              actions: [
                { type: 'setAccount', params: ({ event }) => ({ account: event.output }) },
                { type: 'storeSession', params: ({ event }) => ({ account: event.output }) },
              ],
            },
            onError: { target: '#auth.anonymous', actions: ['clearSession', 'forgetAccount'] },
          },
        },
      },
    },

    anonymous: {
      description: 'Nobody is signed in. The sign-in, sign-up, code and password screens send their forms here.',
      tags: ['auth:anonymous'],
      initial: 'idle',
      states: {
        idle: {
          description: 'Waiting for a form: student sign-up or login, teacher sign-up or login, password recovery.',
          on: {
            'otp.open': {
              target: 'otp.resend.ready',
              description: 'The code screen was opened directly (a reload or a link): resend is allowed at once.',
              actions: [{ type: 'rememberPhone', params: ({ event }) => ({ phone: event.phone }) }, 'clearFeedback'],
            },
            'signup.submit': {
              target: 'registering',
              actions: ['clearFeedback', { type: 'rememberPhone', params: ({ event }) => event }],
            },
            'login.submit': {
              target: 'loggingIn',
              actions: ['clearFeedback', { type: 'rememberPhone', params: ({ event }) => event }],
            },
            'teacher.signup.submit': { target: 'teacherRegistering', actions: 'clearFeedback' },
            'teacher.login.submit': { target: 'teacherLoggingIn', actions: 'clearFeedback' },
            'password.forgot.submit': {
              target: 'requestingPasswordReset',
              actions: ['clearFeedback', { type: 'rememberPhone', params: ({ event }) => event }],
            },
            'password.reset.submit': {
              target: 'resettingPassword',
              actions: ['clearFeedback', { type: 'rememberPhone', params: ({ event }) => event }],
            },
          },
        },

        registering: {
          description: 'Student sign-up sent (POST v1/auth/register, type student). A 409 means the phone already has an account.',
          tags: [busy],
          invoke: {
            id: 'registerStudent',
            src: 'registerStudent',
            input: ({ event }) => {
              if (event.type !== 'signup.submit') throw new Error(`registering entered on ${event.type}`);
              return { phone: event.phone, countryCode: event.countryCode, fields: event.fields };
            },
            onDone: {
              target: 'otp',
              actions: { type: 'navigate', params: ({ context }) => ({ to: 'verifyOtp', phone: context.phone ?? '' }) },
            },
            onError: [
              {
                guard: { type: 'isTeacherPhone', params: ({ event }) => ({ error: event.error }) },
                target: 'idle',
                description: 'The phone belongs to a teacher: send them to sign in as a teacher, with a message.',
                actions: [
                  { type: 'setNotice', params: { notice: 'teacherAccountExists' } },
                  { type: 'navigate', params: { to: 'signIn' } },
                ],
              },
              {
                guard: { type: 'isTakenPhone', params: ({ event }) => ({ error: event.error }) },
                target: 'otp.resend.loggingInSilently',
                description: 'The phone already belongs to a student: show the code screen and log in behind the scenes so a code is sent.',
                actions: { type: 'navigate', params: ({ context }) => ({ to: 'verifyOtp', phone: context.phone ?? '' }) },
              },
              { target: 'idle', actions: { type: 'rememberFailure', params: ({ event }) => ({ error: event.error }) } },
            ],
          },
        },

        loggingIn: {
          description: 'Student login sent (POST v1/auth/login): the server texts a code.',
          tags: [busy],
          invoke: {
            id: 'loginStudent',
            src: 'loginStudent',
            input: ({ context }) => ({ phone: context.phone ?? '', countryCode: context.countryCode ?? '' }),
            onDone: {
              target: 'otp',
              actions: { type: 'navigate', params: ({ context }) => ({ to: 'verifyOtp', phone: context.phone ?? '' }) },
            },
            onError: { target: 'idle', actions: { type: 'rememberFailure', params: ({ event }) => ({ error: event.error }) } },
          },
        },

        otp: {
          description: 'The code screen: the student types the texted code while a countdown guards the resend button.',
          type: 'parallel',
          on: {
            'signup.submit': {
              target: 'registering',
              actions: ['clearFeedback', { type: 'rememberPhone', params: ({ event }) => event }],
            },
            'login.submit': {
              target: 'loggingIn',
              actions: ['clearFeedback', { type: 'rememberPhone', params: ({ event }) => event }],
            },
            'teacher.signup.submit': { target: 'teacherRegistering', actions: 'clearFeedback' },
            'teacher.login.submit': { target: 'teacherLoggingIn', actions: 'clearFeedback' },
            'password.forgot.submit': {
              target: 'requestingPasswordReset',
              actions: ['clearFeedback', { type: 'rememberPhone', params: ({ event }) => event }],
            },
          },
          states: {
            code: {
              initial: 'idle',
              states: {
                idle: {
                  tags: ['otp:canSubmit'],
                  on: { 'otp.submit': { target: 'verifying', actions: 'clearFeedback' } },
                },
                verifying: {
                  description: 'POST v1/verify-otp. A right code signs the student in and stores the token.',
                  tags: [busy],
                  invoke: {
                    id: 'verifyOtp',
                    src: 'verifyOtp',
                    input: ({ context, event }) => ({
                      phone: context.phone ?? '',
                      code: event.type === 'otp.submit' ? event.code : '',
                    }),
                    onDone: {
                      target: '#auth.loggedIn',
                      actions: [
                        { type: 'setAccount', params: ({ event }) => ({ account: event.output }) },
                        { type: 'storeSession', params: ({ event }) => ({ account: event.output }) },
                        { type: 'navigate', params: { to: 'root' } },
                      ],
                    },
                    onError: [
                      {
                        guard: { type: 'isWrongCode', params: ({ event }) => ({ error: event.error }) },
                        target: 'wrongCode',
                      },
                      {
                        guard: { type: 'isExpiredCode', params: ({ event }) => ({ error: event.error }) },
                        target: 'expired',
                      },
                      {
                        guard: { type: 'isTooManyAttempts', params: ({ event }) => ({ error: event.error }) },
                        target: 'tooManyAttempts',
                      },
                      {
                        target: 'failed',
                        actions: { type: 'rememberFailure', params: ({ event }) => ({ error: event.error }) },
                      },
                    ],
                  },
                },
                wrongCode: {
                  description: 'The code did not match. The student may try again.',
                  tags: ['otp:wrongCode', 'otp:canSubmit'],
                  on: {
                    'otp.submit': { target: 'verifying', actions: 'clearFeedback' },
                  },
                },
                expired: {
                  description: 'The code is too old. Only a new code (resend) helps.',
                  tags: ['otp:expired'],
                },
                tooManyAttempts: {
                  description: 'Too many wrong tries: the code is void. Only a new code (resend) helps.',
                  tags: ['otp:tooManyAttempts'],
                },
                failed: {
                  description: 'The check itself failed (network, server); the message is in context. The student may retry.',
                  tags: ['otp:canSubmit'],
                  on: {
                    'otp.submit': { target: 'verifying', actions: 'clearFeedback' },
                  },
                },
              },
            },
            resend: {
              initial: 'coolingDown',
              states: {
                coolingDown: {
                  description: 'A code was just sent: resend unlocks after the cooldown; the screen shows the seconds left.',
                  entry: 'startCountdown',
                  after: { resendCooldown: 'ready' },
                  initial: 'ticking',
                  states: {
                    ticking: {
                      after: { resendTick: { target: 'ticking', reenter: true, actions: 'countDown' } },
                    },
                  },
                },
                ready: {
                  tags: ['otp:canResend'],
                  entry: 'stopCountdown',
                  on: { 'otp.resend': { target: 'sending', actions: 'clearFeedback' } },
                },
                sending: {
                  description: 'POST v1/auth/resend.',
                  tags: ['otp:sending'],
                  invoke: {
                    id: 'resendOtp',
                    src: 'resendOtp',
                    input: ({ context }) => ({ phone: context.phone ?? '' }),
                    onDone: {
                      // A new code replaces the refused one: the code region starts afresh too.
                      target: ['coolingDown', '#auth.anonymous.otp.code.idle'],
                      description: 'A new code was texted: the countdown restarts and the code can be typed again.',
                    },
                    onError: {
                      target: 'ready',
                      actions: { type: 'rememberFailure', params: ({ event }) => ({ error: event.error }) },
                    },
                  },
                },
                loggingInSilently: {
                  description:
                    'After a 409 for a student phone: POST v1/auth/login without telling the user, so a code is texted. A failure just unlocks resend.',
                  invoke: {
                    id: 'loginStudent',
                    src: 'loginStudent',
                    input: ({ context }) => ({ phone: context.phone ?? '', countryCode: context.countryCode ?? '' }),
                    onDone: 'coolingDown',
                    onError: 'ready',
                  },
                },
              },
            },
          },
        },

        teacherRegistering: {
          description: 'Teacher sign-up sent as multipart (files included). Success stores the token at once.',
          tags: [busy],
          invoke: {
            id: 'registerTeacher',
            src: 'registerTeacher',
            input: ({ event }) => ({ payload: event.type === 'teacher.signup.submit' ? event.payload : null }),
            onDone: {
              target: '#auth.loggedIn',
              actions: [
                { type: 'setAccount', params: ({ event }) => ({ account: event.output }) },
                { type: 'storeSession', params: ({ event }) => ({ account: event.output }) },
                { type: 'navigate', params: { to: 'root' } },
              ],
            },
            onError: { target: 'idle', actions: { type: 'rememberFailure', params: ({ event }) => ({ error: event.error }) } },
          },
        },

        teacherLoggingIn: {
          description: 'Teacher login with phone or email and password (POST v1/instructor/auth/login).',
          tags: [busy],
          invoke: {
            id: 'loginTeacher',
            src: 'loginTeacher',
            input: ({ event }) =>
              event.type === 'teacher.login.submit'
                ? { login: event.login, password: event.password }
                : { login: '', password: '' },
            onDone: {
              target: '#auth.loggedIn',
              actions: [
                { type: 'setAccount', params: ({ event }) => ({ account: event.output }) },
                { type: 'storeSession', params: ({ event }) => ({ account: event.output }) },
                { type: 'navigate', params: { to: 'aboutUs' } },
              ],
            },
            onError: { target: 'idle', actions: { type: 'rememberFailure', params: ({ event }) => ({ error: event.error }) } },
          },
        },

        requestingPasswordReset: {
          description: 'A teacher forgot the password: a reset code is texted to the phone.',
          tags: [busy],
          invoke: {
            id: 'forgotPassword',
            src: 'forgotPassword',
            input: ({ context }) => ({ phone: context.phone ?? '' }),
            onDone: {
              target: 'awaitingPasswordReset',
              actions: { type: 'navigate', params: ({ context }) => ({ to: 'resetPassword', phone: context.phone ?? '' }) },
            },
            onError: { target: 'idle', actions: { type: 'rememberFailure', params: ({ event }) => ({ error: event.error }) } },
          },
        },

        awaitingPasswordReset: {
          description: 'The reset code was sent; waiting for the code and a new password.',
          on: {
            'password.reset.submit': {
              target: 'resettingPassword',
              actions: ['clearFeedback', { type: 'rememberPhone', params: ({ event }) => event }],
            },
            'password.forgot.submit': {
              target: 'requestingPasswordReset',
              actions: ['clearFeedback', { type: 'rememberPhone', params: ({ event }) => event }],
            },
            'login.submit': {
              target: 'loggingIn',
              actions: ['clearFeedback', { type: 'rememberPhone', params: ({ event }) => event }],
            },
            'teacher.login.submit': { target: 'teacherLoggingIn', actions: 'clearFeedback' },
            // Someone who started "forgot password" may sign up instead in the same visit.
            'signup.submit': {
              target: 'registering',
              actions: ['clearFeedback', { type: 'rememberPhone', params: ({ event }) => event }],
            },
            'teacher.signup.submit': { target: 'teacherRegistering', actions: 'clearFeedback' },
          },
        },

        resettingPassword: {
          description: 'Code and new password sent. Success goes to teacher sign-in with a success message.',
          tags: [busy],
          invoke: {
            id: 'resetPassword',
            src: 'resetPassword',
            input: ({ event }) =>
              event.type === 'password.reset.submit'
                ? {
                    phone: event.phone,
                    code: event.code,
                    password: event.password,
                    passwordConfirmation: event.passwordConfirmation,
                  }
                : { phone: '', code: '', password: '', passwordConfirmation: '' },
            onDone: {
              target: 'idle',
              actions: [
                { type: 'setNotice', params: { notice: 'passwordReset' } },
                { type: 'navigate', params: { to: 'signIn' } },
              ],
            },
            onError: {
              target: 'awaitingPasswordReset',
              actions: { type: 'rememberFailure', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
      },
    },

    loggedIn: {
      description: 'Someone is signed in; the account record is in context.',
      tags: ['auth:loggedIn'],
      initial: 'deciding',
      on: {
        'auth.logout': '.loggingOut',
        'session.expired': {
          target: 'anonymous',
          description: 'The server answered 401: forget the session and go to sign-in.',
          actions: ['clearSession', 'forgetAccount', { type: 'navigate', params: { to: 'signIn' } }],
        },
      },
      states: {
        deciding: {
          description: 'Does the account lack required profile fields?',
          always: [{ guard: 'isProfileIncomplete', target: 'incompleteProfile' }, { target: 'ready' }],
        },
        ready: {
          description: 'Signed in with a complete profile.',
          on: { 'profile.reload': 'reloadingProfile' },
        },
        incompleteProfile: {
          description: 'Verified but required profile fields are missing: only the complete-registration screen is open.',
          tags: ['profile:incomplete'],
          on: {
            'profile.complete.submit': { target: 'completingProfile', actions: 'clearFeedback' },
            'profile.reload': 'reloadingProfile',
          },
        },
        completingProfile: {
          description: 'POST v1/profile/complete.',
          tags: [busy, 'profile:incomplete'],
          invoke: {
            id: 'completeProfile',
            src: 'completeProfile',
            input: ({ context, event }) => ({
              token: context.account?.token ?? '',
              fields: event.type === 'profile.complete.submit' ? event.fields : {},
            }),
            onDone: {
              target: 'deciding',
              actions: [
                { type: 'setAccount', params: ({ event }) => ({ account: event.output }) },
                { type: 'storeSession', params: ({ event }) => ({ account: event.output }) },
                { type: 'navigate', params: { to: 'root' } },
              ],
            },
            onError: {
              target: 'incompleteProfile',
              actions: { type: 'rememberFailure', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        reloadingProfile: {
          description: 'Refetch the profile (e.g. the teacher status changed). On failure the old record stays.',
          invoke: {
            id: 'fetchProfile',
            src: 'fetchProfile',
            input: ({ context }) => ({ token: context.account?.token ?? '' }),
            onDone: {
              target: 'deciding',
              actions: [
                { type: 'setAccount', params: ({ event }) => ({ account: event.output }) },
                { type: 'storeSession', params: ({ event }) => ({ account: event.output }) },
              ],
            },
            onError: 'deciding',
          },
        },
        loggingOut: {
          description: 'POST v1/auth/logout; the local session is cleared whatever the server says.',
          tags: [busy],
          invoke: {
            id: 'logout',
            src: 'logout',
            onDone: {
              target: '#auth.anonymous',
              actions: ['clearSession', 'forgetAccount', { type: 'navigate', params: { to: 'root' } }],
            },
            onError: {
              target: '#auth.anonymous',
              actions: ['clearSession', 'forgetAccount', { type: 'navigate', params: { to: 'root' } }],
            },
          },
        },
      },
    },
  },
});

export type AuthMachine = typeof authMachine;

/** The parts of a snapshot the selectors read; any auth snapshot has them. */
interface AuthSnapshotLike {
  context: AuthContext;
  hasTag(tag: string): boolean;
  matches(value: 'checking' | 'anonymous' | 'loggedIn'): boolean;
}

export const selectIsLoggedIn = (s: AuthSnapshotLike): boolean => s.matches('loggedIn');
/** True while we do not yet know who is signed in, or a sign-in/sign-up request is in flight. */
export const selectIsLoggingIn = (s: AuthSnapshotLike): boolean =>
  s.matches('checking') || (s.matches('anonymous') && s.hasTag(busy));
export const selectAccount = (s: AuthSnapshotLike): AccountRecord | null => s.context.account;
export const selectFailure = (s: AuthSnapshotLike): RequestFailure | null => s.context.failure;
export const selectNotice = (s: AuthSnapshotLike): AuthNotice | null => s.context.notice;
export const selectIsBusy = (s: AuthSnapshotLike): boolean => s.hasTag(busy);

export type OtpProblem = 'wrongCode' | 'expired' | 'tooManyAttempts' | null;
/** What the code screen shows: the phone, the countdown and why the last code was refused. */
export const selectOtp = (s: AuthSnapshotLike) => ({
  phone: s.context.phone,
  canResend: s.hasTag('otp:canResend'),
  canSubmit: s.hasTag('otp:canSubmit'),
  secondsLeft: s.context.resendSecondsLeft,
  problem: (s.hasTag('otp:wrongCode')
    ? 'wrongCode'
    : s.hasTag('otp:expired')
      ? 'expired'
      : s.hasTag('otp:tooManyAttempts')
        ? 'tooManyAttempts'
        : null) as OtpProblem,
});
