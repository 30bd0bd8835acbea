// The auth machine through the real UI (model e2e): each event once as what a person does on screen
// (or as nothing, when the click before already makes the server answer), each resting state as what
// the screen shows. The real server is driven into its answers where it can be (a taken phone, a
// wrong code, five wrong codes voiding one); a network drop, a rate limit (the e2e server widens its
// limits for the suite's many sign-ins) and a code five minutes old are arranged on the one request
// with faults.ts, in the server's own error shape; the 60 s resend cooldown runs on Playwright's clock.
// Failures are the app's FailureError (tests/machines/auth-fakes.ts), so the guards read them as the app does.
import { expect } from '@playwright/test';
import type { EventObject } from 'xstate';
import { authMachine, RESEND_COOLDOWN_SECONDS } from '../../machines/auth.machine';
import { preferences } from '../support/app';
import { newPhone, newStudent, registerTeacher } from '../support/api';
import { apiError, otpRefused } from '../../tests/machines/auth-fakes';
import { delayEvents } from '../../tests/machines/model';
import * as ui from './auth.actions';
import { button, field, main, PASSWORD, type AuthWorld } from './auth.actions';
import { codeRefused, failing, failNext, RATE_LIMITED } from './faults';
import type { Adapter } from './walker';

const done = (id: string, output: unknown): EventObject => ({ type: `xstate.done.actor.${id}`, output, actorId: id }) as EventObject;
const failed = (id: string, error: unknown): EventObject => ({ type: `xstate.error.actor.${id}`, error, actorId: id }) as EventObject;
/** A request that never got an answer (the network dropped it). */
const dropped = (id: string) => failed(id, apiError(0));

const student = { token: 's', is_teacher: false, status: 'active', profile_complete: true };
const incomplete = { ...student, profile_complete: false };
const teacherAccount = { token: 't', is_teacher: true, status: 'pending', profile_complete: true };

const ev = {
  startAnonymous: done('checkLogin', { account: null, token: null }),
  startStored: done('checkLogin', { account: student, token: 's' }),
  startCookie: done('checkLogin', { account: null, token: 'cookie' }),
  profileFetched: done('fetchProfile', student),
  profileRefused: failed('fetchProfile', apiError(401)),
  signup: { type: 'signup.submit', phone: '+97450000000', countryCode: 'QA', fields: {} },
  registered: done('registerStudent', undefined),
  teacherPhone: failed('registerStudent', apiError(409, { type: ['instructor'] })),
  takenPhone: failed('registerStudent', apiError(409, { type: ['student'] })),
  registerDropped: dropped('registerStudent'),
  login: { type: 'login.submit', phone: '+97450000000', countryCode: 'QA' },
  codeSent: done('loginStudent', undefined),
  loginLimited: failed('loginStudent', apiError(429)),
  otpOpen: { type: 'otp.open', phone: '+97450000000' },
  otpSubmit: { type: 'otp.submit', code: '123456' },
  knownPhoneIn: done('verifyOtp', student),
  newPhoneIn: done('verifyOtp', incomplete),
  wrongCode: failed('verifyOtp', otpRefused('wrong')),
  codeExpired: failed('verifyOtp', otpRefused('expired')),
  codeVoided: failed('verifyOtp', otpRefused('too_many_attempts')),
  verifyDropped: dropped('verifyOtp'),
  resend: { type: 'otp.resend' },
  resent: done('resendOtp', undefined),
  resendLimited: failed('resendOtp', apiError(429)),
  cooldownOver: delayEvents(authMachine).find((e) => e.type.includes('resendCooldown'))!,
  teacherSignup: { type: 'teacher.signup.submit', payload: {} },
  teacherRegistered: done('registerTeacher', teacherAccount),
  teacherDropped: dropped('registerTeacher'),
  teacherLogin: { type: 'teacher.login.submit', login: 't@example.com', password: PASSWORD },
  teacherIn: done('loginTeacher', teacherAccount),
  teacherRefused: failed('loginTeacher', apiError(422)),
  forgot: { type: 'password.forgot.submit', phone: '+97450000000' },
  resetCodeSent: done('forgotPassword', undefined),
  forgotDropped: dropped('forgotPassword'),
  reset: {
    type: 'password.reset.submit',
    phone: '+97450000000',
    code: '1',
    password: ui.NEW_PASSWORD,
    passwordConfirmation: ui.NEW_PASSWORD,
  },
  resetDone: done('resetPassword', undefined),
  resetRefused: failed('resetPassword', apiError(422, { code: ['The verification code is not correct'] })),
  complete: { type: 'profile.complete.submit', fields: {} },
  completed: done('completeProfile', student),
  completeDropped: dropped('completeProfile'),
  logout: { type: 'auth.logout' },
  loggedOut: done('logout', undefined),
  logoutDropped: dropped('logout'),
  expired: { type: 'session.expired' },
};

