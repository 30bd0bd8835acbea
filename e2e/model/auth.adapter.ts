// The auth machine through the real UI (model e2e): each event once as what a person does on screen
// (or as nothing, when the click before already makes the server answer), each resting state as what
// the screen shows. Outcomes the UI cannot cause on demand (a network failure, a rate limit, an
// expired code, a server error on logout) and the 60 s resend cooldown are left out of the model.
// Failures are the app's FailureError (tests/machines/auth-fakes.ts), so the guards read them as the app does.
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import type { EventObject } from 'xstate';
import { authMachine } from '../../machines/auth.machine';
import { open, preferences } from '../support/app';
import { json, latestCode, newPhone, newStudent, registerTeacher } from '../support/api';
import { apiError } from '../../tests/machines/auth-fakes';
import type { Adapter } from './walker';

const PASSWORD = 'Teacher123';
const NEW_PASSWORD = 'Renewed456';

export interface AuthWorld {
  page: Page;
  request: APIRequestContext;
  /** The student phone of this path (E.164); registered up front when the path needs a known phone. */
  phone: string;
  teacher: () => Promise<{ phone: string; email: string; password: string; token: string }>;
  /** The password the teacher has now (a reset changes it). */
  teacherPassword: string;
  /** Whether the UI has texted a code to `phone` that is still unused. */
  texted: boolean;
}

const national = (e164: string) => e164.replace(/^\+974/, '');
const done = (id: string, output: unknown): EventObject => ({ type: `xstate.done.actor.${id}`, output, actorId: id }) as EventObject;
const failed = (id: string, error: unknown): EventObject => ({ type: `xstate.error.actor.${id}`, error, actorId: id }) as EventObject;

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
  login: { type: 'login.submit', phone: '+97450000000', countryCode: 'QA' },
  codeSent: done('loginStudent', undefined),
  otpOpen: { type: 'otp.open', phone: '+97450000000' },
  otpSubmit: { type: 'otp.submit', code: '123456' },
  knownPhoneIn: done('verifyOtp', student),
  newPhoneIn: done('verifyOtp', incomplete),
  wrongCode: failed('verifyOtp', apiError(422, { code: ['wrong'] })),
  resend: { type: 'otp.resend' },
  resent: done('resendOtp', undefined),
  teacherLogin: { type: 'teacher.login.submit', login: 't@example.com', password: PASSWORD },
  teacherIn: done('loginTeacher', teacherAccount),
  teacherRefused: failed('loginTeacher', apiError(422)),
  forgot: { type: 'password.forgot.submit', phone: '+97450000000' },
  resetCodeSent: done('forgotPassword', undefined),
  reset: { type: 'password.reset.submit', phone: '+97450000000', code: '1', password: NEW_PASSWORD, passwordConfirmation: NEW_PASSWORD },
  resetDone: done('resetPassword', undefined),
  resetRefused: failed('resetPassword', apiError(422, { code: ['wrong'] })),
  complete: { type: 'profile.complete.submit', fields: {} },
  completed: done('completeProfile', student),
  logout: { type: 'auth.logout' },
  loggedOut: done('logout', undefined),
  expired: { type: 'session.expired' },
};

const has = (events: EventObject[], ...wanted: EventObject[]) => wanted.some((w) => events.includes(w));
const main = (w: AuthWorld) => w.page.locator('main');
const field = (w: AuthWorld, label: string) =>
  main(w).getByLabel(label, { exact: true }).and(main(w).locator('input:not([type=radio]):not([type=checkbox]), select, textarea'));
const button = (w: AuthWorld, name: string) => main(w).getByRole('button', { name, exact: true });

/**
 * Goes to an auth screen the way a person does — through the header's links, without reloading —
 * so the running machine keeps its state (a reload would start it again); the first page is loaded.
 */
async function go(w: AuthWorld, to: '/sign-up' | '/sign-in' | '/forget-password') {
  if (w.page.url() === 'about:blank') return open(w.page, to);
  const banner = w.page.getByRole('banner');
  await banner.getByRole('link', { name: to === '/sign-up' ? 'Sign up' : 'Sign in', exact: true }).click();
  if (to === '/forget-password') {
    await main(w).getByRole('tab', { name: 'Teacher', exact: true }).click();
    await main(w).getByRole('link', { name: 'Forgot your password?' }).click();
  }
  await expect(w.page).toHaveURL(new RegExp(`${to}(\\?|$)`));
}

