// The code screen (anonymous.otp): the student types the texted code while a countdown guards the
// resend button. Two independent regions — the code and the resend — in one parallel state.
import { assertEvent } from 'xstate';
import { startForms } from './forms';
import { authSetup, keepAccount, keepFailure, phoneOf, required } from './setup';
import { afterSignIn } from './return-to';
import { BUSY } from './types';

const code = authSetup.createStateConfig({
  initial: 'idle',
  states: {
    idle: {
      tags: ['otp:canSubmit'],
      on: { 'otp.submit': { target: 'verifying', actions: 'clearFeedback' } },
    },
    verifying: {
      description:
        'POST v1/verify-otp. A right code signs the student in and stores the token; a phone that had no account goes on to complete the registration.',
      tags: [BUSY],
      invoke: {
        id: 'verifyOtp',
        src: 'verifyOtp',
        input: ({ context, event }) => {
          assertEvent(event, 'otp.submit');
          return { phone: phoneOf(context), code: event.code };
        },
        onDone: [
          {
            guard: { type: 'isNewAccount', params: ({ event }) => ({ account: event.output }) },
            target: '#auth.loggedIn',
            description: 'Phone-first sign-in: the phone had no account, so the sign-up fields come next.',
            actions: [...keepAccount, { type: 'navigate', params: { to: 'completeRegister' } }],
          },
          {
            target: '#auth.loggedIn',
            actions: [...keepAccount, { type: 'navigate', params: ({ context }) => afterSignIn(context) }],
          },
        ],
        onError: [
          {
            guard: { type: 'isWrongCode', params: ({ event }) => ({ error: event.error }) },
            target: 'wrongCode',
            actions: { type: 'rememberAttemptsLeft', params: ({ event }) => ({ error: event.error }) },
          },
          { guard: { type: 'isExpiredCode', params: ({ event }) => ({ error: event.error }) }, target: 'expired' },
          { guard: { type: 'isTooManyAttempts', params: ({ event }) => ({ error: event.error }) }, target: 'tooManyAttempts' },
          { target: 'failed', actions: keepFailure },
        ],
      },
    },
    wrongCode: {
      description: 'The code did not match. The student may try again.',
      tags: ['otp:wrongCode', 'otp:canSubmit'],
      on: { 'otp.submit': { target: 'verifying', actions: 'clearFeedback' } },
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
      on: { 'otp.submit': { target: 'verifying', actions: 'clearFeedback' } },
    },
  },
});

const resend = authSetup.createStateConfig({
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
        input: ({ context }) => ({ phone: phoneOf(context) }),
        onDone: {
          // A new code replaces the refused one: the code region starts afresh too.
          target: ['coolingDown', '#auth.anonymous.otp.code.idle'],
          description: 'A new code was texted: the countdown restarts and the code can be typed again.',
        },
        onError: { target: 'ready', actions: keepFailure },
      },
    },
    loggingInSilently: {
      description:
        'After a 409 for a student phone: POST v1/auth/login without telling the user, so a code is texted. A failure just unlocks resend.',
      invoke: {
        id: 'loginStudent',
        src: 'loginStudent',
        input: ({ context }) => ({ phone: phoneOf(context), countryCode: required(context.countryCode, 'country code') }),
        onDone: 'coolingDown',
        onError: 'ready',
      },
    },
  },
});

export const otp = authSetup.createStateConfig({
  description: 'The code screen: the student types the texted code while a countdown guards the resend button.',
  type: 'parallel',
  on: startForms,
  states: { code, resend },
});
