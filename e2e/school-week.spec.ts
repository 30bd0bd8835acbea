// Lessons that fit a school week, in the browser against the real server, each flow in Arabic on a
// phone and in English on a desktop: a parent moves a pending request to another free time (the new
// time shown with its zone named); proposes a new time for an approved session, which the teacher
// accepts while the parent's page follows without a reload; a teacher cancels an approved session with
// a reason and the family's balance comes back, with a notification that says why; a weekly series of
// 4 is booked, its first lesson moved earlier, the rest cancelled, the balance read after each step; a
// teacher blocks a day, the booking calendar stops offering it and the teacher's calendar shows it.
//
// Full run only (`npm run test:e2e:full`): `npm test` lists these as skipped (CI's time budget).
// Every test has a teacher of its own (signed up, reviewed through the admin CLI, open round the
// clock) and a new family, so the tests run side by side and no other spec's calendar is touched.
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { zonePlace } from '../contract/zone-names';
import { preferences, toasts } from './support/app';
import { admin, bearer, json, newPhone, newStudent, registerTeacher } from './support/api';
import { tr, type Locale } from './support/catalog';
import { cellContext, cellName, FULL, PHONE_AND_DESK, type Cell } from './support/matrix';
import { send, toReview, trPlural } from './support/money';

const HOUR = 3_600_000;
const BALANCE = '{hours, plural, one {# hour remaining} other {# hours remaining}}';
const LESSONS_BOOKED = '{0, plural, one {# lesson will be booked.} other {# lessons will be booked.}}';
const allDay = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start_time: '00:00', end_time: '23:59' }));

interface Scene {
  teacher: { id: number; token: string };
  subjectId: number;
  family: { token: string; phone: string };
}

let counter = 0;

/** A teacher of this test's own: signed up, approved by the reviewer CLI, terms accepted, open all week. */
async function scene(request: APIRequestContext, buy = true): Promise<Scene> {
  const phone = newPhone();
  const token = await registerTeacher(request, {
    phone,
    email: `week.${Date.now().toString(36)}.${process.pid}.${++counter}@example.com`,
    password: 'Teacher123',
  });
  expect(await admin('teachers:approve', phone)).toContain('in_review → policy');
  await json(await request.post('/api/v1/instructor/update/status', { headers: bearer(token) }), 'accept the terms');
  await json(await request.patch('/api/v1/profile', { headers: bearer(token), data: { working_hours: allDay } }), 'working hours');
  const { id } = await json<{ id: number }>(await request.get('/api/v1/profile', { headers: bearer(token) }), 'teacher profile');
  const card = await json<{ subjects: Array<{ id: number }>; phases: Array<{ id: number }> }>(
    await request.get(`/api/v1/teachers/${id}`),
    'teacher card',
  );
  const family = await newStudent(request, { phaseId: card.phases[0]!.id, firstName: 'ليان', lastName: 'الأسبوع', buy });
  return { teacher: { id, token }, subjectId: card.subjects[0]!.id, family };
}

/**
 * Navigates and waits for the app's page heading, as `open` in e2e/support/app.ts does, with the longer
 * waits these pages need when the server under test shares two cores with the rest of the suite.
 */
async function open(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await expect(page.getByTestId('boot-spinner')).toHaveCount(0, { timeout: 20_000 });
  await expect(page.locator('main h1').first()).toBeVisible({ timeout: 20_000 });
  await expect(page.locator('#root[data-mounted]')).toHaveCount(1, { timeout: 20_000 });
}

/** A change the server makes and the page then tells (a toast, a new time): slow under load. */
const SERVER = { timeout: 20_000 };

/** A scheduled start `hoursAhead` from now, on the hour. */
function startIn(hoursAhead: number): string {
  const t = new Date(Date.now() + hoursAhead * HOUR);
  t.setUTCMinutes(0, 0, 0);
  return t.toISOString();
}

async function book(request: APIRequestContext, s: Scene, startsAt: string, hours: number): Promise<number> {
  const res = await request.post('/api/v1/requests', {
    headers: bearer(s.family.token),
    data: { teacher_id: s.teacher.id, subject_id: s.subjectId, type: 'schedule', starts_at: startsAt, duration_hours: hours },
  });
  return (await json<{ id: number }>(res, 'book')).id;
}

