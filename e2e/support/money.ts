// Money steps of e2e/packages.spec.ts: a demo teacher no other spec books (so his calendar is this
// spec's alone) open round the clock, a booking made through the guided form up to its review, the
// review's price line, a plural message of the catalogs as a reader sees it, and the balance the
// server holds.
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { bearer, json, openTeacher, type OpenTeacher } from './api';
import { tr, type Locale } from './catalog';
import { open } from './app';

/** أحمد الحداد (mathematics, preparatory and secondary): no other spec signs in as him or books him. */
const TEACHER_PHONE = '+97455100004';

export type MoneyTeacher = OpenTeacher;

/** Signs the teacher in and opens his week round the clock, so bookings work whenever the suite runs. */
export const moneyTeacher = (request: APIRequestContext): Promise<MoneyTeacher> => openTeacher(request, TEACHER_PHONE);

/** The balance as the server holds it: hours left and whether the free trial is still unused. */
export async function balanceOf(request: APIRequestContext, token: string) {
  const b = await json<{ hours_remaining: number; free_trial_available: boolean }>(
    await request.get('/api/v1/balance', { headers: bearer(token) }),
    'balance',
  );
  return { hours: b.hours_remaining, trial: b.free_trial_available };
}

/**
 * A plural message of the catalog for `n`, as Lingui renders it: the `=n` branch, else the locale's
 * plural category (Arabic has six), with `#` as the number.
 */
export function trPlural(locale: Locale, source: string, n: number): string {
  const icu = tr(locale, source);
  const branches = new Map([...icu.matchAll(/(=\d+|zero|one|two|few|many|other) \{([^{}]*)\}/g)].map((m) => [m[1]!, m[2]!]));
  const branch = branches.get(`=${n}`) ?? branches.get(new Intl.PluralRules(locale).select(n)) ?? branches.get('other')!;
  return branch.replace('#', new Intl.NumberFormat(locale).format(n));
}

const HOURS_LEFT =
  '{left, plural, =0 {Paid from your hours; none left after it.} one {Paid from your hours; # hour left after it.} other {Paid from your hours; # hours left after it.}}';

/** The review's price line for each way the booking rule (contract/booking-cost.ts) can go. */
export const priceLine = {
  trial: (locale: Locale) => tr(locale, 'Your free trial covers this session; your hours stay as they are.'),
  hours: (locale: Locale, left: number) => trPlural(locale, HOURS_LEFT, left),
  short: (locale: Locale) => tr(locale, 'Your hours do not cover this session.'),
};

/** Clicks a free start between 07:00 and 17:00 in Qatar (04:00–14:00 UTC): no booking runs into the end of the teacher's day. */
async function pickMidDay(page: Page) {
  // Plain CSS over the calendar's cells: role queries over some 700 of them cost seconds.
  const cells = page.locator('[role="grid"] [role="gridcell"][data-slot]:not([data-slot="now"])');
  // The free times are computed by the server; under a loaded CI machine that can take a while.
  await expect(cells.first()).toBeVisible({ timeout: 20_000 });
  const slots = (await cells.evaluateAll((els) => els.map((el) => el.getAttribute('data-slot') ?? ''))).filter((iso) => {
    const hour = new Date(iso).getUTCHours();
    return hour >= 4 && hour < 14;
  });
  expect(slots.length, 'free mid-day times on the calendar').toBeGreaterThan(0);
  const cell = page.locator(`[data-slot="${slots[Math.floor(Math.random() * slots.length)]}"]`);
  await cell.click();
  await expect(cell).toHaveAttribute('aria-selected', 'true');
}

/** The teacher's page, subject, `hours`, a free time, up to the review. */
export async function toReview(page: Page, locale: Locale, teacherId: number, hours: 1 | 2 | 3) {
  await open(page, `/teachers/${teacherId}`);
  const next = page.getByRole('button', { name: tr(locale, 'Next'), exact: true });
  await page.getByRole('combobox', { name: tr(locale, 'Subject') }).selectOption({ index: 1 });
  await next.click();
  await page.getByRole('combobox', { name: tr(locale, 'Duration') }).selectOption(String(hours));
  await next.click();
  await pickMidDay(page);
  await next.click();
  return page.locator('.booking-review');
}

/** On the review: back to the duration, another one, and forward to the review again (same time). */
export async function changeDuration(page: Page, locale: Locale, hours: 1 | 2) {
  const next = page.getByRole('button', { name: tr(locale, 'Next'), exact: true });
  await page.getByRole('button', { name: tr(locale, 'Change: {label}').replace('{label}', tr(locale, 'Duration')) }).click();
  await page.getByRole('combobox', { name: tr(locale, 'Duration') }).selectOption(String(hours));
  await next.click();
  await next.click();
}

/** Sends the reviewed request and waits for its session details. */
export async function send(page: Page, locale: Locale) {
  await page.getByRole('button', { name: tr(locale, 'Send the request'), exact: true }).click();
  await expect(page).toHaveURL(/\/session-details\/\d+$/);
}
