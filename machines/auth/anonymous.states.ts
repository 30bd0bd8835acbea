// Nobody is signed in (anonymous): the student's sign-up and phone-first sign-in, which both lead to
// the code screen (./otp.states), and the teacher's flows (./password.states).
import { assertEvent } from 'xstate';
import { startForms } from './forms';
import { otp } from './otp.states';
import { teacherStates } from './password.states';
import { authSetup, keepFailure, phoneOf, required } from './setup';
import { BUSY } from './types';

export const anonymous = authSetup.createStateConfig({
  description: 'Nobody is signed in. The sign-in, sign-up, code and password screens send their forms here.',
  tags: ['auth:anonymous'],
  initial: 'idle',
  on: {
    'return.set': {
      guard: { type: 'isTeacherId', params: ({ event }) => ({ teacherId: event.teacherId }) },
      description:
        'Home\'s "sign in to book with {teacher}": remember that teacher (in this tab, across reloads); signing in ends on their page.',
      actions: [
        { type: 'rememberReturn', params: ({ event }) => ({ target: { teacherId: event.teacherId } }) },
        { type: 'storeReturn', params: ({ context }) => ({ target: context.returnTo }) },
      ],
    },
  },
  states: {
    idle: {
      description: 'Waiting for a form: student sign-up or login, teacher sign-up or login, password recovery.',
      on: {
        ...startForms,
        'otp.open': {
          target: 'otp.resend.ready',
          description: 'The code screen was opened directly (a reload or a link): resend is allowed at once.',
          actions: [{ type: 'rememberPhone', params: ({ event }) => ({ phone: event.phone }) }, 'clearFeedback'],
        },
      },
    },

    registering: {
      description: 'Student sign-up sent (POST v1/auth/register, type student). A 409 means the phone already has an account.',
      tags: [BUSY],
      invoke: {
        id: 'registerStudent',
        src: 'registerStudent',
        input: ({ event }) => {
          assertEvent(event, 'signup.submit');
          return { phone: event.phone, countryCode: event.countryCode, fields: event.fields };
        },
        onDone: {
          target: 'otp',
          actions: { type: 'navigate', params: ({ context }) => ({ to: 'verifyOtp', phone: phoneOf(context) }) },
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
            actions: { type: 'navigate', params: ({ context }) => ({ to: 'verifyOtp', phone: phoneOf(context) }) },
          },
          { target: 'idle', actions: keepFailure },
        ],
      },
    },

    loggingIn: {
      description:
        "Student sign-in sent (POST v1/auth/login): the server texts a code to any phone but a teacher's, so a new phone signs up the same way (phone-first).",
      tags: [BUSY],
      invoke: {
        id: 'loginStudent',
        src: 'loginStudent',
        input: ({ context }) => ({ phone: phoneOf(context), countryCode: required(context.countryCode, 'country code') }),
        onDone: {
          target: 'otp',
          actions: { type: 'navigate', params: ({ context }) => ({ to: 'verifyOtp', phone: phoneOf(context) }) },
        },
        onError: { target: 'idle', actions: keepFailure },
      },
    },

    otp,
    ...teacherStates,
  },
});
