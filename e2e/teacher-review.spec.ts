// The teacher review end to end, against the real server and a fresh database: a teacher
// waits on /in-review; the reviewer CLI (`npm run admin`, another process) approves, and the open
// page moves to the terms by itself (realtime channel → profile reload → guards, no page reload);
// accepting the terms leads to the profile; a suspension signs the teacher out live and sign-in says why; a rejection shows the
// reviewer's reason and resubmitting documents puts the account back in review. A student never sees
// the teacher screens.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { inLocale } from './support/matrix';
import { LOCALES, tr, type Locale } from './support/catalog';
import { open, preferences, toasts } from './support/app';
import { expectNoViolations } from './support/axe';
import { admin, PNG, registerTeacher } from './support/api';

const PASSWORD = 'Teacher123';

let serial = 0;
function newPhone() {
  serial += 1;
  const tail = `${(Date.now() + serial * 7919 + process.pid * 104729 + 31) % 10_000_000}`.padStart(7, '0');
  const national = `6${tail}`;
  return { national, e164: `+974${national}` };
}
const uniqueEmail = () => `review.${Date.now().toString(36)}.${process.pid}.${++serial}@example.com`;

async function createTeacher(request: APIRequestContext) {
  const phone = newPhone();
  const email = uniqueEmail();
  await registerTeacher(request, { phone: phone.e164, email, password: PASSWORD });
  return { phone, email };
}

/** Fills the teacher's sign-in form (opening /sign-in first unless the page is already there). */
async function fillTeacherSignIn(page: Page, locale: Locale, email: string, openPage = true) {
  const main = page.locator('main');
  if (openPage) await open(page, '/sign-in');
  await main.getByRole('tab', { name: tr(locale, 'Teacher'), exact: true }).click();
  await main.getByRole('radio', { name: tr(locale, 'Email'), exact: true }).check();
  await main.getByLabel(tr(locale, 'Email'), { exact: true }).and(main.locator('input:not([type=radio])')).fill(email);
  await main.getByLabel(tr(locale, 'Password'), { exact: true }).fill(PASSWORD);
  return main.getByRole('button', { name: tr(locale, 'Sign in'), exact: true });
}

async function signInTeacher(page: Page, locale: Locale, email: string) {
  const submit = await fillTeacherSignIn(page, locale, email);
  // The shell subscribes the teacher's private status channel: wait for its authorization, not a clock.
  const channelAuthorized = page.waitForResponse((r) => r.url().includes('/api/v1/realtime/auth') && r.ok());
  await submit.click();
  await expect(page).toHaveURL(/\/in-review$/);
  await channelAuthorized;
}

const heading = (page: Page, locale: Locale, text: string) => page.locator('main h1').filter({ hasText: tr(locale, text) });

/** Marks the document so a later check can prove the page was not reloaded. */
async function markDocument(page: Page) {
  await page.evaluate(() => {
    (window as unknown as { __noReload: boolean }).__noReload = true;
  });
}
async function expectNotReloaded(page: Page) {
  expect(await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);
}

