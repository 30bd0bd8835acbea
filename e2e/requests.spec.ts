// Requests end to end, two browser contexts against the real server: a fresh student books
// through the API; the teacher sees it on /requests and approves; the student's open page turns to
// approved without a reload and leads to the session details (timeline, join closed until its window).
// An urgent broadcast reaches two teachers and only the first approval counts (the other's page
// updates live, and its late approval is refused). Cancelling asks first and returns the hours, which
// /packages shows. After a finished session the family rates it once; the teacher writes a Quran
// report that the parent reads on the details and on the child's progress page.
//
// Setup through the API: demo teachers 6 and 7 (English, preparatory) get working hours round the
// clock so bookings work whenever the suite runs; the student is new (own balance and free trial)
// and buys the Starter package through the sandbox checkout.
import { expect, test, type APIRequestContext, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { tr, type Locale } from './support/catalog';
import { cellContext, cellName, inCell, PHONE_AND_DESK, type Cell } from './support/matrix';
import { expectNoViolations } from './support/axe';
import { open, preferences } from './support/app';
import { bearer, hoursOf, json, newStudent } from './support/api';

test.describe.configure({ mode: 'serial' });

const PASSWORD = 'Noor1234';
const TEACHER_PHONES = ['+97455100006', '+97455100007'] as const;
const HOUR = 3_600_000;

interface Teacher {
  id: number;
  token: string;
}
interface World {
  teachers: [Teacher, Teacher];
  subjectId: number;
  phaseId: number;
  student: { token: string; phone: string };
}

const auth = bearer;

async function teacherLogin(request: APIRequestContext, phone: string): Promise<Teacher> {
  const data = await json<{ token: string; id?: number }>(
    await request.post('/api/v1/instructor/auth/login', { data: { login: phone, password: PASSWORD } }),
    'teacher login',
  );
  const id =
    data.id ?? (await json<{ id: number }>(await request.get('/api/v1/profile', { headers: auth(data.token) }), 'teacher profile')).id;
  // Open all week, so urgent and scheduled bookings work whatever time the suite runs.
  const hours = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start_time: '00:00', end_time: '23:59' }));
  await json(await request.patch('/api/v1/profile', { headers: auth(data.token), data: { working_hours: hours } }), 'working hours');
  return { id, token: data.token };
}

async function book(request: APIRequestContext, world: World, body: Record<string, unknown>): Promise<number> {
  const res = await request.post('/api/v1/requests', {
    headers: auth(world.student.token),
    data: { teacher_id: world.teachers[1].id, subject_id: world.subjectId, duration_hours: 2, broadcast: false, ...body },
  });
  return (await json<{ id: number }>(res, 'book')).id;
}

/**
 * A scheduled start `hoursAhead` from now, on the hour. A retry reruns the whole serial file against
 * the same server, where the first run's two-hour bookings still hold their times: a retry books two
 * hours later (the scheduled test's start stays inside the 6-hour cancel cutoff it checks).
 */
function startIn(hoursAhead: number): string {
  const t = new Date(Date.now() + (hoursAhead + test.info().retry * 2) * HOUR);
  t.setUTCMinutes(0, 0, 0);
  return t.toISOString();
}

async function contextFor(
  browser: Browser,
  baseURL: string,
  token: string,
  teacher: boolean,
  locale: Locale,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext();
  await context.addCookies([
    { name: 'ng-token', value: token, url: baseURL },
    ...(teacher ? [{ name: 'is_teacher', value: 'true', url: baseURL }] : []),
  ]);
  const page = await context.newPage();
  await preferences(page, { locale });
  return { context, page };
}

const card = (page: Page, id: number) => page.getByTestId(`request-${id}`);
const statusOf = (page: Page, id: number) => card(page, id).locator('.request-status');

let world: World;

test.beforeAll(async ({ request }) => {
  const teachers = (await Promise.all(TEACHER_PHONES.map((p) => teacherLogin(request, p)))) as [Teacher, Teacher];
  const details = await Promise.all(
    teachers.map(async (t) =>
      json<{ subjects: Array<{ id: number }>; phases: Array<{ id: number }> }>(await request.get(`/api/v1/teachers/${t.id}`), 'teacher'),
    ),
  );
  const [a, b] = details;
  const subjectId = a!.subjects.map((s) => s.id).find((id) => b!.subjects.some((s) => s.id === id));
  const phaseId = a!.phases.map((p) => p.id).find((id) => b!.phases.some((p) => p.id === id));
  expect(subjectId, 'a subject both teachers teach').toBeTruthy();
  expect(phaseId, 'a phase both teachers teach').toBeTruthy();
  world = {
    teachers,
    subjectId: subjectId!,
    phaseId: phaseId!,
    student: await newStudent(request, { phaseId: phaseId!, firstName: 'ريم', lastName: 'الطالبة', buy: true }),
  };
});

