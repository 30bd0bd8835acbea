// The auth statechart driven as the app drives it: real actor, fake effects, simulated clock.
import { describe, expect, it } from 'vitest';
import { createActor, SimulatedClock, waitFor } from 'xstate';
import {
  authMachine,
  RESEND_COOLDOWN_SECONDS,
  selectAccount,
  selectIsLoggedIn,
  selectIsLoggingIn,
  selectOtp,
} from '../../machines/auth.machine';
import { apiError, makeFakes, student, teacher, type FakeOptions } from './auth-fakes';

function start(options: FakeOptions = {}, clock?: SimulatedClock) {
  const fx = makeFakes(options);
  const actor = createActor(authMachine.provide(fx.fakes), clock ? { clock } : {});
  fx.follow(actor);
  const errors: unknown[] = [];
  actor.subscribe({ error: (e) => errors.push(e) });
  actor.start();
  return { actor, fx, errors };
}

async function settle(actor: ReturnType<typeof start>['actor']) {
  // Fake actors resolve on the microtask queue; wait until nothing is in flight.
  return waitFor(actor, (s) => !s.hasTag('state:busy') && !s.hasTag('state:loading') && !s.matches({ loggedIn: 'reloadingProfile' }));
}

async function anonymous(options: FakeOptions = {}, clock?: SimulatedClock) {
  const run = start(options, clock);
  await waitFor(run.actor, (s) => s.matches('anonymous'));
  return run;
}

const signup = {
  type: 'signup.submit',
  phone: '+97455123456',
  countryCode: 'QA',
  fields: { first_name: 'سارة', last_name: 'علي', gender: 'female', phase: 2 },
} as const;

describe('start-up check', () => {
  it('shows the boot spinner tag only while checking', async () => {
    const { actor } = start();
    expect(actor.getSnapshot().hasTag('state:loading')).toBe(true);
    expect(selectIsLoggingIn(actor.getSnapshot())).toBe(true);
    await waitFor(actor, (s) => s.matches('anonymous'));
    expect(actor.getSnapshot().hasTag('state:loading')).toBe(false);
    actor.send(signup);
    expect(actor.getSnapshot().hasTag('state:busy')).toBe(true);
    expect(actor.getSnapshot().hasTag('state:loading')).toBe(false);
  });

  it('uses a stored account record without calling the server', async () => {
    const { actor, fx } = start({ checkLogin: () => ({ account: student, token: student.token }) });
    await waitFor(actor, (s) => s.matches('loggedIn'));
    expect(selectAccount(actor.getSnapshot())).toEqual(student);
    expect(selectIsLoggedIn(actor.getSnapshot())).toBe(true);
    expect(fx.called('fetchProfile')).toHaveLength(0);
  });

  it('fetches the profile for a token cookie without a record, and stores the record', async () => {
    const { actor, fx } = start({
      checkLogin: () => ({ account: null, token: 'cookie-token' }),
      fetchProfile: ({ token }) => ({ ...teacher, token }),
    });
    await waitFor(actor, (s) => s.matches('loggedIn'));
    expect(fx.called('fetchProfile')).toEqual([{ actor: 'fetchProfile', input: { token: 'cookie-token' } }]);
    expect(selectAccount(actor.getSnapshot())?.token).toBe('cookie-token');
    expect(fx.stored.map((a) => a.token)).toEqual(['cookie-token']);
  });

  it('is anonymous without record or cookie, and leaves storage alone', async () => {
    const { actor, fx } = await anonymous();
    expect(selectIsLoggedIn(actor.getSnapshot())).toBe(false);
    expect(fx.called('fetchProfile')).toHaveLength(0);
    expect(fx.cleared).toBe(0);
  });

  it('signs out when the profile of a cookie token cannot be fetched', async () => {
    const { actor, fx } = await anonymous({
      checkLogin: () => ({ account: null, token: 'stale' }),
      fetchProfile: () => Promise.reject(apiError(401)),
    });
    expect(fx.cleared).toBe(1);
    expect(actor.getSnapshot().context.account).toBeNull();
  });

  it('goes to the incomplete-profile state for a stored record lacking profile fields', async () => {
    const { actor } = start({ checkLogin: () => ({ account: { ...student, profile_complete: false }, token: 't' }) });
    await waitFor(actor, (s) => s.matches('loggedIn'));
    expect(actor.getSnapshot().matches({ loggedIn: 'incompleteProfile' })).toBe(true);
  });

  it('refuses to run with the default (unprovided) effects', async () => {
    const actor = createActor(authMachine);
    const failure = new Promise<unknown>((resolve) => actor.subscribe({ error: resolve }));
    actor.start();
    expect(String(await failure)).toMatch(/not provided/);
  });
});

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
      context: { account: null, pendingToken: null, phone: null, countryCode: null, notice: null, failure: null, resendSecondsLeft: 0, returnTo: null },
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
    const { actor } = await onCodeScreen({ verifyOtp: () => Promise.reject(apiError(422, { code: [code] })) });
    actor.send({ type: 'otp.submit', code: '000000' });
    await settle(actor);
    const s = actor.getSnapshot();
    expect(selectOtp(s).problem).toBe(problem);
    expect(s.can({ type: 'otp.submit', code: '111111' })).toBe(canRetry);
    expect(selectOtp(s).canSubmit).toBe(canRetry);
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
    const { actor, clock } = await onCodeScreen({ verifyOtp: () => Promise.reject(apiError(422, { code: ['expired'] })) });
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