for (const locale of LOCALES) {
  test.describe(`teacher review (${locale})`, () => {
    test.beforeEach(async ({ page }) => {
      await preferences(page, { locale });
    });

    inLocale(locale, 0)(
      'in review → approved by the CLI → terms appear by themselves → accept → profile; suspended: signed out live, sign-in refused',
      async ({ page, request }) => {
        const { phone, email } = await createTeacher(request);
        await signInTeacher(page, locale, email);
        await expect(heading(page, locale, 'Your account is under review')).toBeVisible();
        await expect(page.locator('main').getByText(tr(locale, 'Review usually takes 1–2 working days.'))).toBeVisible();
        await expect(page.locator('main a[href="/contact-us"]')).toBeVisible();
        await expectNoViolations(page, 'in review');
        await markDocument(page);

        expect(await admin('teachers:list', '--status', 'in_review')).toContain(phone.e164);
        expect(await admin('teachers:approve', phone.e164)).toContain('in_review → policy');
        await expect(page).toHaveURL(/\/trams-teacher$/, { timeout: 5000 });
        await expectNotReloaded(page);
        await expect(heading(page, locale, 'Teacher terms')).toBeVisible();

        const accept = page.locator('main').getByRole('button', { name: tr(locale, 'Accept and continue') });
        await expect(accept).toBeDisabled();
        await expectNoViolations(page, 'teacher terms');
        await page.locator('main').getByLabel(tr(locale, 'I have read the teacher terms and I accept them')).check();
        await expect(accept).toBeEnabled();
        await accept.click();
        await expect(toasts(page, 'success').first()).toBeVisible();
        await expect(page).toHaveURL(/\/profile$/);
        await expectNotReloaded(page);

        // A suspension signs the teacher out everywhere, live, and says why.
        await admin('teachers:suspend', phone.e164, '--reason', 'مراجعة شكوى');
        await expect(page).toHaveURL(/\/sign-in$/, { timeout: 5000 });
        await expect(toasts(page).filter({ hasText: 'مراجعة شكوى' }).first()).toBeVisible();
        await expectNotReloaded(page);
        // Until a reinstatement the right password is refused, with the reason beside the form.
        await (await fillTeacherSignIn(page, locale, email, false)).click();
        await expect(page.locator('main form').getByText('مراجعة شكوى')).toBeVisible();
        await expect(page).toHaveURL(/\/sign-in$/);
        await expectNoViolations(page, 'suspended');
      },
    );

    inLocale(locale, 1)(
      'rejected with a reason → the reason shows → resubmitting documents puts the account back in review (dark)',
      async ({ page, request }) => {
        await page.addInitScript(() => localStorage.setItem('ng-theme', 'dark'));
        const { phone, email } = await createTeacher(request);
        await signInTeacher(page, locale, email);
        await markDocument(page);
        const reason = 'صورة الهوية غير واضحة، يرجى رفع صورة أوضح';
        await admin('teachers:reject', phone.e164, '--reason', reason);
        await expect(heading(page, locale, 'Your application needs corrections')).toBeVisible({ timeout: 5000 });
        await expect(page.getByTestId('review-reason')).toHaveText(reason);
        await expectNotReloaded(page);
        await expect(page.locator('html')).toHaveClass(/(^|\s)dark(\s|$)/);
        await expectNoViolations(page, 'rejected (dark)');

        const main = page.locator('main');
        const send = main.getByRole('button', { name: tr(locale, 'Send for review again') });
        // Nothing chosen: the form says so and sends nothing.
        await send.click();
        await expect(main.getByText(tr(locale, 'Choose at least one corrected document.'))).toBeVisible();
        await main.getByLabel(tr(locale, 'ID card, front')).setInputFiles({ name: 'front-new.png', mimeType: 'image/png', buffer: PNG });
        await expect(page.getByTestId('file-preview')).toHaveCount(1);
        await send.click();
        await expect(toasts(page, 'success').first()).toBeVisible();
        await expect(heading(page, locale, 'Your account is under review')).toBeVisible();
        // The title is brought into view, focused, and the teacher is thanked for the documents.
        await expect(heading(page, locale, 'Your account is under review')).toBeFocused();
        await expect(page.getByTestId('review-intro')).toHaveText(
          tr(locale, 'We received your corrected documents. Our team is checking them again.'),
        );
        expect(await admin('teachers:list', '--status', 'in_review')).toContain(phone.e164);
        const documents = await admin('teachers:documents', phone.e164);
        expect(documents).toContain('id_front-2.png');
      },
    );
  });
}

test('a student never sees the teacher screens', async ({ page, request }) => {
  await preferences(page, { locale: 'en' });
  const phone = newPhone();
  await open(page, '/sign-up');
  const main = page.locator('main');
  const field = (label: string) => main.getByLabel(label, { exact: true }).and(main.locator('input:not([type=radio]), select'));
  await field("Your child's first name").fill('سارة');
  await field("Your child's last name").fill('أحمد');
  await field('Phone number').fill(phone.national);
  await main.getByRole('radio', { name: 'Female', exact: true }).check();
  const phase = field("Your child's school phase");
  await expect.poll(() => phase.locator('option').count()).toBeGreaterThan(1);
  await phase.selectOption({ index: 1 });
  await main.getByRole('button', { name: 'Create account', exact: true }).click();
  let code = '';
  await expect
    .poll(async () => {
      const res = await request.get(`/api/v1/dev/outbox?phone=${encodeURIComponent(phone.e164)}`);
      code = JSON.stringify(await res.json()).match(/\b(\d{6})\b/)?.[1] ?? '';
      return code;
    })
    .not.toBe('');
  await field('Verification code').fill(code);
  await main.getByRole('button', { name: 'Verify', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
  for (const url of ['/in-review', '/trams-teacher']) {
    await page.goto(url);
    await expect(page).toHaveURL(/\/$/);
  }
});
