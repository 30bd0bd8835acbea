// Booking-form steps shared by the specs that book through the UI.
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { tr, type Locale } from './catalog';

/** Clicks a free time some way down the calendar (runs and specs then rarely pick the same one). */
export async function pickSlot(page: Page, among?: ReadonlySet<string>): Promise<string> {
  // Start times only: "now" (an urgent request) is a cell too.
  const all = page.getByRole('grid').getByRole('gridcell').and(page.locator('[data-slot]:not([data-slot="now"])'));
  await expect(all.first()).toBeVisible();
  // Only the times another page shows too, when asked (two viewers' weeks end at different instants).
  const slots = among ? all.and(page.locator([...among].map((slot) => `[data-slot="${slot}"]`).join(', '))) : all;
  const count = await slots.count();
  const cell = slots.nth(Math.min(count - 1, 24 + Math.floor(Math.random() * Math.max(1, count - 24))));
  await cell.click();
  await expect(cell).toHaveAttribute('aria-selected', 'true');
  return (await cell.getAttribute('data-slot'))!;
}

const TEACHER_PHONE = '+97455100001'; // فاطمة الكعبي: demo teacher available all day

export interface TeacherInfo {
  id: number;
  first_name: string;
  phases: Array<{ id: number }>;
}

export async function demoTeacher(request: APIRequestContext): Promise<TeacherInfo> {
  const list = await request.get(`/api/v1/teachers?search=${encodeURIComponent('فاطمة')}`, { headers: { 'Accept-Language': 'ar' } });
  const body = (await list.json()) as { data: TeacherInfo[] };
  const teacher = body.data[0];
  expect(teacher, `the demo teacher ${TEACHER_PHONE} is listed`).toBeTruthy();
  return teacher!;
}

/** The guided steps: subject and duration with "Next", up to the calendar. */
export async function toCalendar(page: Page, locale: Locale, duration = '1') {
  await page.getByRole('combobox', { name: tr(locale, 'Subject') }).selectOption({ index: 1 });
  await page.getByRole('button', { name: tr(locale, 'Next') }).click();
  await page.getByRole('combobox', { name: tr(locale, 'Duration') }).selectOption(duration);
  await page.getByRole('button', { name: tr(locale, 'Next') }).click();
}
