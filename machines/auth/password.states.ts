// The teacher's flows of the anonymous region: sign-up (multipart, token at once), password sign-in
// and password recovery (a texted reset code, then the new password).
import { assertEvent } from 'xstate';
import { startForms } from './forms';
import { authSetup, keepAccount, keepFailure, phoneOf } from './setup';
import { BUSY } from './types';

export const teacherStates = {
  teacherRegistering: authSetup.createStateConfig({
    description: 'Teacher sign-up sent as multipart (files included). Success stores the token at once.',
    tags: [BUSY],
    invoke: {
      id: 'registerTeacher',
      src: 'registerTeacher',
      input: ({ event }) => {
        assertEvent(event, 'teacher.signup.submit');
        return { payload: event.payload };
      },
      onDone: {
        target: '#auth.loggedIn',
        actions: [...keepAccount, { type: 'navigate', params: { to: 'root' } }],
      },
      onError: { target: 'idle', actions: keepFailure },
    },
  }),

  teacherLoggingIn: authSetup.createStateConfig({
    description: 'Teacher login with phone or email and password (POST v1/instructor/auth/login).',
    tags: [BUSY],
    invoke: {
      id: 'loginTeacher',
      src: 'loginTeacher',
      input: ({ event }) => {
        assertEvent(event, 'teacher.login.submit');
        return { login: event.login, password: event.password };
      },
      onDone: {
        target: '#auth.loggedIn',
        actions: [...keepAccount, { type: 'navigate', params: { to: 'aboutUs' } }],
      },
      onError: { target: 'idle', actions: keepFailure },
    },
  }),

  requestingPasswordReset: authSetup.createStateConfig({
    description: 'A teacher forgot the password: a reset code is texted to the phone.',
    tags: [BUSY],
    invoke: {
      id: 'forgotPassword',
      src: 'forgotPassword',
      input: ({ context }) => ({ phone: phoneOf(context) }),
      onDone: {
        target: 'awaitingPasswordReset',
        actions: { type: 'navigate', params: ({ context }) => ({ to: 'resetPassword', phone: phoneOf(context) }) },
      },
      onError: { target: 'idle', actions: keepFailure },
    },
  }),

  awaitingPasswordReset: authSetup.createStateConfig({
    // Someone who started "forgot password" may sign in or sign up instead in the same visit.
    description: 'The reset code was sent; waiting for the code and a new password.',
    on: startForms,
  }),

  resettingPassword: authSetup.createStateConfig({
    description: 'Code and new password sent. Success goes to teacher sign-in with a success message.',
    tags: [BUSY],
    invoke: {
      id: 'resetPassword',
      src: 'resetPassword',
      input: ({ event }) => {
        assertEvent(event, 'password.reset.submit');
        const { phone, code, password, passwordConfirmation } = event;
        return { phone, code, password, passwordConfirmation };
      },
      onDone: {
        target: 'idle',
        actions: [
          { type: 'setNotice', params: { notice: 'passwordReset' } },
          { type: 'navigate', params: { to: 'signIn' } },
        ],
      },
      onError: { target: 'awaitingPasswordReset', actions: keepFailure },
    },
  }),
};
