// The operators' console end to end, against the real server and a fresh database: an administrator
// adds a reviewer and a support member; the reviewer enrols two-factor sign-in from the key the page
// shows (codes computed with otplib, as an authenticator app would), signs out and in again with a
// code, opens the oldest of two applications, sees its ID image and qualification PDF in place and
// rejects it with a template reason; the teacher's open page shows the reason by itself and the teacher
// sends a corrected document; the queue now lists that application after the other one, marked
// "resubmitted" with the previous reason; the reviewer approves and the teacher's page moves to the
// terms by itself; support credits a family two hours with a reason; the audit log lists each of these
// actions with the staff member who took it.
//
// `npm test` runs it once with the people in different languages (the reviewer and the teacher in
// Arabic, the teacher on a phone; the administrator and support in English); `npm run test:e2e:full`
// runs it once in each language. Staff sign-in is throttled per address (20 attempts in ten minutes):
// one run of the flow makes 8, so a full run keeps to two.
import { expect, test, type Browser, type Locator, type Page } from '@playwright/test';
import { authenticator } from 'otplib';
import { open, preferences, toasts } from './support/app';
import { admin, hoursOf, json, newPhone, newStudent, PNG, registerTeacher } from './support/api';
import { TEACHER_PASSWORD } from './support/auth';
import { expectNoViolations } from './support/axe';
import { LOCALES, tr, type Locale } from './support/catalog';
import { FULL } from './support/matrix';

/** The language each person reads the app in. */
interface Cast {
  admin: Locale;
  reviewer: Locale;
  support: Locale;
  teacher: Locale;
}

const STAFF_PASSWORD = 'Console123';
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };
/** The template the reviewer rejects with (src/features/admin/texts.ts), as the teacher reads it: Arabic, then English. */
const TEMPLATE = {
  label: 'Document unreadable',
  ar: 'صورة الوثيقة غير واضحة. يرجى رفع صورة واضحة تظهر فيها جميع البيانات.',
  en: 'The document image is not readable. Please upload a clear image showing every detail.',
};