test('scheduled: the teacher approves, the student sees it without reload and opens the session details', async ({
  browser,
  baseURL,
  request,
}) => {
  const locale: Locale = 'en';
  const id = await book(request, world, { type: 'schedule', starts_at: startIn(3), comment: 'Reading practice' });
  const student = await contextFor(browser, baseURL!, world.student.token, false, locale);
  const teacher = await contextFor(browser, baseURL!, world.teachers[1].token, true, locale);
  try {
    await open(student.page, '/requests');
    await expect(statusOf(student.page, id)).toHaveText(new RegExp(tr(locale, 'Pending')));
    // The student may cancel, never approve.
    await expect(card(student.page, id).locator('[data-action="approve"]')).toHaveCount(0);
    await expect(card(student.page, id).locator('[data-action="cancel"]')).toBeVisible();

    await open(teacher.page, '/requests?filter=new');
    await expect(teacher.page.getByRole('tab', { selected: true })).toHaveAttribute('id', 'request-tab-new');
    await card(teacher.page, id).locator('[data-action="approve"]').click();
    // Approved is no longer new: it leaves this tab and shows under All.
    await expect(card(teacher.page, id)).toHaveCount(0);
    await teacher.page.locator('#request-tab-all').click();
    await expect(teacher.page).toHaveURL(/\/requests\/?$/);
    await expect(statusOf(teacher.page, id)).toHaveText(new RegExp(tr(locale, 'Approved')));

    // The student's page, still open, follows over the private channel.
    await expect(statusOf(student.page, id)).toHaveText(new RegExp(tr(locale, 'Approved')), { timeout: 10_000 });
    await card(student.page, id)
      .getByRole('link', { name: new RegExp(tr(locale, 'Session details')) })
      .click();
    await expect(student.page).toHaveURL(new RegExp(`/session-details/${id}$`));
    await expect(student.page.locator('main h1')).toContainText(tr(locale, 'Session details'));
    await expect(student.page.getByText('Reading practice')).toBeVisible();
    const current = student.page.locator('[data-testid="timeline"] [aria-current="step"]');
    await expect(current).toHaveAttribute('data-status', 'approved');
    // Three hours ahead is inside the 6-hour cutoff: the machine offers no cancel and no new time, only
    // join, finish, and its teacher's early end.
    await expect(student.page.locator('[data-testid="timeline"] [data-event]')).toHaveCount(3);
    await expect(student.page.locator('[data-testid="timeline"] [data-event="end"]')).toHaveCount(1);
    await expect(student.page.locator('[data-testid="timeline"] [data-event="cancel"]')).toHaveCount(0);
    await expect(student.page.locator('main [data-action="cancel"]')).toHaveCount(0);
    // Three hours ahead: the join button waits for its window.
    await expect(student.page.getByTestId('join-session')).toBeDisabled();
  } finally {
    await student.context.close();
    await teacher.context.close();
  }
});

test('urgent broadcast: both teachers are offered it, the first approval wins and the other is refused', async ({
  browser,
  baseURL,
  request,
}) => {
  const locale: Locale = 'ar';
  const [first, second] = world.teachers;
  const a = await contextFor(browser, baseURL!, first.token, true, locale);
  const b = await contextFor(browser, baseURL!, second.token, true, locale);
  try {
    await open(a.page, '/requests');
    await open(b.page, '/requests');
    const id = await book(request, world, { type: 'urgent', teacher_id: first.id, duration_hours: 1, broadcast: true });
    // Both open pages learn of it live (request.offered).
    await expect(card(a.page, id).locator('[data-action="approve"]')).toBeVisible({ timeout: 10_000 });
    await expect(card(b.page, id).locator('[data-action="approve"]')).toBeVisible({ timeout: 10_000 });
    await expect(card(b.page, id)).toContainText(
      tr(locale, 'Offered to you and other teachers of the same level: the first to approve takes it.'),
    );

    await card(b.page, id).locator('[data-action="approve"]').click();
    await expect(statusOf(b.page, id)).toHaveText(new RegExp(tr(locale, 'Approved')));
    // The other teacher's page drops the offer's buttons without a reload…
    await expect(card(a.page, id).locator('[data-action="approve"]')).toHaveCount(0, { timeout: 10_000 });
    // …and a late approval is refused: exactly one approval counts.
    const late = await request.post(`/api/v1/requests/${id}/approve`, { headers: auth(first.token) });
    expect([404, 409]).toContain(late.status());
    const detail = await json<{ status: string; teacher: { id: number } }>(
      await request.get(`/api/v1/requests/${id}`, { headers: auth(world.student.token) }),
      'detail',
    );
    expect(detail).toMatchObject({ status: 'approved', teacher: { id: second.id } });
  } finally {
    await a.context.close();
    await b.context.close();
  }
});

