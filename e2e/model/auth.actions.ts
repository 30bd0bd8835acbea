// What a person does on the auth screens, for the auth machine's model walk (auth.adapter.ts): the
// path's world (phones and a teacher made through the API) and the UI actions its events map to.
// Failures the real server cannot give on demand are arranged first with faults.ts.
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { OTP_MAX_ATTEMPTS } from '../../contract/auth';
import { open } from '../support/app';

export { open };
import { json, latestCode, newPhone, newStudent, PDF, PNG } from '../support/api';

export const PASSWORD = 'Teacher123';
export const NEW_PASSWORD = 'Renewed456';

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
  /** Wrong tries at the newest code so far (the server voids it at OTP_MAX_ATTEMPTS). */
  wrongTries: number;
}

export const national = (e164: string) => e164.replace(/^\+974/, '');
export const main = (w: AuthWorld) => w.page.locator('main');
export const field = (w: AuthWorld, label: string) =>
  main(w).getByLabel(label, { exact: true }).and(main(w).locator('input:not([type=radio]):not([type=checkbox]), select, textarea'));
export const button = (w: AuthWorld, name: string) => main(w).getByRole('button', { name, exact: true });

/** A new code went out to the path's phone: the wrong tries start again. */
export function texted(w: AuthWorld): void {
  w.texted = true;
  w.wrongTries = 0;
}

/**
 * Goes to an auth screen the way a person does — through the header's links, without reloading —
 * so the running machine keeps its state (a reload would start it again); the first page is loaded.
 */
export async function go(w: AuthWorld, to: '/sign-up' | '/sign-in' | '/forget-password') {
  if (w.page.url() === 'about:blank') return open(w.page, to);
  const banner = w.page.getByRole('banner');
  await banner.getByRole('link', { name: to === '/sign-up' ? 'Sign up' : 'Sign in', exact: true }).click();
  if (to === '/forget-password') {
    await main(w).getByRole('tab', { name: 'Teacher', exact: true }).click();
    await main(w).getByRole('link', { name: 'Forgot your password?' }).click();
  }
  await expect(w.page).toHaveURL(new RegExp(`${to}(\\?|$)`));
}

export async function phaseId(request: APIRequestContext): Promise<number> {
  return (await json<Array<{ id: number }>>(await request.get('/api/v1/phases'), 'phases'))[0]!.id;
}

async function pickPhase(w: AuthWorld) {
  const phase = field(w, "Your child's school phase");
  await expect.poll(() => phase.locator('option').count()).toBeGreaterThan(1);
  await phase.selectOption({ index: 1 });
}

export async function signUp(w: AuthWorld, phone: string) {
  await go(w, '/sign-up');
  await field(w, "Your child's first name").fill('سارة');
  await field(w, "Your child's last name").fill('أحمد');
  await field(w, 'Phone number').fill(national(phone));
  await main(w).getByRole('radio', { name: 'Female', exact: true }).check();
  await pickPhase(w);
  await button(w, 'Create account').click();
  texted(w);
}

/** The teacher sign-up form, documents included (multipart), for a new phone and e-mail. */
export async function teacherSignUp(w: AuthWorld) {
  await go(w, '/sign-up');
  await main(w).getByRole('tab', { name: 'Teacher', exact: true }).click();
  await field(w, 'First name').fill('ليلى');
  await field(w, 'Second name').fill('محمد');
  await field(w, 'Last name').fill('حسن');
  await field(w, 'Phone number').fill(national(newPhone()));
  await field(w, 'Email').fill(`model.${Date.now().toString(36)}.${Math.random().toString(36).slice(2)}@example.com`);
  await main(w).getByRole('radio', { name: 'Female', exact: true }).check();
  await field(w, 'Birth date').fill('1988-03-14');
  await field(w, 'Years of experience').fill('6');
  await field(w, 'Education qualification').selectOption('master');
  const country = field(w, 'Country');
  await expect.poll(() => country.locator('option').count()).toBeGreaterThan(1);
  await country.selectOption({ index: 1 });
  for (const group of ['Phases you teach', 'Subjects you teach']) {
    await main(w)
      .getByRole('group', { name: new RegExp(group) })
      .getByRole('checkbox')
      .first()
      .check();
  }
  await field(w, 'Password').fill(PASSWORD);
  await field(w, 'Confirm password').fill(PASSWORD);
  await field(w, 'ID card (front)').setInputFiles({ name: 'front.png', mimeType: 'image/png', buffer: PNG });
  await field(w, 'ID card (back)').setInputFiles({ name: 'back.png', mimeType: 'image/png', buffer: PNG });
  await field(w, 'Qualification scan').setInputFiles({ name: 'degree.pdf', mimeType: 'application/pdf', buffer: PDF });
  await button(w, 'Create teacher account').click();
}

/** Has the server text a new code to `phone` (a sign-in request), and waits until it is in the outbox. */
export async function textCode(request: APIRequestContext, phone: string) {
  const before = JSON.stringify(await (await request.get(`/api/v1/dev/outbox?phone=${encodeURIComponent(phone)}`)).json()).match(
    /\b\d{6}\b/,
  )?.[0];
  await request.post('/api/v1/auth/login', { data: { country_code: 'QA', phone: national(phone) } });
  await expect.poll(async () => (await latestCode(request, phone)) !== before).toBe(true);
}

/** Types a code on the code screen; `right` reads the newest texted one (texting one first if none was). */
export async function enterCode(w: AuthWorld, right: boolean) {
  let code = '000000';
  if (right) {
    if (!w.texted) await textCode(w.request, w.phone);
    code = await latestCode(w.request, w.phone);
    w.texted = false;
  } else {
    w.wrongTries += 1;
  }
  await field(w, 'Verification code').fill(code);
  await button(w, 'Verify').click();
}

/** Wrong codes through the API until the next one, typed on screen, is the try that voids the code. */
export async function oneTryLeft(w: AuthWorld) {
  if (!w.texted) {
    await textCode(w.request, w.phone);
    texted(w);
  }
  for (; w.wrongTries < OTP_MAX_ATTEMPTS - 1; w.wrongTries++) {
    await w.request.post('/api/v1/verify-otp', { data: { phone: w.phone, code: '000000' } });
  }
}

export async function teacherSignIn(w: AuthWorld, password: string) {
  const teacher = await w.teacher();
  await go(w, '/sign-in');
  await main(w).getByRole('tab', { name: 'Teacher', exact: true }).click();
  await main(w).getByRole('radio', { name: 'Email', exact: true }).check();
  await field(w, 'Email').fill(teacher.email);
  await field(w, 'Password').fill(password);
  await button(w, 'Sign in').click();
}

export async function requestReset(w: AuthWorld) {
  await go(w, '/forget-password');
  await field(w, 'Phone number').fill(national((await w.teacher()).phone));
  await button(w, 'Send code').click();
}

export async function resetPassword(w: AuthWorld, right: boolean) {
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

export async function completeProfile(w: AuthWorld) {
  await field(w, "Your child's first name").fill('سارة');
  await field(w, "Your child's last name").fill('أحمد');
  await main(w).getByRole('radio', { name: 'Female', exact: true }).check();
  await pickPhase(w);
  await button(w, 'Save and continue').click();
}

export async function signOut(w: AuthWorld) {
  await w.page.getByTestId('account-area').getByRole('button', { name: 'My account' }).click();
  await w.page.getByRole('button', { name: 'Sign out' }).click();
}

/** A signed-in student's session as the app keeps it: the account record in localStorage, or only the token cookie. */
export async function storedStudent(w: AuthWorld, where: 'record' | 'cookie', bogus = false) {
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
