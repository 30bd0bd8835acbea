// The auth statechart driven as the app drives it (real actor, fake effects, simulated clock): student
// sign-up and its 409 branches, the code screen with its resend countdown, and the teachers' flows.
import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock, waitFor } from 'xstate';
import { authMachine, RESEND_COOLDOWN_SECONDS, selectIsLoggedIn, selectIsLoggingIn, selectOtp } from '../../machines/auth.machine';
import { apiError, makeFakes, otpRefused, student, teacher, type FakeOptions } from './auth-fakes';
import { anonymous, settle, signup } from './auth-run';

describe('student sign-up and the register 409 branches', () => {
  it('registers, keeps the phone and opens the code screen', async () => {
    const { actor, fx } = await anonymous();
    actor.send(signup);
    expect(selectIsLoggingIn(actor.getSnapshot())).toBe(true);
    await waitFor(actor, (s) => s.matches({ anonymous: 'otp' }));
    expect(fx.called('registerStudent')[0]?.input).toEqual({ phone: signup.phone, countryCode: 'QA', fields: signup.fields });
    expect(selectOtp(actor.getSnapshot()).phone).toBe(signup.phone);
    expect(fx.navigations).toEqual([{ to: 'verifyOtp', phone: signup.phone }]);
    expect(fx.called('loginStudent')).toHaveLength(0);
  });

  it('sends an instructor phone to sign-in with a message, without a login call', async () => {
    const { actor, fx } = await anonymous({ registerStudent: () => Promise.reject(apiError(409, { type: ['instructor'] })) });
    actor.send(signup);
    await settle(actor);
    expect(actor.getSnapshot().matches({ anonymous: 'idle' })).toBe(true);
    expect(actor.getSnapshot().context.notice).toBe('teacherAccountExists');
    expect(fx.navigations).toEqual([{ to: 'signIn' }]);
    expect(fx.called('loginStudent')).toHaveLength(0);
  });

  it('sends an existing student phone to the code screen and silently logs in so a code is sent', async () => {
    const { actor, fx } = await anonymous({ registerStudent: () => Promise.reject(apiError(409, { type: ['student'] })) });
    actor.send(signup);
    await waitFor(actor, (s) => s.matches({ anonymous: { otp: { resend: 'coolingDown' } } }));
    expect(fx.called('loginStudent')[0]?.input).toEqual({ phone: signup.phone, countryCode: 'QA' });
    expect(fx.navigations).toEqual([{ to: 'verifyOtp', phone: signup.phone }]);
    expect(actor.getSnapshot().context.failure).toBeNull();
  });

  it('keeps other failures (field errors) for the form and stays on it', async () => {
    const { actor, fx } = await anonymous({
      registerStudent: () => Promise.reject(apiError(400, { first_name: ['English name not allowed'] })),
    });
    actor.send(signup);
    await settle(actor);
    expect(actor.getSnapshot().matches({ anonymous: 'idle' })).toBe(true);
    expect(actor.getSnapshot().context.failure).toEqual({
      status: 400,
      code: null,
      message: 'server says no',
      fieldErrors: { first_name: ['English name not allowed'] },
    });
    expect(fx.navigations).toEqual([]);
  });
});