const run = `${Date.now().toString(36)}${process.pid.toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
let serial = 0;
const staffEmail = (role: string) => `${role}.${run}.${++serial}@noor.test`;

/** A run-unique Arabic word: the two applicants' family name, so a queue search finds exactly them. */
function arabicTag(): string {
  const letters = 'بتثجحخدذرزسشصضطظعغفقكلمنهي';
  return Array.from({ length: 6 }, () => letters[Math.floor(Math.random() * letters.length)]).join('');
}

interface StaffSession {
  token: string;
  expires_at: string;
  staff: { id: number; email: string; name: string; role: string };
}

/** A code from the authenticator app `seconds` from now. */
const totp = (secret: string, seconds = 0) => authenticator.clone({ epoch: Date.now() + seconds * 1000 }).generate(secret);

/** A member's first sign-in and enrolment through the API, where they are not what the test is about. */
async function enrolThroughApi(page: Page, email: string): Promise<StaffSession> {
  const first = await json<{ enrol: { secret: string } }>(
    await page.request.post('/api/admin/auth/login', { data: { email, password: STAFF_PASSWORD } }),
    'staff sign-in',
  );
  return json<StaffSession>(
    await page.request.post('/api/admin/auth/enrol', { data: { email, password: STAFF_PASSWORD, code: totp(first.enrol.secret) } }),
    'staff enrolment',
  );
}

/** The console of this tab signed in with `session` (kept where the console keeps it: sessionStorage). */
async function useSession(page: Page, session: StaffSession) {
  await page.addInitScript((s) => sessionStorage.setItem('noor-staff-session', JSON.stringify(s)), session);
}

async function person(browser: Browser, baseURL: string, locale: Locale, viewport: { width: number; height: number }) {
  const context = await browser.newContext({ baseURL, viewport, locale: locale === 'ar' ? 'ar-QA' : 'en-GB' });
  const page = await context.newPage();
  await preferences(page, { locale });
  return page;
}

const consoleMain = (page: Page) => page.locator('#console-main');
const field = (scope: Locator, label: string) =>
  scope.getByLabel(label, { exact: true }).and(scope.locator('input:not([type=radio]), select, textarea'));

/** The audit log's rows as [who, action, on], walking to older pages until `want` are all seen (or six pages). */
async function auditRows(page: Page, locale: Locale, want: ReadonlyArray<readonly [string, string, RegExp]>) {
  const seen: string[][] = [];
  const missing = () => want.filter(([who, action, on]) => !seen.some((r) => r[0] === who && r[1] === action && on.test(r[2]!)));
  const table = consoleMain(page).locator('table.console-audit');
  for (let pageNo = 0; pageNo < 6; pageNo += 1) {
    await expect(table.locator('tbody tr').first()).toBeVisible();
    const first = (await table.locator('tbody tr').first().textContent()) ?? '';
    seen.push(
      ...(
        await table
          .locator('tbody tr')
          .evaluateAll((rows) => rows.map((r) => Array.from(r.querySelectorAll('td')).map((td) => td.textContent?.trim() ?? '')))
      ).map((cells) => [cells[1]!, cells[2]!, cells[3]!]),
    );
    if (missing().length === 0) break;
    const older = consoleMain(page).getByRole('button', { name: tr(locale, 'Older'), exact: true });
    if (await older.isDisabled()) break;
    await older.click();
    await expect(table.locator('tbody tr').first()).not.toHaveText(first);
  }
  return missing();
}

async function theFlow(browser: Browser, baseURL: string, cast: Cast) {
  const people = await Promise.all([
    person(browser, baseURL, cast.admin, DESKTOP),
    person(browser, baseURL, cast.reviewer, DESKTOP),
    person(browser, baseURL, cast.support, DESKTOP),
    person(browser, baseURL, cast.teacher, PHONE),
  ]);
  try {
    await scenes(cast, ...people);
  } finally {
    // After a timeout the contexts may be gone already: closing must not hide the failure.
    await Promise.all(
      people.map((p) =>
        p
          .context()
          .close()
          .catch(() => undefined),
      ),
    );
  }
}

async function scenes(cast: Cast, adminPage: Page, reviewerPage: Page, supportPage: Page, teacherPage: Page) {
  const tag = arabicTag();
  const request = adminPage.request;
  const names = { admin: `Amal ${run}`, reviewer: `Rana ${run}`, support: `Saleh ${run}` };
  const emails = { admin: staffEmail('admin'), reviewer: staffEmail('reviewer'), support: staffEmail('support') };
  const who = (role: keyof typeof names) => `${names[role]} <${emails[role]}>`;

  // The scene: two applicants (the first is the older application), a family, and the administrator.
  const older = { phone: newPhone(), email: `older.${run}.${++serial}@example.com` };
  const newer = { phone: newPhone(), email: `newer.${run}.${++serial}@example.com` };
  const [family] = await Promise.all([
    (async () => {
      const phases = await json<Array<{ id: number }>>(await request.get('/api/v1/phases'), 'phases');
      const made = await newStudent(request, { phaseId: phases[0]!.id });
      return { ...made, hoursBefore: await hoursOf(request, made.token) };
    })(),
    (async () => {
      await registerTeacher(request, { ...older, password: TEACHER_PASSWORD, lastName: tag });
      await registerTeacher(request, { ...newer, password: TEACHER_PASSWORD, lastName: tag });
    })(),
    (async () => {
      const added = await admin(
        'staff:add',
        '--email',
        emails.admin,
        '--name',
        names.admin,
        '--role',
        'admin',
        '--password',
        STAFF_PASSWORD,
      );
      expect(added).toContain(emails.admin);
      await useSession(adminPage, await enrolThroughApi(adminPage, emails.admin));
    })(),
  ]);

  await Promise.all([
    // The older applicant waits on the in-review page, on a phone.
    (async () => {
      const t = (s: string) => tr(cast.teacher, s);
      const main = teacherPage.locator('main');
      await open(teacherPage, '/sign-in');
      await main.getByRole('tab', { name: t('Teacher'), exact: true }).click();
      await main.getByRole('radio', { name: t('Email'), exact: true }).check();
      await field(main, t('Email')).fill(older.email);
      await main.getByLabel(t('Password'), { exact: true }).fill(TEACHER_PASSWORD);
      const channelAuthorized = teacherPage.waitForResponse((r) => r.url().includes('/api/v1/realtime/auth') && r.ok());
      await main.getByRole('button', { name: t('Sign in'), exact: true }).click();
      await expect(teacherPage).toHaveURL(/\/in-review$/);
      await channelAuthorized;
      // Marks the document so the end can prove the page was never reloaded.
      await teacherPage.evaluate(() => ((window as unknown as { __noReload: boolean }).__noReload = true));
    })(),
    // The administrator adds the reviewer and the support member.
    (async () => {
      const t = (s: string, context?: string) => tr(cast.admin, s, context);
      await open(adminPage, '/admin/staff');
      const form = consoleMain(adminPage).getByRole('form', { name: t('Add a staff member') });
      await expect(form).toBeVisible();
      await expectNoViolations(adminPage, 'console: staff');
      for (const role of ['reviewer', 'support'] as const) {
        await field(form, t('Email')).fill(emails[role]);
        await field(form, t('Name', 'console')).fill(names[role]);
        await field(form, t('Role')).selectOption(role);
        await field(form, t('First password')).fill(STAFF_PASSWORD);
        await form.getByRole('button', { name: t('Add'), exact: true }).click();
        const row = consoleMain(adminPage).locator('tbody tr', { hasText: emails[role] });
        await expect(row).toContainText(names[role]);
        await expect(row).toContainText(t('Not yet signed in'));
      }
    })(),
  ]);

  const [teacherId] = await Promise.all([
    reviewAndResubmit(),
    // Meanwhile support credits the family two hours with a reason.
    (async () => {
      const t = (s: string) => tr(cast.support, s);
      await useSession(supportPage, await enrolThroughApi(supportPage, emails.support));
      await open(supportPage, '/admin/support');
      const main = consoleMain(supportPage);
      await field(main, t("Family's phone number, with the country code")).fill(family.phone);
      await main.getByRole('button', { name: t('Find'), exact: true }).click();
      await expect(main.getByRole('heading', { name: t('Credit or debit hours') })).toBeVisible();
      await field(main, t('Hours')).fill('2');
      await field(main, t('Reason (kept in the ledger)')).fill('Lesson lost to a connection fault');
      await main.getByRole('button', { name: t('Save the adjustment'), exact: true }).click();
      await expect(toasts(supportPage, 'success').first()).toBeVisible();
      await expect(main.locator('tbody tr', { hasText: 'Lesson lost to a connection fault' })).toContainText(who('support'));
      await expectNoViolations(supportPage, 'console: support');
      expect(await hoursOf(request, family.token)).toBe(family.hoursBefore + 2);
    })(),
  ]);

  // The audit log lists each of these actions with the member who took it.
  {
    const t = (s: string) => tr(cast.admin, s);
    await adminPage
      .getByRole('navigation')
      .getByRole('link', { name: t('Audit log') })
      .click();
    await expect(consoleMain(adminPage).getByRole('heading', { name: t('Audit log'), level: 1 })).toBeVisible();
    await expectNoViolations(adminPage, 'console: audit log');
    const missing = await auditRows(adminPage, cast.admin, [
      [who('admin'), 'staff.create', /^staff \d+$/],
      [who('reviewer'), 'staff.enrol_two_factor', /^staff \d+$/],
      [who('reviewer'), 'staff.sign_in', /^staff \d+$/],
      [who('reviewer'), 'teachers.reject', new RegExp(`^teacher ${teacherId}$`)],
      [who('reviewer'), 'teachers.approve', new RegExp(`^teacher ${teacherId}$`)],
      [who('support'), 'families.hours_credit', /^family \d+$/],
    ]);
    expect(missing, 'audit entries not found').toEqual([]);
  }

  /** The reviewer's part, and the teacher's answers to it; resolves to the application's id. */
  async function reviewAndResubmit(): Promise<string> {
    const r = (s: string, context?: string) => tr(cast.reviewer, s, context);
    const review = consoleMain(reviewerPage);
    const credentials = async () => {
      await field(review, r('Email')).fill(emails.reviewer);
      await field(review, r('Password', 'console')).fill(STAFF_PASSWORD);
      await review.getByRole('button', { name: r('Continue'), exact: true }).click();
    };
    // The first sign-in enrols the authenticator from the key shown as text beside the QR code.
    await open(reviewerPage, '/admin');
    await expect(reviewerPage).toHaveURL(/\/admin\/sign-in$/);
    await credentials();
    await expect(review.getByRole('heading', { name: r('Set up two-factor sign-in') })).toBeVisible();
    await expect(review.getByRole('img', { name: r('QR code of the authenticator key') })).toBeVisible();
    const secret =
      (
        await review
          .locator('dt', { hasText: r('Key') })
          .locator('xpath=following-sibling::dd[1]')
          .textContent()
      )?.trim() ?? '';
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    await expectNoViolations(reviewerPage, 'console: two-factor enrolment');
    await field(review, r('Code')).fill(totp(secret));
    await review.getByRole('button', { name: r('Confirm'), exact: true }).click();
    await expect(review.locator('.console-codes li')).toHaveCount(10);
    await review.getByRole('button', { name: r('I have saved them, continue'), exact: true }).click();
    await expect(review.getByRole('heading', { name: r('Review queue'), level: 1 })).toBeVisible();
    // Out and in again with a code: the one the app shows next (the enrolment's own code is spent).
    await reviewerPage.getByRole('button', { name: r('Sign out'), exact: true }).click();
    await expect(reviewerPage).toHaveURL(/\/admin\/sign-in$/);
    await credentials();
    await field(review, r('Code')).fill(totp(secret, 30));
    await review.getByRole('button', { name: r('Sign in'), exact: true }).click();
    await expect(review.getByRole('heading', { name: r('Review queue'), level: 1 })).toBeVisible();

    // The oldest application first; its documents in place; rejected with a template reason.
    const search = async () => {
      await field(review, r('Name or phone')).fill(tag);
      await review.getByRole('button', { name: r('Search'), exact: true }).click();
      await expect(review.locator('tbody tr')).toHaveCount(2);
    };
    await search();
    await expect(review.locator('tbody tr').first()).toContainText(older.phone);
    await expectNoViolations(reviewerPage, 'console: review queue');
    const files: string[] = [];
    reviewerPage.on('response', (res) => {
      if (res.url().includes('/api/admin/files/') && res.ok()) files.push(res.headers()['content-type'] ?? '');
    });
    await review.locator('tbody tr').first().getByRole('link').click();
    await expect(reviewerPage).toHaveURL(/\/admin\/teachers\/\d+$/);
    const id = reviewerPage.url().match(/\/teachers\/(\d+)$/)![1]!;
    const idImage = review.getByRole('img', { name: r('ID card, front', 'console document') });
    await expect.poll(() => idImage.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    const zoom = idImage.locator('xpath=..').getByRole('button');
    await zoom.click();
    await expect(zoom).toHaveAttribute('aria-pressed', 'true');
    // The PDF in a frame of its own (the browser's viewer) from the file the console fetched with its token.
    const pdf = review.locator(`iframe[title="${r('Qualification certificate', 'console document')}"]`);
    await expect(pdf).toHaveAttribute('src', /^blob:/);
    await expect.poll(() => files.some((type) => type.startsWith('application/pdf'))).toBe(true);
    await expectNoViolations(reviewerPage, 'console: application');
    await review.getByRole('button', { name: r('Reject'), exact: true }).click();
    await review
      .getByRole('group', { name: r('Reason templates') })
      .getByRole('button', { name: r(TEMPLATE.label) })
      .click();
    await expect(field(review, r('Reason the teacher will read'))).toHaveValue(`${TEMPLATE.ar}\n${TEMPLATE.en}`);
    await review.getByRole('button', { name: r('Reject the application'), exact: true }).click();
    await expect(review.locator('.console-status')).toHaveText(r('Rejected', 'teacher status'));

    // The teacher's page shows the reason by itself; a corrected ID goes back to review.
    {
      const t = (s: string) => tr(cast.teacher, s);
      const main = teacherPage.locator('main');
      await expect(main.locator('h1')).toHaveText(t('Your application needs corrections'));
      await expect(teacherPage.getByTestId('review-reason')).toContainText(TEMPLATE.ar);
      await expect(teacherPage.getByTestId('review-reason')).toContainText(TEMPLATE.en);
      await main.getByLabel(t('ID card, front')).setInputFiles({ name: 'front-new.png', mimeType: 'image/png', buffer: PNG });
      await main.getByRole('button', { name: t('Send for review again') }).click();
      await expect(main.locator('h1')).toHaveText(t('Your account is under review'));
    }

    // The queue now lists the resubmission after the other application, with the previous reason.
    await reviewerPage
      .getByRole('navigation')
      .getByRole('link', { name: r('Review queue') })
      .click();
    await search();
    const rows = review.locator('tbody tr');
    await expect(rows.first()).toContainText(newer.phone);
    await expect(rows.nth(1)).toContainText(older.phone);
    await expect(rows.nth(1).locator('.console-badge')).toHaveText(r('Resubmitted'));
    await expect(rows.nth(1)).toContainText(TEMPLATE.ar);
    await rows.nth(1).getByRole('link').click();
    await expect(review.locator('.console-history')).toContainText(who('reviewer'));
    await review.getByRole('button', { name: r('Approve'), exact: true }).click();
    await expect(review.locator('.console-status')).toHaveText(r('Approved, terms not yet accepted', 'teacher status'));

    // The teacher's open page moves to the terms by itself, without a reload.
    await expect(teacherPage).toHaveURL(/\/trams-teacher$/);
    await expect(teacherPage.locator('main h1')).toHaveText(tr(cast.teacher, 'Teacher terms'));
    expect(await teacherPage.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);
    return id;
  }
}

test.describe('operators console', () => {
  // About 40 s of CPU for the whole flow; a loaded two-core machine stretches that (up to 2 min seen).
  test.setTimeout(180_000);

  (FULL ? test.skip : test)(
    'reviewer (ar) enrols, rejects, approves; teacher (ar, phone) follows live; support (en) credits; admin (en) audits',
    async ({ browser, baseURL }) => {
      await theFlow(browser, baseURL!, { admin: 'en', reviewer: 'ar', support: 'en', teacher: 'ar' });
    },
  );

  for (const locale of LOCALES) {
    (FULL ? test : test.skip)(`the whole flow in one language (${locale})`, async ({ browser, baseURL }) => {
      await theFlow(browser, baseURL!, { admin: locale, reviewer: locale, support: locale, teacher: locale });
    });
  }
});