test('cancel asks first, says the hours come back, and /packages shows them returned', async ({ browser, baseURL, request }) => {
  const locale: Locale = 'en';
  const before = await hoursOf(request, world.student.token);
  const id = await book(request, world, { type: 'schedule', starts_at: startIn(8), duration_hours: 2 });
  expect(await hoursOf(request, world.student.token)).toBe(before - 2);
  const student = await contextFor(browser, baseURL!, world.student.token, false, locale);
  try {
    await open(student.page, `/requests/all/all/${id}`);
    const opened = student.page.getByRole('region', { name: tr(locale, 'The request you opened') }).getByTestId(`request-${id}`);
    await expect(opened).toHaveAttribute('aria-current', 'true');
    await opened.locator('[data-action="cancel"]').click();
    const dialog = student.page.getByRole('dialog');
    await expect(dialog).toContainText('The 2 hours of this session will be returned to your balance.');
    await dialog.getByRole('button', { name: tr(locale, 'Yes, cancel it') }).click();
    await expect(opened.locator('.request-status')).toHaveText(new RegExp(tr(locale, 'Canceled')));

    await open(student.page, '/packages');
    await expect(student.page.getByTestId('balance-hours')).toHaveAttribute('data-hours', String(before));
  } finally {
    await student.context.close();
  }
});

for (const [index, [locale, theme]] of (
  [
    ['ar', 'dark'],
    ['en', 'light'],
  ] as const
).entries()) {
  test(`accessibility (${locale}, ${theme}): the requests list, the cancel dialog and the session details pass axe`, async ({
    browser,
    baseURL,
    request,
  }) => {
    // Three axe scans and three screens: over the default 30 s on a busy two-core machine.
    test.setTimeout(90_000);
    const id = await book(request, world, { type: 'schedule', starts_at: startIn(10 + index), duration_hours: 1, comment: 'axe' });
    const context = await browser.newContext();
    await context.addCookies([{ name: 'ng-token', value: world.student.token, url: baseURL! }]);
    const page = await context.newPage();
    await preferences(page, { locale, theme });
    try {
      const axe = (what: string) => expectNoViolations(page, `${what} (${locale}, ${theme})`);
      await open(page, `/requests/all/all/${id}`);
      await expect(card(page, id).first()).toBeVisible();
      await axe('/requests');
      await card(page, id).first().locator('[data-action="cancel"]').click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await axe('cancel dialog');
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await open(page, `/session-details/${id}`);
      await expect(page.getByTestId('timeline')).toBeVisible();
      await axe('/session-details');
    } finally {
      await context.close();
      // The hour goes back to the student's balance for the tests after this one.
      await request.post(`/api/v1/requests/${id}/cancel`, { headers: auth(world.student.token) });
    }
  });
}

test('after a finished session the student rates once, and the rating reaches the teacher card', async ({ browser, baseURL, request }) => {
  const locale: Locale = 'en';
  const teacher = world.teachers[0];
  type Card = { rating: { average: number; count: number }; evaluations: Array<{ rating: number; comment: string | null }> };
  const before = await json<Card>(await request.get(`/api/v1/teachers/${teacher.id}`), 'teacher card');
  const id = await book(request, world, { type: 'urgent', teacher_id: teacher.id, duration_hours: 1 });
  await json(await request.post(`/api/v1/requests/${id}/approve`, { headers: auth(teacher.token) }), 'approve');
  const { channel_name: channel } = await json<{ channel_name: string }>(
    await request.get(`/api/v1/requests/${id}`, { headers: auth(world.student.token) }),
    'detail',
  );
  // Test-only route of the e2e server (RTC_ADAPTER=fake): the session ends in a second.
  await json(
    await request.post(`/api/v1/sessions/${channel}/test/ends-in`, { headers: auth(world.student.token), data: { seconds: 1 } }),
    'ends-in',
  );
  await expect
    .poll(
      async () =>
        (await json<{ status: string }>(await request.get(`/api/v1/requests/${id}`, { headers: auth(world.student.token) }), 'detail'))
          .status,
    )
    .toBe('finished');

  const student = await contextFor(browser, baseURL!, world.student.token, false, locale);
  try {
    await open(student.page, `/session-details/${id}`);
    const stars = student.page.getByRole('group', { name: tr(locale, 'How was the session?') });
    await stars.getByRole('radio', { name: '5 stars' }).check();
    await student.page.getByRole('textbox', { name: tr(locale, 'Comment (optional)') }).fill('Clear and patient, thank you');
    await student.page.getByRole('button', { name: tr(locale, 'Send rating') }).click();
    await expect(student.page.getByTestId('rating-given')).toContainText('5 stars out of 5');
    // Once: after a reload the rating is shown and the form is gone; the server refuses a second one.
    await student.page.reload();
    await expect(student.page.getByTestId('rating-given')).toBeVisible();
    await expect(student.page.getByRole('group', { name: tr(locale, 'How was the session?') })).toHaveCount(0);
    const again = await request.post(`/api/v1/requests/${id}/evaluation`, { headers: auth(world.student.token), data: { rating: 1 } });
    expect(again.status()).toBe(409);
  } finally {
    await student.context.close();
  }

  const after = await json<Card>(await request.get(`/api/v1/teachers/${teacher.id}`), 'teacher card');
  expect(after.rating.count).toBe(before.rating.count + 1);
  expect(after.evaluations[0]).toMatchObject({ rating: 5, comment: 'Clear and patient, thank you' });
});

