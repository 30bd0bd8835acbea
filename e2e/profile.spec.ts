// The profile screen end to end, against the real server: a new student
// edits names, gender and phase and the data survives a reload; the demo teacher (active) edits fields
// and working hours and they survive a reload; an invalid field shows its message beside it and every
// other edit stays in the form. Each scenario runs in one language in `npm test` (alternating) and in
// both under `npm run test:e2e:full` (e2e/support/matrix.ts).
//
// Sign-in goes through the API (the student's code from the development outbox), then the token cookie
// is set as the app keeps it. The teacher tests share the demo teacher, so they run one after another
// and put the teacher's profile back afterwards.
import { expect, test, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { cells, inLocale } from './support/matrix';
import { LOCALES, tr, type Locale } from './support/catalog';
import { expectNoViolations } from './support/axe';
import { open, preferences, toasts } from './support/app';
import { admin, PNG, registerTeacher } from './support/api';

test.describe.configure({ mode: 'serial' });

const DEMO_TEACHER = { login: '+97455100001', password: 'Noor1234' };

let phoneCounter = 0;
function newPhone(): string {
  phoneCounter += 1;
  // Qatari mobile numbers (557xxxxx) no seed uses, unique per run and test.
  return `+974557${String((Date.now() + phoneCounter * 7919) % 100000).padStart(5, '0')}`;
}

async function newStudent(request: APIRequestContext): Promise<string> {
  const phone = newPhone();
  const phases = ((await (await request.get('/api/v1/phases')).json()) as { data: { id: number }[] }).data;
  const register = await request.post('/api/v1/auth/register', {
    data: {
      type: 'student',
      first_name: 'سارة',
      last_name: 'الأنصاري',
      phone,
      country_code: 'QA',
      gender: 'female',
      phase_id: phases[0]!.id,
    },
  });
  expect(register.status(), await register.text()).toBe(201);
  let code = '';
  await expect
    .poll(async () => {
      const res = await request.get(`/api/v1/dev/outbox?phone=${encodeURIComponent(phone)}`);
      const body = (await res.json()) as { data?: unknown };
      const latest = Array.isArray(body.data) ? body.data[0] : undefined;
      code = JSON.stringify(latest ?? '').match(/\b(\d{6})\b/)?.[1] ?? '';
      return code;
    })
    .toMatch(/^\d{6}$/);
  const verified = await request.post('/api/v1/verify-otp', { data: { phone, code } });
  expect(verified.ok(), await verified.text()).toBe(true);
  return ((await verified.json()) as { data: { token: string } }).data.token;
}

async function teacherToken(request: APIRequestContext): Promise<string> {
  const res = await request.post('/api/v1/instructor/auth/login', { data: DEMO_TEACHER });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { data: { token: string } }).data.token;
}

async function signIn(context: BrowserContext, baseURL: string, token: string, teacher = false) {
  await context.addCookies([
    { name: 'ng-token', value: token, url: baseURL },
    ...(teacher ? [{ name: 'is_teacher', value: 'true', url: baseURL }] : []),
  ]);
}

const field = (page: Page, locale: Locale, label: string) => page.getByLabel(tr(locale, label), { exact: true });

async function save(page: Page, locale: Locale) {
  await page.getByRole('button', { name: tr(locale, 'Save changes') }).click();
  await expect(toasts(page, 'success')).toContainText(locale === 'ar' ? 'تم حفظ بياناتك' : 'Your details were saved');
}