describe('OTP', () => {
  async function onCodeScreen(options: FakeOptions = {}, clock = new SimulatedClock()) {
    const run = await anonymous(options, clock);
    run.actor.send({ type: 'login.submit', phone: '+97455000111', countryCode: 'QA' });
    await waitFor(run.actor, (s) => s.matches({ anonymous: 'otp' }));
    return { ...run, clock };
  }

  it('signs in on the right code: stores the token and goes to the root', async () => {
    const { actor, fx } = await onCodeScreen();
    actor.send({ type: 'otp.submit', code: '123456' });
    await waitFor(actor, (s) => s.matches('loggedIn'));
    expect(fx.called('verifyOtp')[0]?.input).toEqual({ phone: '+97455000111', code: '123456' });
    expect(fx.stored).toEqual([student]);
    expect(fx.navigations.at(-1)).toEqual({ to: 'root' });
    expect(actor.getSnapshot().matches({ loggedIn: 'ready' })).toBe(true);
  });

  it('phone-first: a new phone verifies into complete-register, and completing it signs in', async () => {
    const fresh = { ...student, profile_complete: false };
    const { actor, fx } = await onCodeScreen({ verifyOtp: () => fresh, completeProfile: () => student });
    actor.send({ type: 'otp.submit', code: '123456' });
    await waitFor(actor, (s) => s.matches('loggedIn'));
    expect(actor.getSnapshot().matches({ loggedIn: 'incompleteProfile' })).toBe(true);
    expect(fx.navigations.at(-1)).toEqual({ to: 'completeRegister' });
    actor.send({ type: 'profile.complete.submit', fields: { first_name: 'سارة' } });
    await waitFor(actor, (s) => s.matches({ loggedIn: 'ready' }));
    expect(fx.called('completeProfile')[0]?.input).toEqual({ token: student.token, fields: { first_name: 'سارة' } });
    expect(fx.navigations.at(-1)).toEqual({ to: 'root' });
  });

  it('fails loudly instead of sending a blank phone when the code screen has none', async () => {
    const fx = makeFakes();
    const snapshot = authMachine.resolveState({
      value: { anonymous: { otp: { code: 'idle', resend: 'ready' } } },
      context: {
        account: null,
        pendingToken: null,
        phone: null,
        countryCode: null,
        notice: null,
        failure: null,
        resendSecondsLeft: 0,
        otpAttemptsLeft: null,
        returnTo: null,
      },
    });
    const actor = createActor(authMachine.provide(fx.fakes), { snapshot });
    const failed = new Promise<unknown>((resolve) => actor.subscribe({ error: resolve }));
    actor.start();
    actor.send({ type: 'otp.submit', code: '123456' });
    expect(String(await failed)).toMatch(/phone missing/);
    expect(fx.called('verifyOtp')).toEqual([]);
  });

  it.each([
    ['wrong', 'wrongCode', true],
    ['expired', 'expired', false],
    ['too_many_attempts', 'tooManyAttempts', false],
  ] as const)('tells a %s code apart (%s); retry allowed: %s', async (code, problem, canRetry) => {
    const { actor } = await onCodeScreen({ verifyOtp: () => Promise.reject(otpRefused(code)) });
    actor.send({ type: 'otp.submit', code: '000000' });
    await settle(actor);
    const s = actor.getSnapshot();
    expect(selectOtp(s).problem).toBe(problem);
    expect(s.can({ type: 'otp.submit', code: '111111' })).toBe(canRetry);
    expect(selectOtp(s).canSubmit).toBe(canRetry);
  });

  it('remembers how many guesses the server still allows, and forgets it when the server does not say', async () => {
    const answers = [otpRefused('wrong', '2'), otpRefused('wrong')];
    const { actor } = await onCodeScreen({ verifyOtp: () => Promise.reject(answers.shift()) });
    actor.send({ type: 'otp.submit', code: '000000' });
    await settle(actor);
    expect(selectOtp(actor.getSnapshot())).toMatchObject({ problem: 'wrongCode', attemptsLeft: 2 });
    actor.send({ type: 'otp.submit', code: '000001' });
    await settle(actor);
    expect(selectOtp(actor.getSnapshot())).toMatchObject({ problem: 'wrongCode', attemptsLeft: null });
  });

  it('keeps a failure that is not a code rejection and allows a retry', async () => {
    const { actor } = await onCodeScreen({ verifyOtp: () => Promise.reject(new TypeError('fetch failed')) });
    actor.send({ type: 'otp.submit', code: '000000' });
    await settle(actor);
    expect(selectOtp(actor.getSnapshot()).problem).toBeNull();
    expect(actor.getSnapshot().context.failure?.status).toBe(0);
    expect(actor.getSnapshot().can({ type: 'otp.submit', code: '1' })).toBe(true);
  });

  it('counts down before resend is allowed, then restarts the countdown after a resend', async () => {
    const { actor, clock, fx } = await onCodeScreen();
    const otp = () => selectOtp(actor.getSnapshot());
    expect(otp()).toMatchObject({ secondsLeft: RESEND_COOLDOWN_SECONDS, canResend: false });
    expect(actor.getSnapshot().can({ type: 'otp.resend' })).toBe(false);
    clock.increment(1000);
    expect(otp().secondsLeft).toBe(RESEND_COOLDOWN_SECONDS - 1);
    // Second by second, as a real clock runs: one big jump fires a re-armed timer only once.
    for (let i = 2; i < RESEND_COOLDOWN_SECONDS; i++) clock.increment(1000);
    expect(otp()).toMatchObject({ secondsLeft: 1, canResend: false });
    clock.increment(1000);
    expect(otp()).toMatchObject({ secondsLeft: 0, canResend: true });
    actor.send({ type: 'otp.resend' });
    await waitFor(actor, (s) => s.matches({ anonymous: { otp: { resend: 'coolingDown' } } }));
    expect(fx.called('resendOtp')).toEqual([{ actor: 'resendOtp', input: { phone: '+97455000111' } }]);
    expect(otp()).toMatchObject({ secondsLeft: RESEND_COOLDOWN_SECONDS, canResend: false });
  });

  it('lets an expired code be replaced by a resent one', async () => {
    const { actor, clock } = await onCodeScreen({ verifyOtp: () => Promise.reject(otpRefused('expired')) });
    actor.send({ type: 'otp.submit', code: '000000' });
    await settle(actor);
    clock.increment(RESEND_COOLDOWN_SECONDS * 1000);
    actor.send({ type: 'otp.resend' });
    await waitFor(actor, (s) => s.matches({ anonymous: { otp: { resend: 'coolingDown' } } }));
    expect(selectOtp(actor.getSnapshot())).toMatchObject({ problem: null, canSubmit: true });
  });

  it('a code screen opened directly (reload) allows resend at once', async () => {
    const { actor } = await anonymous();
    actor.send({ type: 'otp.open', phone: '+97455999000' });
    expect(selectOtp(actor.getSnapshot())).toMatchObject({ phone: '+97455999000', canResend: true, canSubmit: true });
  });
});