// The teacher at a desk writes the report; the parent reads it in the flow's cell: in Arabic on a phone
// in `npm test` (CI's budget), in English on a desktop too under `npm run test:e2e:full`.
const SURAH_112: Record<Locale, string> = { ar: 'الإخلاص', en: 'Al-Ikhlas' };
async function quranReport(cell: Cell, browser: Browser, baseURL: string, request: APIRequestContext) {
  const { locale } = cell;
  const teacher = world.teachers[0];
  // A family of its own: the hours of the file's student are spent by the tests above.
  const family = await newStudent(request, { phaseId: world.phaseId, firstName: 'سارة', lastName: 'المري', buy: true });
  const id = await book(request, { ...world, student: family }, { type: 'urgent', teacher_id: teacher.id, duration_hours: 1 });
  await json(await request.post(`/api/v1/requests/${id}/approve`, { headers: auth(teacher.token) }), 'approve');
  const read = async () =>
    json<{ status: string; channel_name: string; child: { id: number } | null }>(
      await request.get(`/api/v1/requests/${id}`, { headers: auth(family.token) }),
      'detail',
    );
  // Test-only route of the e2e server (RTC_ADAPTER=fake): the session ends in a second.
  await json(
    await request.post(`/api/v1/sessions/${(await read()).channel_name}/test/ends-in`, {
      headers: auth(family.token),
      data: { seconds: 1 },
    }),
    'ends-in',
  );
  await expect.poll(async () => (await read()).status).toBe('finished');
  const childId = (await read()).child?.id;
  expect(childId, "the lesson is for the family's child").toBeTruthy();

  const desk = await contextFor(browser, baseURL, teacher.token, true, locale);
  try {
    const page = desk.page;
    await open(page, `/session-details/${id}`);
    const report = page.getByTestId('lesson-report');
    await report.getByLabel(tr(locale, 'What was covered')).fill('سورة الإخلاص حفظًا');
    await report.getByRole('button', { name: tr(locale, 'Add verses') }).click();
    const entry = report.getByTestId('report-entry-0');
    await entry.getByLabel(tr(locale, 'Surah')).selectOption('112');
    await entry.getByLabel(tr(locale, 'From verse')).fill('1');
    await entry.getByLabel(tr(locale, 'To verse')).fill('4');
    await entry.getByLabel(tr(locale, 'Kind')).selectOption('memorised');
    await entry.getByLabel(tr(locale, 'Grade')).selectOption('excellent');
    await report.getByRole('button', { name: tr(locale, 'Save the report') }).click();
    await expect(report.getByTestId('report-quran')).toContainText(SURAH_112[locale]);
  } finally {
    await desk.context.close();
  }

  const context = await browser.newContext(cellContext(cell));
  await context.addCookies([{ name: 'ng-token', value: family.token, url: baseURL }]);
  const page = await context.newPage();
  await preferences(page, { locale });
  try {
    await open(page, `/session-details/${id}`);
    await expect(page.getByTestId('report-covered')).toHaveText('سورة الإخلاص حفظًا');
    await expect(page.getByTestId('report-quran')).toContainText(SURAH_112[locale]);
    await page.getByTestId(`progress-link-${childId}`).click();
    await expect(page).toHaveURL(new RegExp(`/children/${childId}/progress$`));
    await expect(page.getByTestId('surah-112')).toHaveAttribute('data-memorised', '4');
    await expect(page.getByTestId('progress-figures')).toBeVisible();
  } finally {
    await context.close();
  }
}

for (const cell of PHONE_AND_DESK) {
  inCell(cell)(
    `${cellName(cell)}: the teacher writes a Quran report for a finished session; the parent reads it on the details and the child's progress`,
    async ({ browser, baseURL, request }) => {
      // Two browsers, a booking and a purchase: over the default 30 s on a busy two-core machine.
      test.setTimeout(60_000);
      await quranReport(cell, browser, baseURL!, request);
    },
  );
}
