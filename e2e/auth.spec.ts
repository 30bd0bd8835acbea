// Authentication end to end (issue 3), in Arabic and in English, against the real server on a fresh
// database: codes are read from the development SMS outbox (GET /api/v1/dev/outbox?phone=…, latest
// first). Student sign-up and login by code, the register 409 branches, teacher sign-up with documents
// and login under the review guard, phone-first sign-in of a new phone through complete-register,
// the code screen's messages and countdown, session and logout.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { LOCALES, tr, type Locale } from './support/catalog';
import { open, preferences } from './support/app';

// A 16×16 PNG (the smallest scan the server re-encodes) and a minimal PDF: the server decides the type from these bytes.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAABAAAAAQCAIAAACQkWg2AAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAGUlEQVQokWM4UaFBEmIY1VAxGkonhmvSAAADaGgQExd+HAAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n');
const TEACHER_PASSWORD = 'Teacher123';

let serial = 0;
/** A fresh, valid Qatari mobile number: national form for typing, E.164 for the outbox. */
function newPhone() {
  serial += 1;
  const tail = `${(Date.now() + serial * 7919 + process.pid * 104729) % 10_000_000}`.padStart(7, '0');
  const national = `5${tail}`;
  return { national, e164: `+974${national}` };
}
const uniqueEmail = () => `teacher.${Date.now().toString(36)}.${process.pid}.${++serial}@example.com`;

/** Every 6-digit code the outbox holds for a phone, latest first. */
async function outboxCodes(request: APIRequestContext, e164: string): Promise<string[]> {
  const res = await request.get(`/api/v1/dev/outbox?phone=${encodeURIComponent(e164)}`);
  if (!res.ok()) return [];
  const body = (await res.json()) as { data?: unknown };
  const list = Array.isArray(body.data) ? body.data : [];
  return list.map((m) => JSON.stringify(m).match(/\b(\d{6})\b/)?.[1]).filter((c): c is string => Boolean(c));
}

/** The latest code texted to a phone, waiting for it to arrive (and to differ from `not`). */
async function latestCode(request: APIRequestContext, e164: string, not?: string): Promise<string> {
  let code = '';
  await expect
    .poll(async () => {
      code = (await outboxCodes(request, e164))[0] ?? '';
      return code !== '' && code !== not;
    }, { message: `a code in the dev outbox for ${e164}` })
    .toBe(true);
  return code;
}

function ui(page: Page, locale: Locale) {
  const main = page.locator('main');
  const text = (source: string) => tr(locale, source);
  return {
    text,
    main,
    field: (label: string) => main.getByLabel(text(label), { exact: true }).and(main.locator('input:not([type=radio]):not([type=checkbox]), select, textarea')),
    button: (name: string) => main.getByRole('button', { name: text(name), exact: true }),
    tab: (name: string) => main.getByRole('tab', { name: text(name), exact: true }),
  };
}

async function signOutVisible(page: Page, locale: Locale) {
  await expect(page.getByTestId('account-area').getByRole('button', { name: tr(locale, 'My account') })).toBeVisible();
}

/** Fills and sends the student sign-up form; returns at the page the machine goes to next. */
async function studentSignUp(page: Page, locale: Locale, phone: string) {
  const u = ui(page, locale);
  await open(page, '/sign-up');
  await u.field('First name').fill('سارة');
  await u.field('Last name').fill('أحمد');
  await u.field('Phone number').fill(phone);
  await u.main.getByRole('radio', { name: u.text('Female'), exact: true }).check();
  const phase = u.field('School phase');
  await expect.poll(() => phase.locator('option').count()).toBeGreaterThan(1);
  await phase.selectOption({ index: 1 });
  await u.button('Create account').click();
}

async function enterCode(page: Page, locale: Locale, code: string) {
  const u = ui(page, locale);
  await u.field('Verification code').fill(code);
  await u.button('Verify').click();
}

async function referenceIds(request: APIRequestContext) {
  const first = async (path: string) => {
    const res = await request.get(`/api/v1/${path}`);
    const body = (await res.json()) as { data: Array<{ id?: number; code?: string }> };
    return body.data[0]!;
  };
  return { phase: (await first('phases')).id!, subject: (await first('subjects')).id!, country: (await first('countries')).code! };
}

/** A teacher account made straight through the API (multipart, as the sign-up screen sends it). */
async function createTeacher(request: APIRequestContext, phone: { national: string; e164: string }, email = uniqueEmail()) {
  const ids = await referenceIds(request);
  const form = new FormData();
  const fields: Record<string, string> = {
    type: 'instructor',
    first_name: 'ليلى',
    second_name: 'محمد',
    last_name: 'حسن',
    phone: phone.e164,
    country_code: 'QA',
    email,
    gender: 'female',
    birth_date: '1988-03-14',
    experience_years: '6',
    qualification: 'master',
    country: ids.country,
    password: TEACHER_PASSWORD,
    password_confirmation: TEACHER_PASSWORD,
  };
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  form.append('phases[]', String(ids.phase));
  form.append('subjects[]', String(ids.subject));
  form.set('id_front', new Blob([PNG], { type: 'image/png' }), 'front.png');
  form.set('id_back', new Blob([PNG], { type: 'image/png' }), 'back.png');
  form.set('qualification_scan', new Blob([PDF], { type: 'application/pdf' }), 'degree.pdf');
  const res = await request.post('/api/v1/auth/register', { multipart: form, headers: { Accept: 'application/json' } });
  expect(res.status(), await res.text()).toBe(201);
  return { email };
}