for (const locale of LOCALES) {
  test.describe(`profile (${locale})`, () => {
    test.beforeEach(async ({ page }) => {
      await preferences(page, { locale });
    });

    inLocale(locale, 0)('a student edits the profile and the data survives a reload', async ({ page, context, request, baseURL }) => {
      await signIn(context, baseURL!, await newStudent(request));
      await open(page, '/profile');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(tr(locale, 'Your profile'));
      await expect(page.getByTestId('free-session')).toHaveText(tr(locale, 'You have a free trial session waiting for you.'));
      await expect(field(page, locale, 'Phone number')).toHaveAttribute('readonly', '');
      // The header shows a student's remaining hours, a link to the packages screen.
      await expect(page.getByTestId('header-balance')).toHaveAttribute('data-hours', '0');
      await expect(page.getByTestId('header-balance')).toHaveAttribute('href', '/packages');

      await field(page, locale, 'First name').fill('مريم');
      await field(page, locale, 'Last name').fill('الكواري');
      await page.getByRole('radio', { name: tr(locale, 'Male'), exact: true }).check();
      const phase = field(page, locale, 'School phase');
      await expect(phase.locator('option')).not.toHaveCount(1);
      const third = await phase.locator('option').nth(3).getAttribute('value');
      await phase.selectOption(third!);
      await save(page, locale);

      await page.reload();
      await expect(field(page, locale, 'First name')).toHaveValue('مريم');
      await expect(field(page, locale, 'Last name')).toHaveValue('الكواري');
      await expect(page.getByRole('radio', { name: tr(locale, 'Male'), exact: true })).toBeChecked();
      await expect(field(page, locale, 'School phase')).toHaveValue(third!);
    });

    inLocale(locale, 1)(
      'an invalid field shows its message beside it and keeps the other edits',
      async ({ page, context, request, baseURL }) => {
        await signIn(context, baseURL!, await newStudent(request));
        await open(page, '/profile');
        await field(page, locale, 'Last name').fill('الهاجري');
        await page.getByRole('radio', { name: tr(locale, 'Male'), exact: true }).check();
        await field(page, locale, 'First name').fill('Maryam');
        await page.getByRole('button', { name: tr(locale, 'Save changes') }).click();

        const first = field(page, locale, 'First name');
        await expect(first).toHaveAttribute('aria-invalid', 'true');
        await expect(first).toBeFocused();
        await expect(page.locator('.field', { has: first }).locator('.field-error')).toHaveText(tr(locale, 'English name not allowed'));
        await expect(first).toHaveValue('Maryam');
        await expect(field(page, locale, 'Last name')).toHaveValue('الهاجري');
        await expect(page.getByRole('radio', { name: tr(locale, 'Male'), exact: true })).toBeChecked();
        await expect(toasts(page, 'success')).toHaveCount(0);

        // Nothing was saved: a reload shows the sign-up's values.
        await page.reload();
        await expect(field(page, locale, 'First name')).toHaveValue('سارة');
        await expect(field(page, locale, 'Last name')).toHaveValue('الأنصاري');
      },
    );

    inLocale(locale, 2)(
      'the demo teacher edits fields and working hours and they survive a reload',
      async ({ page, context, request, baseURL }) => {
        const token = await teacherToken(request);
        const auth = { Authorization: `Bearer ${token}` };
        const before = (
          (await (await request.get('/api/v1/profile', { headers: auth })).json()) as {
            data: {
              experience_years: number;
              description: string | null;
              working_hours: { weekday: number; start_time: string; end_time: string }[];
            };
          }
        ).data;
        try {
          await signIn(context, baseURL!, token, true);
          await open(page, '/profile');
          await expect(page.getByTestId('teacher-status')).toHaveText(tr(locale, 'Active'));

          await field(page, locale, 'Years of experience').fill('11');
          await field(page, locale, 'About you').fill(`معلمة لغة عربية (${locale})`);
          // Monday on, 08:30–10:15; a day the teacher had is switched off.
          const monday = page.getByTestId('day-1');
          const mondayOn = monday.getByRole('checkbox');
          if (!(await mondayOn.isChecked())) await mondayOn.check();
          await monday.locator('input[type="time"]').first().fill('08:30');
          await monday.locator('input[type="time"]').last().fill('10:15');
          const offDay = before.working_hours.find((h) => h.weekday !== 1)?.weekday ?? 3;
          const other = page.getByTestId(`day-${offDay}`).getByRole('checkbox');
          if (await other.isChecked()) await other.uncheck();
          await save(page, locale);

          await page.reload();
          await expect(field(page, locale, 'Years of experience')).toHaveValue('11');
          await expect(field(page, locale, 'About you')).toHaveValue(`معلمة لغة عربية (${locale})`);
          await expect(monday.getByRole('checkbox')).toBeChecked();
          await expect(monday.locator('input[type="time"]').first()).toHaveValue('08:30');
          await expect(monday.locator('input[type="time"]').last()).toHaveValue('10:15');
          await expect(page.getByTestId(`day-${offDay}`).getByRole('checkbox')).not.toBeChecked();
          await expect(page.getByTestId(`day-${offDay}`).locator('input[type="time"]').first()).toBeDisabled();
        } finally {
          // Other specs read the demo teacher's card: put it back as it was.
          const restore = await request.patch('/api/v1/profile', {
            headers: auth,
            data: { experience_years: before.experience_years, description: before.description ?? '', working_hours: before.working_hours },
          });
          expect(restore.ok(), await restore.text()).toBe(true);
        }
      },
    );

    inLocale(locale, 3)(
      "the teacher's end time before the start time is refused beside that day",
      async ({ page, context, request, baseURL }) => {
        await signIn(context, baseURL!, await teacherToken(request), true);
        await open(page, '/profile');
        await field(page, locale, 'Years of experience').fill('13');
        const friday = page.getByTestId('day-5');
        const on = friday.getByRole('checkbox');
        if (!(await on.isChecked())) await on.check();
        await friday.locator('input[type="time"]').first().fill('18:00');
        await friday.locator('input[type="time"]').last().fill('17:00');
        await page.getByRole('button', { name: tr(locale, 'Save changes') }).click();
        await expect(friday.locator('.field-error').last()).toHaveText(tr(locale, 'The end time must be after the start time'));
        await expect(field(page, locale, 'Years of experience')).toHaveValue('13');
        await expect(toasts(page, 'success')).toHaveCount(0);
      },
    );
  });
}

