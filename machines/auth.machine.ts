// The account life as one statechart (spec §2–§4, §8): the start-up login check,
// student sign-up and phone-first sign-in with OTP, the register 409 branches, teacher sign-up and
// login, teacher password recovery, completing the registration, profile reloads, logout and an
// expired session. The regions live in ./auth/ (one file each); this module assembles them and is
// the one the app, the diagrams and the tests import.
//
// Navigation is an emitted event ('navigate' with a typed destination) rather than something the
// route guards derive from state: where a finished flow lands depends on which transition finished it
// (a teacher who signed up goes home, the same teacher logging in goes to about-us, a 409 sends the
// user to sign-in or to the code screen), and that is invisible in the resulting state. The guards in
// src/app/guards.ts still own access control: they only say where a user may NOT be.
import { anonymous } from './auth/anonymous.states';
import { loggedIn } from './auth/logged-in.states';
import { authSetup, keepAccount, required } from './auth/setup';
import { initialAuthContext } from './auth/guest';
export { /** @internal */ parseReturnTarget, /** @internal */ parseTeacherId } from './auth/return-to';

// The selectors live apart from the machine so the app shell can read a snapshot without bundling
// XState and the statechart (src/app/lazy-auth.ts).
export * from './auth/selectors';

export {
  /** @internal */ RESEND_COOLDOWN_SECONDS,
  type AuthDestination,
  type AuthEvent,
  type FormFields,
  type ReturnTarget,
  type StoredSession,
} from './auth/types';

export const authMachine = authSetup.createMachine({
  id: 'auth',
  description: 'The account life of one browser: who is signed in, and the flows that sign a user in or out.',
  context: { ...initialAuthContext },
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
                actions: { type: 'setAccount', params: ({ event }) => ({ account: required(event.output.account, 'stored account') }) },
              },
              {
                guard: { type: 'hasToken', params: ({ event }) => ({ token: event.output.token }) },
                target: 'fetchingProfile',
                actions: [
                  { type: 'rememberToken', params: ({ event }) => ({ token: required(event.output.token, 'token cookie') }) },
                  // A new phone reloading complete-register still goes on to the teacher afterwards.
                  { type: 'rememberReturn', params: ({ event }) => ({ target: event.output.returnTo }) },
                ],
              },
              {
                target: '#auth.anonymous',
                // A reload on the sign-in or code screen keeps the teacher the guest was signing in for.
                actions: { type: 'rememberReturn', params: ({ event }) => ({ target: event.output.returnTo }) },
              },
            ],
            onError: { target: '#auth.anonymous', actions: 'clearSession' },
          },
        },
        fetchingProfile: {
          description: 'A token cookie without a stored record: ask the server who it belongs to. A failure signs out.',
          invoke: {
            id: 'fetchProfile',
            src: 'fetchProfile',
            input: ({ context }) => ({ token: required(context.pendingToken, 'token cookie') }),
            onDone: {
              target: '#auth.loggedIn',
              actions: keepAccount,
            },
            onError: { target: '#auth.anonymous', actions: ['clearSession', 'forgetAccount'] },
          },
        },
      },
    },
    anonymous,
    loggedIn,
  },
});

export type AuthMachine = typeof authMachine;