for (const locale of LOCALES) {
  test.describe(`auth (${locale})`, () => {
    test.beforeEach(async ({ page }) => {
      await preferences(page, { locale });
    });

    test('student sign-up → code from the outbox → signed in at the root; reload keeps the session; logout', async ({ page, request }) => {
      const phone = newPhone();
      await studentSignUp(page, locale, phone.national);
      await expect(page).toHaveURL(new RegExp(`/verify-otp\\?phone=${encodeURIComponent(phone.e164).replace('+', '\\+')}`));
      await expect(page.getByTestId('otp-countdown')).toBeVisible();
      await enterCode(page, locale, await latestCode(request, phone.e164));
      await expect(page).toHaveURL(/\/$/);
      await signOutVisible(page, locale);

      await page.reload();
      await expect(page.getByTestId('boot-spinner')).toHaveCount(0, { timeout: 15_000 });
      await signOutVisible(page, locale);

      await page.getByTestId('account-area').getByRole('button', { name: tr(locale, 'My account') }).click();
      await page.getByTestId('account-area').getByRole('button', { name: tr(locale, 'Sign out') }).click();
      await expect(page.getByTestId('account-area').getByRole('link', { name: tr(locale, 'Sign in'), exact: true })).toBeVisible();
      await expect(page).toHaveURL(/\/$/);
      // Signed out for real: a login-only page sends the visitor home.
      await page.goto('/profile');
      await expect(page).toHaveURL(/\/$/);
    });

    test('a wrong code gets its message; the resend button waits behind a visible countdown', async ({ page, request }) => {
      const phone = newPhone();
      await studentSignUp(page, locale, phone.national);
      await expect(page).toHaveURL(/\/verify-otp/);
      const right = await latestCode(request, phone.e164);
      const wrong = right === '000000' ? '111111' : '000000';

      const resend = page.getByTestId('otp-resend');
      await expect(resend).toBeDisabled();
      await expect(page.getByTestId('otp-countdown')).toContainText(/0[01]:[0-5]\d/);
      await expect(page.getByTestId('otp-countdown').locator('time')).toHaveText(/^0[01]:[0-5]\d$/);

      await enterCode(page, locale, wrong);
      await expect(page.getByTestId('otp-problem')).toHaveText(tr(locale, 'The code is not correct. Check the SMS and try again.'));
      // The right code still works after a wrong one.
      await enterCode(page, locale, right);
      await expect(page).toHaveURL(/\/$/);
      await signOutVisible(page, locale);
    });

    test('sign-up with a phone that already has a student account goes to the code screen and can sign in', async ({ page, request, browser }) => {
      const phone = newPhone();
      // The first sign-up, in another browser: the phone now belongs to a student.
      const other = await browser.newPage({ baseURL: test.info().project.use.baseURL });
      await preferences(other, { locale });
      await studentSignUp(other, locale, phone.national);
      await expect(other).toHaveURL(/\/verify-otp/);
      const first = await latestCode(request, phone.e164);
      await other.close();

      await studentSignUp(page, locale, phone.national);
      await expect(page).toHaveURL(/\/verify-otp/);
      // Behind the scenes a login texts a new code; wait for it (the silent login may finish after the
      // screen changes), since a new code replaces the first one.
      const code = await latestCode(request, phone.e164, first);
      await enterCode(page, locale, code);
      await expect(page).toHaveURL(/\/$/);
      await signOutVisible(page, locale);
    });

    test('phone-first: signing in with a new phone texts a code, then complete-register, then signed in', async ({ page, request }) => {
      const phone = newPhone();
      const u = ui(page, locale);
      await open(page, '/sign-in');
      await u.field('Phone number').fill(phone.national);
      await u.button('Send code').click();
      await expect(page).toHaveURL(/\/verify-otp/);
      await enterCode(page, locale, await latestCode(request, phone.e164));

      await expect(page).toHaveURL(/\/complete-register$/);
      await u.field('First name').fill('سارة');
      await u.field('Last name').fill('أحمد');
      await u.main.getByRole('radio', { name: u.text('Female'), exact: true }).check();
      const phase = u.field('School phase');
      await expect.poll(() => phase.locator('option').count()).toBeGreaterThan(1);
      await phase.selectOption({ index: 1 });
      await u.button('Save and continue').click();
      await expect(page).toHaveURL(/\/$/);
      await signOutVisible(page, locale);
      // Complete now: the guards no longer hold the account on complete-register.
      await page.goto('/profile');
      await expect(page).toHaveURL(/\/profile$/);
    });

    test('sign-up with a teacher\'s phone lands on the teacher sign-in with a message', async ({ page, request }) => {
      const phone = newPhone();
      await createTeacher(request, phone);
      await studentSignUp(page, locale, phone.national);
      await expect(page).toHaveURL(/\/sign-in$/);
      const u = ui(page, locale);
      await expect(page.getByTestId('auth-notice')).toHaveText(
        tr(locale, 'This phone number already belongs to a teacher account. Please sign in as a teacher.'),
      );
      await expect(u.tab('Teacher')).toHaveAttribute('aria-selected', 'true');
      // The phone is already filled in: the password is all that is missing.
      await u.field('Password').fill(TEACHER_PASSWORD);
      await u.button('Sign in').click();
      // Teacher login goes to about-us, and the review guard then holds a teacher in review on /in-review.
      await expect(page).toHaveURL(/\/in-review$/);
    });

    test('teacher sign-up with documents → home → held on /in-review by the review guard', async ({ page }) => {
      const phone = newPhone();
      const u = ui(page, locale);
      await open(page, '/sign-up?as=teacher');
      await expect(u.tab('Teacher')).toHaveAttribute('aria-selected', 'true');
      await u.field('First name').fill('ليلى');
      await u.field('Second name').fill('محمد');
      await u.field('Last name').fill('حسن');
      await u.field('Phone number').fill(phone.national);
      await u.field('Email').fill(uniqueEmail());
      await u.main.getByRole('radio', { name: u.text('Female'), exact: true }).check();
      await u.field('Birth date').fill('1988-03-14');
      await u.field('Years of experience').fill('6');
      await u.field('Education qualification').selectOption('master');
      const country = u.field('Country');
      await expect.poll(() => country.locator('option').count()).toBeGreaterThan(1);
      await country.selectOption({ index: 1 });
      await u.main.getByRole('group', { name: new RegExp(u.text('Phases you teach')) }).getByRole('checkbox').first().check();
      await u.main.getByRole('group', { name: new RegExp(u.text('Subjects you teach')) }).getByRole('checkbox').first().check();
      await u.field('Password').fill('Weakpass');
      await expect(u.main.locator('.password-strength').first()).toHaveAttribute('data-level', 'weak');
      await u.field('Password').fill(TEACHER_PASSWORD);
      await expect(u.main.locator('.password-strength').first()).toHaveAttribute('data-level', 'medium');
      await u.field('Confirm password').fill(TEACHER_PASSWORD);
      await u.field('ID card (front)').setInputFiles({ name: 'front.png', mimeType: 'image/png', buffer: PNG });
      await u.field('ID card (back)').setInputFiles({ name: 'back.png', mimeType: 'image/png', buffer: PNG });
      await u.field('Qualification scan').setInputFiles({ name: 'degree.pdf', mimeType: 'application/pdf', buffer: PDF });
      await expect(page.getByTestId('file-preview')).toHaveCount(3);
      await u.button('Create teacher account').click();
      await expect(page).toHaveURL(/\/in-review$/);
      await signOutVisible(page, locale);
    });

    test('teacher login by e-mail → about-us, then the review guard → /in-review', async ({ page, request }) => {
      const phone = newPhone();
      const { email } = await createTeacher(request, phone);
      const u = ui(page, locale);
      await open(page, '/sign-in');
      await u.tab('Teacher').click();
      await u.main.getByRole('radio', { name: u.text('Email'), exact: true }).check();
      await u.field('Email').fill(email);
      await u.field('Password').fill('Wrong-password1');
      await u.button('Sign in').click();
      // The server puts its one generic message under the password field (422, no enumeration).
      await expect(u.field('Password')).toHaveAttribute('aria-invalid', 'true');
      await expect(page).toHaveURL(/\/sign-in/);
      await expect(u.field('Email')).toHaveValue(email);

      await u.field('Password').fill(TEACHER_PASSWORD);
      await u.button('Sign in').click();
      await expect(page).toHaveURL(/\/in-review$/);
      await signOutVisible(page, locale);
    });
  });
}