async function approve(request: APIRequestContext, s: Scene, id: number): Promise<void> {
  await json(await request.post(`/api/v1/requests/${id}/approve`, { headers: bearer(s.teacher.token) }), 'approve');
}

/** A signed-in page in the cell's locale and window (a phone with touch, or a desk). */
async function pageFor(browser: Browser, baseURL: string, cell: Cell, token: string, teacher = false, timezoneId = 'Asia/Qatar') {
  const context = await browser.newContext({ ...cellContext(cell), timezoneId });
  await context.addCookies([
    { name: 'ng-token', value: token, url: baseURL },
    ...(teacher ? [{ name: 'is_teacher', value: 'true', url: baseURL }] : []),
  ]);
  const page = await context.newPage();
  await preferences(page, { locale: cell.locale });
  return page;
}

/** The family's balance as /packages shows it. */
async function expectBalance(page: Page, locale: Locale, hours: number): Promise<void> {
  await open(page, '/packages');
  const figure = page.getByTestId('balance-hours');
  await expect(figure).toHaveText(trPlural(locale, BALANCE, hours));
  await expect(figure).toHaveAttribute('data-hours', String(hours));
}

/** The start the session details show, as an instant. */
async function shownStart(page: Page): Promise<number> {
  return Date.parse((await page.getByTestId('session-time').locator('time').first().getAttribute('datetime')) ?? '');
}

/** In the open move / propose dialog: clicks a free time `pick` chooses among the offered ones; answers it. */
async function chooseInDialog(page: Page, pick: (slots: string[]) => string | undefined): Promise<string> {
  const dialog = page.getByRole('dialog');
  const cells = dialog.locator('[role="grid"] [role="gridcell"][data-slot]');
  await expect(cells.first()).toBeVisible({ timeout: 20_000 });
  const slot = pick(await cells.evaluateAll((els) => els.map((el) => el.getAttribute('data-slot') ?? '')));
  expect(slot, 'a free time to move to').toBeTruthy();
  const cell = dialog.locator(`[data-slot="${slot}"]`);
  await cell.click();
  await expect(cell).toHaveAttribute('aria-selected', 'true');
  return slot!;
}

/** Some way down the offered times, so the new one is clearly another day or hour. */
const someLater = (slots: string[]) => slots[Math.min(slots.length - 1, 12 + Math.floor(Math.random() * 12))];

/** The zone as the app names it: "London time" / «بتوقيت لندن». */
const zoneName = (locale: Locale, zone: string) => tr(locale, '{place} time').replace('{place}', zonePlace(zone, locale));

/** A plain date in `zone`, `days` after today there. */
function dayIn(zone: string, days: number): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(Date.now() + days * 24 * HOUR),
  );
}

/** The free starts the booking calendar offers on `day` (the teacher's zone). */
async function offeredOn(page: Page, day: string, zone: string): Promise<number> {
  const cells = page.locator('[role="grid"] [role="gridcell"][data-slot]:not([data-slot="now"])');
  await expect(cells.first()).toBeVisible({ timeout: 20_000 });
  const slots = await cells.evaluateAll((els) => els.map((el) => el.getAttribute('data-slot') ?? ''));
  const dayOf = new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' });
  return slots.filter((iso) => dayOf.format(new Date(iso)) === day).length;
}

/**
 * The teacher's page up to the booking calendar: subject, one hour, then the free times. Coming back,
 * the form is as the family left it (on the calendar); a full load reads the free times again.
 */
async function toCalendar(page: Page, locale: Locale, teacherId: number) {
  await open(page, `/teachers/${teacherId}`);
  const subject = page.getByRole('combobox', { name: tr(locale, 'Subject') });
  const grid = page.getByRole('grid');
  await expect(subject.or(grid).first()).toBeVisible(SERVER);
  if (await grid.isVisible()) return;
  const next = page.getByRole('button', { name: tr(locale, 'Next'), exact: true });
  await subject.selectOption({ index: 1 });
  await next.click();
  await page.getByRole('combobox', { name: tr(locale, 'Duration') }).selectOption('1');
  await next.click();
}

const fullOnly = FULL ? test : test.skip;

// No step waits for ever: a missing control fails with its name.
test.use({ actionTimeout: 30_000 });