async function phaseId(request: APIRequestContext): Promise<number> {
  return (await json<Array<{ id: number }>>(await request.get('/api/v1/phases'), 'phases'))[0]!.id;
}

async function signUp(w: AuthWorld, phone: string) {
  await go(w, '/sign-up');
  await field(w, 'First name').fill('سارة');
  await field(w, 'Last name').fill('أحمد');
  await field(w, 'Phone number').fill(national(phone));
  await main(w).getByRole('radio', { name: 'Female', exact: true }).check();
  const phase = field(w, 'School phase');
  await expect.poll(() => phase.locator('option').count()).toBeGreaterThan(1);
  await phase.selectOption({ index: 1 });
  await button(w, 'Create account').click();
  w.texted = true;
}

/** Types a code on the code screen; `right` reads the newest texted one (texting one first if none was). */
async function enterCode(w: AuthWorld, right: boolean) {
  let code = '000000';
  if (right) {
    if (!w.texted) await textCode(w.request, w.phone);
    code = await latestCode(w.request, w.phone);
    w.texted = false;
  }
  await field(w, 'Verification code').fill(code);
  await button(w, 'Verify').click();
}

/** Has the server text a new code to `phone` (a sign-in request), and waits until it is in the outbox. */
async function textCode(request: APIRequestContext, phone: string) {
  const before = JSON.stringify(await (await request.get(`/api/v1/dev/outbox?phone=${encodeURIComponent(phone)}`)).json()).match(/\b\d{6}\b/)?.[0];
  await request.post('/api/v1/auth/login', { data: { country_code: 'QA', phone: national(phone) } });
  await expect.poll(async () => (await latestCode(request, phone)) !== before).toBe(true);
}

async function teacherSignIn(w: AuthWorld, password: string) {
  const teacher = await w.teacher();
  await go(w, '/sign-in');
  await main(w).getByRole('tab', { name: 'Teacher', exact: true }).click();
  await main(w).getByRole('radio', { name: 'Email', exact: true }).check();
  await field(w, 'Email').fill(teacher.email);
  await field(w, 'Password').fill(password);
  await button(w, 'Sign in').click();
}

async function resetPassword(w: AuthWorld, right: boolean) {
  const teacher = await w.teacher();
  if (right) await w.request.post('/api/v1/instructor/auth/forgot-password', { data: { phone: teacher.phone } });
  const code = right ? await latestCode(w.request, teacher.phone) : '000000';
  if (!w.page.url().includes('/reset-password')) await open(w.page, `/reset-password?phone=${encodeURIComponent(teacher.phone)}`);
  await field(w, 'Verification code').fill(code);
  await field(w, 'New password').fill(NEW_PASSWORD);
  await field(w, 'Confirm password').fill(NEW_PASSWORD);
  await button(w, 'Change password').click();
  if (right) w.teacherPassword = NEW_PASSWORD;
}

/** A signed-in student's session as the app keeps it: the account record in localStorage, or only the token cookie. */
async function storedStudent(w: AuthWorld, where: 'record' | 'cookie', bogus = false) {
  let record: Record<string, unknown> = { token: 'not-a-token' };
  if (!bogus) {
    const { phone } = await newStudent(w.request, { phaseId: await phaseId(w.request) });
    await textCode(w.request, phone);
    const code = await latestCode(w.request, phone);
    record = await json<Record<string, unknown>>(await w.request.post('/api/v1/verify-otp', { data: { phone, code } }), 'verify');
  }
  // The app trusts a stored record only next to its token cookie.
  await w.page.context().addCookies([{ name: 'ng-token', value: String(record.token), url: process.env.E2E_BASE_URL! }]);
  if (where === 'record') {
    await w.page.addInitScript((r) => localStorage.getItem('ng-account') ?? localStorage.setItem('ng-account', r), JSON.stringify(record));
  }
  await open(w.page, '/');
}