describe('signed in', () => {
  async function signedIn(options: FakeOptions = {}, account = student) {
    const run = start({ checkLogin: () => ({ account, token: account.token }), ...options });
    await waitFor(run.actor, (s) => s.matches('loggedIn'));
    return run;
  }

  it('holds an incomplete profile until it is completed', async () => {
    const { actor, fx } = await signedIn({}, { ...student, profile_complete: false });
    expect(actor.getSnapshot().can({ type: 'profile.complete.submit', fields: {} })).toBe(true);
    actor.send({ type: 'profile.complete.submit', fields: { birth_date: '2015-01-01' } });
    await waitFor(actor, (s) => s.matches({ loggedIn: 'ready' }));
    expect(fx.called('completeProfile')[0]?.input).toEqual({ token: student.token, fields: { birth_date: '2015-01-01' } });
    expect(actor.getSnapshot().context.account?.profile_complete).toBe(true);
  });

  it('logout clears the session even when the server call fails', async () => {
    for (const logout of [() => undefined, () => Promise.reject(apiError(500))]) {
      const { actor, fx } = await signedIn({ logout });
      actor.send({ type: 'auth.logout' });
      await waitFor(actor, (s) => s.matches('anonymous'));
      expect(fx.called('logout')).toHaveLength(1);
      expect(fx.cleared).toBe(1);
      expect(selectAccount(actor.getSnapshot())).toBeNull();
    }
  });

  it('an expired session (401) signs out and goes to sign-in', async () => {
    const { actor, fx } = await signedIn();
    actor.send({ type: 'session.expired' });
    expect(actor.getSnapshot().matches('anonymous')).toBe(true);
    expect(fx.cleared).toBe(1);
    expect(fx.navigations).toEqual([{ to: 'signIn' }]);
    expect(fx.called('logout')).toHaveLength(0);
  });

  it('profile.reload updates the account; a failed reload keeps the old one', async () => {
    const { actor, fx } = await signedIn({ fetchProfile: () => ({ ...teacher, status: 'policy' }) }, teacher);
    actor.send({ type: 'profile.reload' });
    await waitFor(actor, (s) => s.matches({ loggedIn: 'ready' }) && s.context.account?.status === 'policy');
    expect(fx.called('fetchProfile')[0]?.input).toEqual({ token: teacher.token });

    const failing = await signedIn({ fetchProfile: () => Promise.reject(apiError(500)) }, teacher);
    failing.actor.send({ type: 'profile.reload' });
    await settle(failing.actor);
    expect(failing.actor.getSnapshot().context.account).toEqual(teacher);
  });
});