for (const [locale, theme] of cells(LOCALES, ['dark', 'light'] as const)) {
  test.describe(`profile accessibility (${locale}, ${theme})`, () => {
    test.use({ colorScheme: theme });

    test('the student and teacher profiles have no WCAG 2.1 AA violations', async ({ page, context, request, baseURL }) => {
      await preferences(page, { locale, theme });
      await signIn(context, baseURL!, await newStudent(request));
      await open(page, '/profile');
      await expect(page.getByTestId('profile-hours')).toBeVisible();
      await expectNoViolations(page, `student profile (${locale}, ${theme})`);

      await context.clearCookies();
      await signIn(context, baseURL!, await teacherToken(request), true);
      await open(page, '/profile');
      await expect(page.getByTestId('teacher-status')).toBeVisible();
      await expectNoViolations(page, `teacher profile (${locale}, ${theme})`);
    });
  });
}

// ── An active teacher replacing a document goes back to review ───────────────────────────────────────

const NEW_TEACHER_PASSWORD = 'Teacher123';

/** A new teacher, approved by the reviewer and past the terms: an active account of its own. */
async function activeTeacher(request: APIRequestContext): Promise<string> {
  const phone = `+9746${String((Date.now() + ++phoneCounter * 7919) % 10_000_000).padStart(7, '0')}`;
  const email = `profile.${Date.now().toString(36)}.${phoneCounter}@example.com`;
  const token = await registerTeacher(request, { phone, email, password: NEW_TEACHER_PASSWORD });
  expect(await admin('teachers:approve', phone)).toContain('in_review → policy');
  const accepted = await request.post('/api/v1/instructor/update/status', { headers: { Authorization: `Bearer ${token}` } });
  expect(accepted.ok(), await accepted.text()).toBe(true);
  return token;
}

for (const locale of LOCALES) {
  test.describe(`profile documents (${locale})`, () => {
    inLocale(locale, 1)(
      'an active teacher is warned, and replacing a document sends the account back to review',
      async ({ page, context, request, baseURL }) => {
        await preferences(page, { locale });
        await signIn(context, baseURL!, await activeTeacher(request), true);
        await open(page, '/profile');
        await expect(page.getByTestId('teacher-status')).toHaveText(tr(locale, 'Active'));
        const row = page.getByTestId('document-id_back');
        await expect(row).toContainText('id_back.png');

        await row.locator('input[type="file"]').setInputFiles({ name: 'new-back.png', mimeType: 'image/png', buffer: PNG });
        await row.getByRole('button', { name: tr(locale, 'Send the new file') }).click();
        const dialog = page.getByRole('dialog', { name: tr(locale, 'Send your account back to review?') });
        await expect(dialog).toBeVisible();
        // Keeping the current document changes nothing.
        await dialog.getByRole('button', { name: tr(locale, 'Keep my current document') }).click();
        await expect(dialog).toHaveCount(0);
        await expect(page).toHaveURL(/\/profile$/);

        await row.getByRole('button', { name: tr(locale, 'Send the new file') }).click();
        await dialog.getByRole('button', { name: tr(locale, 'Send and go back to review') }).click();
        await expect(toasts(page, 'success').first()).toBeVisible();
        // The account record is reloaded and the guards hold the teacher on the in-review screen.
        await expect(page).toHaveURL(/\/in-review$/);
      },
    );
  });
}