test('a login-only page while signed out goes home', async ({ page }) => {
  await preferences(page, { locale: 'ar' });
  await page.goto('/profile');
  await expect(page.getByTestId('boot-spinner')).toHaveCount(0, { timeout: 15_000 });
  await expect(page).toHaveURL(/\/$/);
});

test('the phone input refuses an impossible number next to the field, in Arabic', async ({ page }) => {
  await preferences(page, { locale: 'ar' });
  await open(page, '/sign-in');
  const u = ui(page, 'ar');
  const phone = u.field('Phone number');
  await expect(phone).toHaveAttribute('type', 'tel');
  await expect(phone).toHaveAttribute('maxlength', '25');
  await expect(phone).toHaveAttribute('placeholder', tr('ar', 'Enter a phone number'));
  await phone.fill('5555');
  await phone.blur();
  await expect(u.main.getByText(tr('ar', 'The phone number is too short'))).toBeVisible();
  await page.getByRole('combobox', { name: tr('ar', 'Country code') }).selectOption('SA');
  await phone.fill('0501234567');
  await phone.blur();
  await expect(u.main.getByText(tr('ar', 'The phone number is too short'))).toHaveCount(0);
  await u.button('Send code').click();
  await expect(page).toHaveURL(/\/verify-otp\?phone=%2B966501234567/);
});
