// Someone is signed in (loggedIn): completing the registration when sign-up fields are missing,
// profile reloads, logout, and the server ending the session (401).
import { assertEvent } from 'xstate';
import { authSetup, keepAccount, keepFailure, tokenOf } from './setup';
import { afterSignIn } from './return-to';
import { BUSY } from './types';

const leave = ['clearSession', 'forgetAccount', { type: 'navigate', params: { to: 'root' } }] as const;

export const loggedIn = authSetup.createStateConfig({
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
      description: 'Signed in with a complete profile. A return target has been followed by now (or a teacher has no use for it): drop it.',
      entry: [
        { type: 'rememberReturn', params: { target: null } },
        { type: 'storeReturn', params: { target: null } },
      ],
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
      tags: [BUSY, 'profile:incomplete'],
      invoke: {
        id: 'completeProfile',
        src: 'completeProfile',
        input: ({ context, event }) => {
          assertEvent(event, 'profile.complete.submit');
          return { token: tokenOf(context), fields: event.fields };
        },
        onDone: {
          target: 'deciding',
          actions: [...keepAccount, { type: 'navigate', params: ({ context }) => afterSignIn(context) }],
        },
        onError: { target: 'incompleteProfile', actions: keepFailure },
      },
    },
    reloadingProfile: {
      description:
        'Refetch the profile (e.g. the teacher status changed). On a 401 the session ends; on another failure the old record stays.',
      invoke: {
        id: 'fetchProfile',
        src: 'fetchProfile',
        input: ({ context }) => ({ token: tokenOf(context) }),
        onDone: {
          target: 'deciding',
          actions: keepAccount,
        },
        onError: [
          {
            guard: { type: 'isSessionEnded', params: ({ event }) => ({ error: event.error }) },
            target: '#auth.anonymous',
            description: 'The server ended the session (401, e.g. a suspension): say why, forget it and go to sign-in.',
            actions: [keepFailure, 'clearSession', 'forgetAccount', { type: 'navigate', params: { to: 'signIn' } }],
          },
          { target: 'deciding' },
        ],
      },
    },
    loggingOut: {
      description: 'POST v1/auth/logout; the local session is cleared whatever the server says.',
      tags: [BUSY],
      invoke: {
        id: 'logout',
        src: 'logout',
        onDone: { target: '#auth.anonymous', actions: [...leave] },
        onError: { target: '#auth.anonymous', actions: [...leave] },
      },
    },
  },
});