describe('teachers', () => {
  it('sign-up stores the token at once and goes home', async () => {
    const { actor, fx } = await anonymous();
    const payload = { opaque: true };
    actor.send({ type: 'teacher.signup.submit', payload });
    await waitFor(actor, (s) => s.matches('loggedIn'));
    expect(fx.called('registerTeacher')[0]?.input).toEqual({ payload });
    expect(fx.stored).toEqual([teacher]);
    expect(fx.navigations).toEqual([{ to: 'root' }]);
  });

  it('login goes to about-us; a failed login stays with the failure', async () => {
    const ok = await anonymous();
    ok.actor.send({ type: 'teacher.login.submit', login: 't@example.com', password: 'Secret123' });
    await waitFor(ok.actor, (s) => s.matches('loggedIn'));
    expect(ok.fx.navigations).toEqual([{ to: 'aboutUs' }]);

    const bad = await anonymous({ loginTeacher: () => Promise.reject(apiError(422, {}, 'wrong password')) });
    bad.actor.send({ type: 'teacher.login.submit', login: 't@example.com', password: 'nope' });
    await settle(bad.actor);
    expect(bad.actor.getSnapshot().context.failure?.message).toBe('wrong password');
    expect(selectIsLoggedIn(bad.actor.getSnapshot())).toBe(false);
  });

  it('forgot then reset password ends on teacher sign-in with a success message', async () => {
    const { actor, fx } = await anonymous();
    actor.send({ type: 'password.forgot.submit', phone: '+97455111222' });
    await waitFor(actor, (s) => s.matches({ anonymous: 'awaitingPasswordReset' }));
    expect(fx.navigations).toEqual([{ to: 'resetPassword', phone: '+97455111222' }]);
    const reset = { phone: '+97455111222', code: '123456', password: 'Secret123', passwordConfirmation: 'Secret123' };
    actor.send({ type: 'password.reset.submit', ...reset });
    await settle(actor);
    expect(fx.called('resetPassword')[0]?.input).toEqual(reset);
    expect(actor.getSnapshot().context.notice).toBe('passwordReset');
    expect(fx.navigations.at(-1)).toEqual({ to: 'signIn' });
  });

  it('a user who started "forgot password" can still sign up in the same visit', async () => {
    const student = await anonymous();
    student.actor.send({ type: 'password.forgot.submit', phone: '+97455111222' });
    await waitFor(student.actor, (s) => s.matches({ anonymous: 'awaitingPasswordReset' }));
    expect(student.actor.getSnapshot().can(signup)).toBe(true);
    student.actor.send(signup);
    await settle(student.actor);
    expect(student.fx.called('registerStudent')[0]?.input).toEqual({ phone: signup.phone, countryCode: 'QA', fields: signup.fields });
    expect(student.fx.navigations.at(-1)).toEqual({ to: 'verifyOtp', phone: signup.phone });

    const teacherRun = await anonymous();
    teacherRun.actor.send({ type: 'password.forgot.submit', phone: '+97455111222' });
    await waitFor(teacherRun.actor, (s) => s.matches({ anonymous: 'awaitingPasswordReset' }));
    teacherRun.actor.send({ type: 'teacher.signup.submit', payload: 'multipart' });
    await waitFor(teacherRun.actor, (s) => s.matches('loggedIn'));
    expect(teacherRun.fx.navigations.at(-1)).toEqual({ to: 'root' });
  });
});
