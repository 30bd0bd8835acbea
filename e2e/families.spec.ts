// A family with two children, end to end against the real server: the parent (signed up with the
// first child) adds a second child through POST v1/children, books one scheduled lesson for each with
// the booking's child picker, and the requests list names each lesson's child on its card. In Arabic,
// on a phone (390×844).
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { tr, type Locale } from './support/catalog';
import { open, preferences } from './support/app';
import { addChild, newStudent } from './support/api';

test.use({ viewport: { width: 390, height: 844 } });

interface TeacherInfo {
  id: number;
  phases: Array<{ id: number }>;
}

/** فاطمة الكعبي, the demo teacher available all day. */
async function demoTeacher(request: APIRequestContext): Promise<TeacherInfo> {
  const list = await request.get(`/api/v1/teachers?search=${encodeURIComponent('فاطمة')}`, { headers: { 'Accept-Language': 'ar' } });
  const teacher = ((await list.json()) as { data: TeacherInfo[] }).data[0];
  expect(teacher, 'the demo teacher is listed').toBeTruthy();
  return teacher!;
}

/** Books one scheduled hour with the teacher for the child named `firstName`; answers the request's id. */
async function bookFor(page: Page, locale: Locale, teacherId: number, firstName: string): Promise<number> {
  await open(page, `/teachers/${teacherId}`);
  const next = page.getByRole('button', { name: tr(locale, 'Next') });
  // The child is the first question when the family has more than one.
  await page.getByRole('radiogroup', { name: tr(locale, 'Your child') }).getByRole('radio', { name: firstName }).check();
  await next.click();
  await page.getByRole('combobox', { name: tr(locale, 'Subject') }).selectOption({ index: 1 });
  await next.click();
  await page.getByRole('combobox', { name: tr(locale, 'Duration') }).selectOption('1');
  await next.click();
  // A start some way down the calendar, so the two bookings (and other specs) rarely meet.
  const slots = page.getByRole('grid').getByRole('gridcell').and(page.locator('[data-slot]:not([data-slot="now"])'));
  await expect(slots.first()).toBeVisible();
  const count = await slots.count();
  const cell = slots.nth(Math.min(count - 1, 24 + Math.floor(Math.random() * Math.max(1, count - 24))));
  await cell.click();
  await expect(cell).toHaveAttribute('aria-selected', 'true');
  await next.click();
  await page.getByRole('button', { name: tr(locale, 'Send the request') }).click();
  await expect(page).toHaveURL(/\/session-details\/\d+$/);
  return Number(new URL(page.url()).pathname.split('/').pop());
}

test('ar, phone: a parent books a lesson for each of two children and each card names its child', async ({ page, baseURL, request }) => {
  const locale: Locale = 'ar';
  const teacher = await demoTeacher(request);
  const phaseId = teacher.phases[0]!.id;
  const { token } = await newStudent(request, { phaseId, firstName: 'مريم', lastName: 'السليطي', buy: true });
  await addChild(request, token, { firstName: 'علي', lastName: 'السليطي', phaseId });
  await page.context().addCookies([{ name: 'ng-token', value: token, url: baseURL! }]);
  await preferences(page, { locale });

  const forMaryam = await bookFor(page, locale, teacher.id, 'مريم');
  await expect(page.getByTestId('session-child')).toHaveText('مريم السليطي');
  const forAli = await bookFor(page, locale, teacher.id, 'علي');
  await expect(page.getByTestId('session-child')).toHaveText('علي السليطي');

  await open(page, '/requests');
  await expect(page.getByTestId(`request-${forMaryam}-child`)).toHaveText('مريم السليطي');
  await expect(page.getByTestId(`request-${forAli}-child`)).toHaveText('علي السليطي');
  await expect(page.getByTestId(`request-${forAli}`)).toContainText(tr(locale, 'For'));

  // The filter by child shows one child's lessons only.
  await page.getByRole('combobox', { name: tr(locale, 'Child') }).selectOption({ label: 'علي السليطي' });
  await expect(page).toHaveURL(/child=\d+/);
  await expect(page.getByTestId(`request-${forMaryam}`)).toHaveCount(0);
  await expect(page.getByTestId(`request-${forAli}`)).toBeVisible();
});
