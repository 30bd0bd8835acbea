// The forms an anonymous visitor may send from any screen that is waiting for one (the idle start,
// the code screen, the password-reset screen): each starts its flow, clearing the last flow's
// feedback. Written once here and spread into those states; targets are siblings under `anonymous`.
import { authSetup } from './setup';

export const startForms = authSetup.createStateConfig({
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
    'password.reset.submit': {
      target: 'resettingPassword',
      actions: ['clearFeedback', { type: 'rememberPhone', params: ({ event }) => event }],
    },
  },
}).on;
