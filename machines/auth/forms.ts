// The forms an anonymous visitor may send from any screen that is waiting for one (the idle start,
// the code screen, the password-reset screen): each starts its flow, clearing the last flow's
// feedback. Written once here and spread into those states; targets are siblings under `anonymous`.
import { authSetup } from './setup';

/** The forms sent with a phone keep it (and its country) for the screens that follow. */
const startWithPhone = [
  'clearFeedback',
  { type: 'rememberPhone', params: ({ event }: { event: { phone: string; countryCode?: string } }) => event },
] as const;

export const startForms = authSetup.createStateConfig({
  on: {
    'signup.submit': { target: 'registering', actions: startWithPhone },
    'login.submit': { target: 'loggingIn', actions: startWithPhone },
    'teacher.signup.submit': { target: 'teacherRegistering', actions: 'clearFeedback' },
    'teacher.login.submit': { target: 'teacherLoggingIn', actions: 'clearFeedback' },
    'password.forgot.submit': { target: 'requestingPasswordReset', actions: startWithPhone },
    'password.reset.submit': { target: 'resettingPassword', actions: startWithPhone },
  },
}).on;
