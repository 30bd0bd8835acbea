// The booking's steps and the browser, against the real server (full run only: `npm test` keeps its
// time): the browser's Back walks back through the steps with everything kept, a reload keeps the
// step, Forward walks on, and Back from the first step leaves the page. Offline while sending: the
// page says nothing was sent and keeps the review as it was; once connected, the same send goes through.
import { expect, test } from '@playwright/test';
import { demoTeacher, pickSlot, toCalendar, type TeacherInfo } from './support/booking';
import { open, preferences, toasts } from './support/app';
import { newStudent } from './support/api';

test.skip(!process.env.E2E_FULL, 'full run only (E2E_FULL=1): the whole suite must not grow');

let teacher: TeacherInfo;
test.beforeAll(async ({ request }) => {
  teacher = await demoTeacher(request);
});

test('en: Back walks the booking steps, a reload keeps the step, Back from the first step leaves the page', async ({
  page,
  baseURL,
  request,
}) => {
  const token = (await newStudent(request, { phaseId: teacher.phases[0]!.id, buy: true })).token;
  await page.context().addCookies([{ name: 'ng-token', value: token, url: baseURL! }]);
  await preferences(page, { locale: 'en' });
  await open(page, '/teachers');
  await open(page, `/teachers/${teacher.id}`);
  const step = (name: string) => expect(page.getByRole('heading', { name, exact: true })).toBeVisible();

  await toCalendar(page, 'en', '2');
  const slot = await pickSlot(page);
  await page.getByRole('button', { name: 'Next' }).click();
  await step('Check and send');

  await page.goBack();
  await step('When?');
  await expect(page.locator(`[data-slot="${slot}"]`)).toHaveAttribute('aria-selected', 'true');
  await page.goBack();
  await step('How long?');
  await expect(page.getByRole('combobox', { name: 'Duration' })).toHaveValue('2');

  await page.reload();
  await step('How long?');
  await page.goForward();
  await step('When?');
  await page.goBack();
  await step('How long?');
  await page.goBack();
  await step('Which subject?');
  await page.goBack();
  await expect(page).toHaveURL(/\/teachers$/);
});

test('en: offline while sending says nothing was sent and keeps the review; connected again, it goes through', async ({
  page,
  context,
  baseURL,
  request,
}) => {
  const token = (await newStudent(request, { phaseId: teacher.phases[0]!.id, buy: true })).token;
  await context.addCookies([{ name: 'ng-token', value: token, url: baseURL! }]);
  await preferences(page, { locale: 'en' });
  await open(page, `/teachers/${teacher.id}`);
  await toCalendar(page, 'en');
  await pickSlot(page);
  await page.getByRole('button', { name: 'Next' }).click();
  const comment = page.getByRole('textbox', { name: 'Comment' });
  await comment.fill('Surat Al-Mulk');

  await context.setOffline(true);
  await page.getByRole('button', { name: 'Send the request' }).click();
  const warning = toasts(page, 'warn');
  await expect(warning).toContainText('You are offline: nothing was sent');
  await expect(comment).toHaveValue('Surat Al-Mulk');
  await expect(page).toHaveURL(new RegExp(`/teachers/${teacher.id}$`));

  await context.setOffline(false);
  await page.getByRole('button', { name: 'Send the request' }).click();
  await expect(page).toHaveURL(/\/session-details\/\d+$/);
  await expect(page.locator('[data-status="pending"]').first()).toBeVisible();
});