for (const cell of PHONE_AND_DESK) {
  const { locale } = cell;
  test.describe(`school week (${cellName(cell)})`, () => {
    // Sign-ups, the reviewer CLI, two browsers at times: over the default 30 s on a busy two-core machine.
    test.describe.configure({ timeout: 180_000 });

    fullOnly(
      'a parent moves a pending request to another free time; the new time is shown with its zone',
      async ({ browser, baseURL, request }) => {
        const s = await scene(request);
        const id = await book(request, s, startIn(30), 1);
        // A family in London: the details name its clock.
        const page = await pageFor(browser, baseURL!, cell, s.family.token, false, 'Europe/London');
        try {
          await open(page, `/session-details/${id}`);
          await expect(page.locator('main [data-status="pending"]').first()).toBeVisible();
          const before = await shownStart(page);
          await page.getByRole('button', { name: tr(locale, 'Move to another time'), exact: true }).click();
          const dialog = page.getByRole('dialog', { name: tr(locale, 'Move to another time') });
          const chosen = await chooseInDialog(page, someLater);
          await expect(dialog.locator('.slot-chosen')).toContainText(zoneName(locale, 'Europe/London'));
          await dialog.getByRole('button', { name: tr(locale, 'Move the request'), exact: true }).click();
          await expect(dialog).toHaveCount(0, SERVER);
          await expect(toasts(page, 'success').last()).toContainText(
            tr(locale, 'The request was moved. The teacher has been told.'),
            SERVER,
          );

          await expect.poll(() => shownStart(page), SERVER).toBe(Date.parse(chosen));
          expect(Date.parse(chosen)).not.toBe(before);
          const time = page.getByTestId('session-time');
          // The date line is short: the viewer's clock, named once (the teacher's zone is not repeated there).
          await expect(time).toContainText(zoneName(locale, 'Europe/London'));
          await expect(time).not.toContainText(zoneName(locale, 'Asia/Qatar'));
          // Still waiting for the teacher, and the same after a reload (the server holds the new time).
          await page.reload();
          await expect(page.locator('main [data-status="pending"]').first()).toBeVisible();
          await expect.poll(() => shownStart(page), SERVER).toBe(Date.parse(chosen));
        } finally {
          await page.context().close();
        }
      },
    );

    fullOnly(
      'a parent proposes a new time for an approved session; the teacher accepts and the parent sees it live',
      async ({ browser, baseURL, request }) => {
        const s = await scene(request);
        const id = await book(request, s, startIn(30), 1);
        await approve(request, s, id);
        const parent = await pageFor(browser, baseURL!, cell, s.family.token);
        const teacher = await pageFor(browser, baseURL!, cell, s.teacher.token, true);
        try {
          await open(parent, `/session-details/${id}`);
          const before = await shownStart(parent);
          await parent.getByRole('button', { name: tr(locale, 'Propose another time'), exact: true }).click();
          const dialog = parent.getByRole('dialog', { name: tr(locale, 'Propose another time') });
          const chosen = await chooseInDialog(parent, someLater);
          await dialog.getByRole('button', { name: tr(locale, 'Send the proposal'), exact: true }).click();
          await expect(dialog).toHaveCount(0, SERVER);
          const mine = parent.getByRole('region', { name: tr(locale, 'Your proposed time') });
          await expect(mine).toBeVisible(SERVER);
          // The session keeps its time until the teacher answers.
          expect(await shownStart(parent)).toBe(before);
          // A mark on the parent's document: still there at the end means no reload happened.
          await parent.evaluate(() => ((window as unknown as { e2eStay: boolean }).e2eStay = true));

          await open(teacher, `/session-details/${id}`);
          const offer = teacher.getByRole('region', { name: tr(locale, 'A new time is proposed') });
          const proposed = offer.getByTestId('proposal-time').locator('time');
          await expect(proposed).toHaveAttribute('datetime', /.+/);
          expect(Date.parse((await proposed.getAttribute('datetime'))!)).toBe(Date.parse(chosen));
          await offer.getByRole('button', { name: tr(locale, 'Accept the new time'), exact: true }).click();
          await expect(toasts(teacher, 'success').last()).toContainText(tr(locale, 'The session was moved to the new time.'), SERVER);
          await expect.poll(() => shownStart(teacher), SERVER).toBe(Date.parse(chosen));

          // The parent's open page follows over the realtime channel.
          await expect.poll(() => shownStart(parent), SERVER).toBe(Date.parse(chosen));
          await expect(mine).toHaveCount(0, SERVER);
          await expect(parent.locator('main [data-status="approved"]').first()).toBeVisible();
          expect(await parent.evaluate(() => (window as unknown as { e2eStay?: boolean }).e2eStay)).toBe(true);
        } finally {
          await parent.context().close();
          await teacher.context().close();
        }
      },
    );

    fullOnly(
      'a teacher cancels an approved session with a reason; the family gets the hours back and reads why',
      async ({ browser, baseURL, request }) => {
        const s = await scene(request);
        // Two hours: more than the free trial covers, so the package's hours pay for it.
        const id = await book(request, s, startIn(30), 2);
        await approve(request, s, id);
        const parent = await pageFor(browser, baseURL!, cell, s.family.token);
        const teacher = await pageFor(browser, baseURL!, cell, s.teacher.token, true);
        try {
          await expectBalance(parent, locale, 2);

          await open(teacher, `/session-details/${id}`);
          await teacher.getByRole('button', { name: tr(locale, 'Cancel this session'), exact: true }).click();
          const dialog = teacher.getByRole('dialog', { name: tr(locale, 'Cancel this session?') });
          const confirm = dialog.getByRole('button', { name: tr(locale, 'Yes, cancel the session'), exact: true });
          // A reason is required: the family will read it.
          await confirm.click();
          await expect(dialog).toContainText(tr(locale, 'Please say why you are cancelling: the family will read it.'));
          const reason = tr(locale, 'I am ill and cannot teach at this time.');
          await dialog.getByRole('button', { name: reason, exact: true }).click();
          await expect(dialog.getByRole('textbox', { name: tr(locale, 'Your reason for the family') })).toHaveValue(reason);
          await confirm.click();
          await expect(dialog).toHaveCount(0, SERVER);
          await expect(teacher.getByRole('region', { name: tr(locale, 'You cancelled this session') })).toBeVisible(SERVER);

          await expectBalance(parent, locale, 4);
          await open(parent, '/notifications');
          const notice = parent.getByRole('listitem').filter({ hasText: reason });
          await expect(notice).toHaveCount(1);
          await expect(notice.getByRole('link', { name: tr(locale, 'Book another teacher') })).toBeVisible();
          await open(parent, `/session-details/${id}`);
          const panel = parent.getByRole('region', { name: tr(locale, 'The teacher cancelled this session') });
          await expect(panel.getByTestId('teacher-cancel-reason')).toHaveText(reason);
          await expect(panel).toContainText(tr(locale, 'Every hour of it went back to your balance.'));
        } finally {
          await parent.context().close();
          await teacher.context().close();
        }
      },
    );

    fullOnly(
      'a weekly series of 4 is booked, its first lesson moved earlier, the rest cancelled; the balance after each',
      async ({ browser, baseURL, request }) => {
        const s = await scene(request);
        const page = await pageFor(browser, baseURL!, cell, s.family.token);
        try {
          await expectBalance(page, locale, 4);
          await toReview(page, locale, s.teacher.id, 1);
          await page.getByRole('checkbox', { name: tr(locale, 'Repeat every week at this time') }).check();
          await expect(page.getByRole('spinbutton', { name: tr(locale, 'Number of weeks') })).toHaveValue('4');
          await expect(page.getByTestId('series-weeks').locator('li[data-state="free"]')).toHaveCount(4, SERVER);
          const cost = page.getByTestId('series-cost');
          await expect(cost).toContainText(trPlural(locale, LESSONS_BOOKED, 4), SERVER);
          // The unused free trial pays for the first lesson; the package's hours for the other three.
          await expect(cost).toContainText(tr(locale, 'The first is your free trial.'));
          await send(page, locale);
          await expect(page.getByTestId('series-week')).toHaveText(
            tr(locale, 'Week {week} of {weeks}').replace('{week}', '1').replace('{weeks}', '4'),
          );
          const first = Number(new URL(page.url()).pathname.split('/').pop());
          await expectBalance(page, locale, 1);

          // This week's lesson moves to later today (the child is free earlier than planned).
          await open(page, `/session-details/${first}`);
          await page.getByRole('button', { name: tr(locale, 'Move to another time'), exact: true }).click();
          const soon = await chooseInDialog(page, (slots) =>
            slots.find((iso) => Date.parse(iso) >= Date.now() + 1.5 * HOUR && Date.parse(iso) <= Date.now() + 5 * HOUR),
          );
          await page
            .getByRole('dialog')
            .getByRole('button', { name: tr(locale, 'Move the request'), exact: true })
            .click();
          await expect(page.getByRole('dialog')).toHaveCount(0, SERVER);
          await expect.poll(() => shownStart(page), SERVER).toBe(Date.parse(soon));
          await expectBalance(page, locale, 1);

          // The teacher takes the moved lesson; it now starts within the 6-hour cut-off and stays.
          await approve(request, s, first);
          await open(page, `/session-details/${first}`);
          await expect(page.locator('main [data-status="approved"]').first()).toBeVisible();
          await page.getByRole('button', { name: tr(locale, 'Cancel the rest of the series'), exact: true }).click();
          const dialog = page.getByRole('dialog', { name: tr(locale, 'Cancel the rest of the series?') });
          await dialog.getByRole('button', { name: tr(locale, 'Yes, cancel the rest'), exact: true }).click();
          await expect(toasts(page, 'success').last()).toContainText(
            tr(locale, 'The rest of the series was canceled; lessons starting within 6 hours stay booked.'),
            SERVER,
          );
          await expect(page.locator('main [data-status="approved"]').first()).toBeVisible();
          // Weeks 2 to 4 came back: the three hours they took.
          await expectBalance(page, locale, 4);
        } finally {
          await page.context().close();
        }
      },
    );

    fullOnly(
      "a teacher blocks a day: the booking calendar stops offering it and the teacher's calendar shows it",
      async ({ browser, baseURL, request }) => {
        const s = await scene(request, false);
        const { time_zone: zone } = await json<{ time_zone: string }>(
          await request.get(`/api/v1/teachers/${s.teacher.id}/availability?days=14&duration=1`),
          'availability',
        );
        const day = dayIn(zone, 1);
        const parent = await pageFor(browser, baseURL!, cell, s.family.token);
        const teacher = await pageFor(browser, baseURL!, cell, s.teacher.token, true);
        try {
          await toCalendar(parent, locale, s.teacher.id);
          expect(await offeredOn(parent, day, zone), `free times on ${day} before the time off`).toBeGreaterThan(0);

          await open(teacher, '/profile');
          const section = teacher.getByRole('region', { name: tr(locale, 'Time off'), exact: true });
          await section.getByLabel(tr(locale, 'First day')).fill(day);
          await section.getByLabel(tr(locale, 'Last day')).fill(day);
          await section.getByRole('button', { name: tr(locale, 'Add time off'), exact: true }).click();
          const dayName = new Intl.DateTimeFormat(locale, {
            weekday: 'long',
            day: 'numeric',
            month: 'long',
            year: 'numeric',
            timeZone: 'UTC',
          }).format(new Date(`${day}T12:00:00Z`));
          await expect(section.getByRole('list', { name: tr(locale, 'Your time off') })).toContainText(dayName, SERVER);

          // A family opening the booking calendar now is not offered that day; the days around it stay.
          await toCalendar(parent, locale, s.teacher.id);
          expect(await offeredOn(parent, dayIn(zone, 2), zone), 'the next day is still offered').toBeGreaterThan(0);
          expect(await offeredOn(parent, day, zone), `free times on ${day} after the time off`).toBe(0);

          // The teacher's own calendar marks the day.
          await open(teacher, `/calendar?week=${day}`);
          if (cell.phone) {
            const away = teacher
              .getByRole('region', { name: new RegExp(tr(locale, 'Time off')) })
              .filter({ hasText: tr(locale, 'You are away.') });
            await expect(away).toHaveCount(1);
          } else {
            await expect(teacher.getByRole('columnheader', { name: new RegExp(`${tr(locale, 'Time off')}$`) })).toHaveCount(1);
          }
        } finally {
          await parent.context().close();
          await teacher.context().close();
        }
      },
    );
  });
}