export const authAdapter: Adapter<AuthWorld> = {
  id: 'auth',
  machine: authMachine,
  async world(page, request, events) {
    await preferences(page, { locale: 'en' });
    // Known phone: the path signs in (or re-registers) a phone that already has a student account.
    const known = has(events, ev.takenPhone, ev.knownPhoneIn) && !has(events, ev.registered, ev.newPhoneIn);
    const phone = known ? (await newStudent(request, { phaseId: await phaseId(request) })).phone : newPhone();
    let teacher: Awaited<ReturnType<AuthWorld['teacher']>> | undefined;
    const world: AuthWorld = {
      page,
      request,
      phone,
      teacherPassword: PASSWORD,
      texted: false,
      teacher: async () => {
        if (!teacher) {
          const who = { phone: newPhone(), email: `model.${Date.now().toString(36)}.${Math.random().toString(36).slice(2)}@example.com`, password: PASSWORD };
          teacher = { ...who, token: await registerTeacher(request, who) };
        }
        return teacher;
      },
    };
    return world;
  },
  // A new phone and a known one exclude each other within one path.
  possible: (events) => !(has(events, ev.newPhoneIn) && has(events, ev.registered, ev.takenPhone, ev.knownPhoneIn)),
  events: [
    { event: ev.startAnonymous, run: (w) => open(w.page, '/') },
    { event: ev.startStored, run: (w) => storedStudent(w, 'record') },
    { event: ev.startCookie, awaits: true },
    { event: ev.profileFetched, run: (w) => storedStudent(w, 'cookie') },
    { event: ev.profileRefused, run: (w) => storedStudent(w, 'cookie', true) },
    { event: ev.signup, awaits: true },
    { event: ev.registered, run: (w) => signUp(w, w.phone) },
    { event: ev.takenPhone, run: (w) => signUp(w, w.phone) },
    { event: ev.teacherPhone, run: async (w) => signUp(w, (await w.teacher()).phone) },
    {
      event: ev.login,
      run: async (w) => {
        await go(w, '/sign-in');
        await main(w).getByRole('form', { name: 'Student sign in' }).getByLabel('Phone number').fill(national(w.phone));
        await button(w, 'Send code').click();
        w.texted = true;
      },
    },
    { event: ev.codeSent },
    { event: ev.otpOpen, run: (w) => open(w.page, `/verify-otp?phone=${encodeURIComponent(w.phone)}`) },
    { event: ev.otpSubmit, awaits: true },
    { event: ev.knownPhoneIn, run: (w) => enterCode(w, true) },
    { event: ev.newPhoneIn, run: (w) => enterCode(w, true) },
    { event: ev.wrongCode, run: (w) => enterCode(w, false) },
    {
      event: ev.resend,
      run: async (w) => {
        await button(w, 'Resend code').click();
        w.texted = true;
      },
    },
    { event: ev.resent },
    { event: ev.teacherLogin, awaits: true },
    { event: ev.teacherIn, run: (w) => teacherSignIn(w, w.teacherPassword) },
    { event: ev.teacherRefused, run: (w) => teacherSignIn(w, 'Wrong-password-1') },
    { event: ev.forgot, awaits: true },
    {
      event: ev.resetCodeSent,
      run: async (w) => {
        await go(w, '/forget-password');
        await field(w, 'Phone number').fill(national((await w.teacher()).phone));
        await button(w, 'Send code').click();
      },
    },
    { event: ev.reset, awaits: true },
    { event: ev.resetDone, run: (w) => resetPassword(w, true) },
    { event: ev.resetRefused, run: (w) => resetPassword(w, false) },
    { event: ev.complete, awaits: true },
    {
      event: ev.completed,
      run: async (w) => {
        await field(w, 'First name').fill('سارة');
        await field(w, 'Last name').fill('أحمد');
        await main(w).getByRole('radio', { name: 'Female', exact: true }).check();
        const phase = field(w, 'School phase');
        await expect.poll(() => phase.locator('option').count()).toBeGreaterThan(1);
        await phase.selectOption({ index: 1 });
        await button(w, 'Save and continue').click();
      },
    },
    {
      event: ev.logout,
      run: async (w) => {
        await w.page.getByTestId('account-area').getByRole('button', { name: 'My account' }).click();
        await w.page.getByRole('button', { name: 'Sign out' }).click();
      },
    },
    { event: ev.loggedOut },
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
      expect(w.page.getByTestId('otp-problem')).toHaveText('The code is not correct. Check the SMS and try again.'),
    'anonymous.otp.resend.coolingDown': async (w) => expect(w.page.getByTestId('otp-countdown')).toBeVisible(),
    'anonymous.awaitingPasswordReset': async (w) => expect(w.page).toHaveURL(/\/reset-password/),
    'loggedIn.ready': async (w) => expect(w.page.getByTestId('account-area').getByRole('button', { name: 'My account' })).toBeVisible(),
    'loggedIn.incompleteProfile': async (w) => expect(w.page).toHaveURL(/\/complete-register/),
    anonymous: async (w) => expect(w.page.getByTestId('account-area').getByRole('button', { name: 'My account' })).toHaveCount(0),
  },
};