const has = (events: EventObject[], ...wanted: EventObject[]) => wanted.some((w) => events.includes(w));

export const authAdapter: Adapter<AuthWorld> = {
  id: 'auth',
  machine: authMachine,
  async world(page, request, events) {
    await preferences(page, { locale: 'en' });
    // The resend cooldown is a minute: its path runs on Playwright's clock, moved on by the step.
    if (events.includes(ev.cooldownOver)) await page.clock.install();
    // Known phone: the path signs in (or re-registers) a phone that already has a student account.
    const known = has(events, ev.takenPhone, ev.knownPhoneIn) && !has(events, ev.registered, ev.newPhoneIn);
    const phone = known ? (await newStudent(request, { phaseId: await ui.phaseId(request) })).phone : newPhone();
    let teacher: Awaited<ReturnType<AuthWorld['teacher']>> | undefined;
    return {
      page,
      request,
      phone,
      teacherPassword: PASSWORD,
      texted: false,
      wrongTries: 0,
      teacher: async () => {
        if (!teacher) {
          const who = {
            phone: newPhone(),
            email: `model.${Date.now().toString(36)}.${Math.random().toString(36).slice(2)}@example.com`,
            password: PASSWORD,
          };
          teacher = { ...who, token: await registerTeacher(request, who) };
        }
        return teacher;
      },
    };
  },
  // A new phone and a known one exclude each other within one path.
  possible: (events) => !(has(events, ev.newPhoneIn) && has(events, ev.registered, ev.takenPhone, ev.knownPhoneIn)),
  events: [
    { event: ev.startAnonymous, run: (w) => ui.open(w.page, '/') },
    { event: ev.startStored, run: (w) => ui.storedStudent(w, 'record') },
    { event: ev.startCookie, awaits: true },
    { event: ev.profileFetched, run: (w) => ui.storedStudent(w, 'cookie') },
    { event: ev.profileRefused, run: (w) => ui.storedStudent(w, 'cookie', true) },
    { event: ev.signup, awaits: true },
    { event: ev.registered, run: (w) => ui.signUp(w, w.phone) },
    {
      event: ev.takenPhone,
      run: async (w, next) => {
        // The code screen then signs in behind the scenes: its answer is arranged here.
        if (next === ev.loginLimited) await failNext(w.page, 'auth/login', RATE_LIMITED);
        await ui.signUp(w, w.phone);
      },
    },
    { event: ev.teacherPhone, run: async (w) => ui.signUp(w, (await w.teacher()).phone) },
    {
      event: ev.registerDropped,
      run: async (w) => {
        await failNext(w.page, 'auth/register', 'network');
        await ui.signUp(w, w.phone);
        w.texted = false;
      },
    },
    {
      event: ev.login,
      run: async (w, next) => {
        if (next === ev.loginLimited) await failNext(w.page, 'auth/login', RATE_LIMITED);
        await ui.go(w, '/sign-in');
        await main(w).getByRole('form', { name: 'Student sign in' }).getByLabel('Phone number').fill(ui.national(w.phone));
        await button(w, 'Send code').click();
        if (next !== ev.loginLimited) ui.texted(w);
      },
    },
    { event: ev.codeSent },
    { event: ev.loginLimited },
    { event: ev.otpOpen, run: (w) => ui.open(w.page, `/verify-otp?phone=${encodeURIComponent(w.phone)}`) },
    { event: ev.otpSubmit, awaits: true },
    { event: ev.knownPhoneIn, run: (w) => ui.enterCode(w, true) },
    { event: ev.newPhoneIn, run: (w) => ui.enterCode(w, true) },
    { event: ev.wrongCode, run: (w) => ui.enterCode(w, false) },
    {
      event: ev.codeExpired,
      run: failing('verify-otp', codeRefused('expired'), (w) => ui.enterCode(w, false)),
    },
    {
      // The real server voids a code at the fifth wrong try: four through the API, the fifth on screen.
      event: ev.codeVoided,
      run: async (w) => {
        await ui.oneTryLeft(w);
        await ui.enterCode(w, false);
      },
    },
    {
      event: ev.verifyDropped,
      run: async (w) => {
        await failNext(w.page, 'verify-otp', 'network');
        await ui.enterCode(w, false);
        w.wrongTries -= 1;
      },
    },
    {
      event: ev.resend,
      run: async (w, next) => {
        if (next === ev.resendLimited) await failNext(w.page, 'auth/resend', RATE_LIMITED);
        await w.page.getByTestId('otp-resend').click();
        if (next !== ev.resendLimited) ui.texted(w);
      },
    },
    { event: ev.resent },
    { event: ev.resendLimited },
    { event: ev.cooldownOver, run: (w) => w.page.clock.runFor(RESEND_COOLDOWN_SECONDS * 1000) },
    { event: ev.teacherSignup, awaits: true },
    { event: ev.teacherRegistered, run: ui.teacherSignUp },
    {
      event: ev.teacherDropped,
      run: failing('auth/register', 'network', ui.teacherSignUp),
    },
    { event: ev.teacherLogin, awaits: true },
    { event: ev.teacherIn, run: (w) => ui.teacherSignIn(w, w.teacherPassword) },
    { event: ev.teacherRefused, run: (w) => ui.teacherSignIn(w, 'Wrong-password-1') },
    { event: ev.forgot, awaits: true },
    { event: ev.resetCodeSent, run: ui.requestReset },
    {
      event: ev.forgotDropped,
      run: failing('instructor/auth/forgot-password', 'network', ui.requestReset),
    },
    { event: ev.reset, awaits: true },
    { event: ev.resetDone, run: (w) => ui.resetPassword(w, true) },
    { event: ev.resetRefused, run: (w) => ui.resetPassword(w, false) },
    { event: ev.complete, awaits: true },
    { event: ev.completed, run: ui.completeProfile },
    {
      event: ev.completeDropped,
      run: failing('profile/complete', 'network', ui.completeProfile),
    },
    {
      event: ev.logout,
      run: async (w, next) => {
        if (next === ev.logoutDropped) await failNext(w.page, 'auth/logout', 'network');
        await ui.signOut(w);
      },
    },
    { event: ev.loggedOut },
    { event: ev.logoutDropped },
    {
      event: ev.expired,
      run: async (w) => {
        // The server forgets the token behind the app's back; the next authenticated call gets a 401.
        const token = await w.page.evaluate(() => (JSON.parse(localStorage.getItem('ng-account') ?? '{}') as { token?: string }).token);
        await w.request.post('/api/v1/auth/logout', { headers: { Authorization: `Bearer ${token}` } });
        await w.page.goto('/notifications');
      },
    },
  ],
  states: {
    'anonymous.otp': async (w) => expect(field(w, 'Verification code')).toBeVisible(),
    'anonymous.otp.code.wrongCode': async (w) =>
      // The message, then how many tries are left ("…: 4 tries left before you need a new code.").
      expect(w.page.getByTestId('otp-problem')).toHaveText(/^The code is not correct\. Check the SMS and try again\b/),
    'anonymous.otp.code.expired': async (w) => expect(w.page.getByTestId('otp-problem')).toHaveAttribute('data-problem', 'expired'),
    'anonymous.otp.code.tooManyAttempts': async (w) =>
      expect(w.page.getByTestId('otp-problem')).toHaveAttribute('data-problem', 'tooManyAttempts'),
    'anonymous.otp.resend.coolingDown': async (w) => expect(w.page.getByTestId('otp-countdown')).toBeVisible(),
    'anonymous.otp.resend.ready': async (w) => expect(w.page.getByTestId('otp-resend')).toBeEnabled(),
    'anonymous.awaitingPasswordReset': async (w) => {
      await expect(w.page).toHaveURL(/\/reset-password/);
      // The screen, not only its address: on a loaded machine the next click (the header's "Sign in")
      // landed while this route was still loading, and the page ended on /reset-password again.
      await expect(button(w, 'Change password')).toBeVisible();
    },
    'loggedIn.ready': async (w) => expect(w.page.getByTestId('account-area').getByRole('button', { name: 'My account' })).toBeVisible(),
    'loggedIn.incompleteProfile': async (w) => expect(w.page).toHaveURL(/\/complete-register/),
    anonymous: async (w) => expect(w.page.getByTestId('account-area').getByRole('button', { name: 'My account' })).toHaveCount(0),
  },
};
