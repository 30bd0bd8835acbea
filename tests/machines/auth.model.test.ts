// Model-based paths through the auth statechart: every state and every transition of the definition
// is reached by replaying generated paths, with the UI-facing promises checked at every step.
import { describe, expect, it } from 'vitest';
import { getNextSnapshot, initialTransition, type AnyMachineSnapshot } from 'xstate';
import { authMachine, type AuthEvent, selectAccount, selectIsLoggedIn, selectIsLoggingIn, selectOtp } from '../../machines/auth.machine';
import { actorEvents, delayEvents, runModel } from './model';
import { apiError, otpRefused, student, teacher } from './auth-fakes';

const phone = '+97455123456';
const userEvents: AuthEvent[] = [
  { type: 'signup.submit', phone, countryCode: 'QA', fields: { first_name: 'سارة' } },
  { type: 'login.submit', phone, countryCode: 'QA' },
  { type: 'otp.open', phone },
  { type: 'return.set', teacherId: 12 },
  { type: 'otp.submit', code: '123456' },
  { type: 'otp.resend' },
  { type: 'teacher.signup.submit', payload: 'multipart' },
  { type: 'teacher.login.submit', login: 't@example.com', password: 'Secret123' },
  { type: 'password.forgot.submit', phone },
  { type: 'password.reset.submit', phone, code: '123456', password: 'Secret123', passwordConfirmation: 'Secret123' },
  { type: 'profile.complete.submit', fields: { birth_date: '2015-01-01' } },
  { type: 'profile.reload' },
  { type: 'auth.logout' },
  { type: 'session.expired' },
];

const otpEvents: AuthEvent[] = [{ type: 'otp.submit', code: '123456' }, { type: 'otp.resend' }];
const incomplete = { ...student, profile_complete: false };
const fakeActors = {
  checkLogin: {
    done: [
      { account: null, token: null },
      { account: student, token: student.token },
      { account: null, token: 'cookie-token' },
    ],
    error: [new Error('storage blocked')],
  },
  fetchProfile: { done: [teacher, incomplete], error: [apiError(401), apiError(0)] },
  registerStudent: {
    done: [undefined],
    error: [apiError(409, { type: ['instructor'] }), apiError(409, { type: ['student'] }), apiError(400, { phone: ['bad'] })],
  },
  loginStudent: { done: [undefined], error: [apiError(429)] },
  verifyOtp: {
    // A known phone, and a new one (phone-first sign-in: no sign-up fields yet).
    done: [student, incomplete],
    error: [otpRefused('wrong'), otpRefused('expired'), otpRefused('too_many_attempts'), apiError(0)],
  },
  resendOtp: { done: [undefined], error: [apiError(429)] },
  registerTeacher: { done: [teacher], error: [apiError(400, { email: ['taken'] })] },
  loginTeacher: { done: [{ ...teacher, status: 'active' as const }], error: [apiError(422)] },
  forgotPassword: { done: [undefined], error: [apiError(404)] },
  resetPassword: { done: [undefined], error: [apiError(422, { code: ['The verification code is not correct'] })] },
  completeProfile: { done: [student], error: [apiError(400, { birth_date: ['required'] })] },
  logout: { done: [undefined], error: [apiError(500)] },
};

// The countdown's seconds are not part of the model: one tick looks like the next. Nor is the return
// target (it only changes where a sign-in lands: tests/machines/auth-return.test.ts).
const serializeState = (s: AnyMachineSnapshot) =>
  JSON.stringify({ value: s.value, context: { ...s.context, resendSecondsLeft: undefined, returnTo: undefined } });

const oneOf = (s: AnyMachineSnapshot, tags: string[]) => tags.filter((t) => s.hasTag(t)).length;

describe('auth machine, model-based', () => {
  it('reaches every state and every transition, keeping its promises to the UI', () => {
    const run = runModel({
      machine: authMachine,
      events: userEvents,
      actors: fakeActors,
      serializeState,
      invariant: (s) => {
        // Exactly one of: booting, nobody signed in, somebody signed in.
        expect(oneOf(s, ['state:loading', 'auth:anonymous', 'auth:loggedIn'])).toBe(1);
        expect(selectIsLoggedIn(s)).toBe(selectAccount(s) !== null);
        if (selectIsLoggingIn(s)) expect(selectIsLoggedIn(s)).toBe(false);
        expect(oneOf(s, ['otp:wrongCode', 'otp:expired', 'otp:tooManyAttempts'])).toBeLessThanOrEqual(1);
        // The context stays serialisable.
        expect(JSON.parse(JSON.stringify(s.context))).toEqual(s.context);
      },
      expectations: {
        checking: (s) => expect(s.hasTag('state:loading')).toBe(true),
        'anonymous.otp': (s) => expect(selectOtp(s).phone).toBe(phone),
        'anonymous.otp.resend.coolingDown': (s) => {
          expect(selectOtp(s).canResend).toBe(false);
          expect(s.can({ type: 'otp.resend' })).toBe(false);
        },
        'anonymous.otp.resend.ready': (s) => expect(s.can({ type: 'otp.resend' })).toBe(true),
        'anonymous.otp.code.expired': (s) => expect(s.can({ type: 'otp.submit', code: '1' })).toBe(false),
        'anonymous.otp.code.tooManyAttempts': (s) => expect(s.can({ type: 'otp.submit', code: '1' })).toBe(false),
        'anonymous.otp.code.wrongCode': (s) => expect(selectOtp(s).problem).toBe('wrongCode'),
        'loggedIn.incompleteProfile': (s) => expect(selectAccount(s)?.profile_complete).toBe(false),
        'loggedIn.ready': (s) => expect(selectAccount(s)?.profile_complete).not.toBe(false),
        anonymous: (s) => expect(s.context.account).toBeNull(),
      },
      simplePaths: {
        // Every simple path of the code screen, from a fresh code until the screen is left.
        fromState: getNextSnapshot(
          authMachine,
          getNextSnapshot(
            authMachine,
            getNextSnapshot(authMachine, initialTransition(authMachine)[0], {
              type: 'xstate.done.actor.checkLogin',
              output: { account: null, token: null },
            } as never),
            { type: 'login.submit', phone, countryCode: 'QA' },
          ),
          { type: 'xstate.done.actor.loginStudent', output: undefined } as never,
        ),
        events: [
          ...otpEvents,
          ...actorEvents({ verifyOtp: fakeActors.verifyOtp, resendOtp: fakeActors.resendOtp }),
          ...delayEvents(authMachine),
        ],
        stopWhen: (s) => !s.matches({ anonymous: 'otp' }),
      },
    });
    console.log(run.summary);
    expect(run.coverage.states.missing).toEqual([]);
    expect(run.coverage.transitions.missing).toEqual([]);
    expect(run.coverage.states.covered).toBe(run.coverage.states.total);
    expect(run.coverage.transitions.covered).toBe(run.coverage.transitions.total);
    expect(run.simplePaths).toBeGreaterThan(10);
    // Exploring ~1 000 edge paths takes seconds; a shared CI machine may need more than the default.
  }, 90_000);
});
