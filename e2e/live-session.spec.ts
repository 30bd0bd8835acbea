// The live video session end to end: Chromium with fake camera and microphone, the real
// server started by scripts/e2e.mjs with RTC_ADAPTER=fake (the test-only relay instead of Agora), two
// browser contexts. A new student books an urgent one-hour session (free trial) with a demo teacher,
// who approves it; the test-only route makes it end 45 seconds from now. Both join and see each
// other's network-quality labels, the student drops off the network and comes back, the session ends
// on time by itself and the request is finished; leaving asks first, and joining again works. A user
// who is not a participant is refused a token. The family's end screen continues the lesson: it rates
// in place and books the same time next week, in Arabic on a phone (inside the long walk) and, in the
// full run, in English on a desktop (a session of its own the family sits through alone).
import { expect, test, type APIRequestContext, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { tr } from './support/catalog';
import { preferences } from './support/app';
import { bearer, json, newStudent } from './support/api';
import { AR_PHONE, cellContext, cellName, EN_DESKTOP, inCell, type Cell } from './support/matrix';

test.describe.configure({ mode: 'serial' });
// Fake media devices for this spec (playwright.config.ts also passes them to every spec).
test.use({
  launchOptions: {
    ...(process.env.E2E_CHROMIUM_PATH ? { executablePath: process.env.E2E_CHROMIUM_PATH } : {}),
    args: [
      ...(process.env.E2E_CHROMIUM_ARGS ? (JSON.parse(process.env.E2E_CHROMIUM_ARGS) as string[]) : []),
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
    ],
  },
});

const PASSWORD = 'Noor1234';
const TEACHER_PHONE = '+97455100008';
// Long enough for everything before the end (13 s on a quiet machine, the join included) with room
// for a loaded one; the test then waits for the real end.
const SESSION_SECONDS = 45;

const auth = bearer;

interface Booked {
  channel: string;
  requestId: number;
  student: string;
  teacher: string;
}
interface World extends Booked {
  stranger: string;
}

/**
 * A new family (with bought hours, for the booking of next week) books an urgent hour with the demo
 * teacher, who approves it; the test-only route then makes it end `seconds` from now.
 */
async function setUp(request: APIRequestContext, seconds: number): Promise<Booked & { phaseId: number }> {
  const login = await json<{ token: string; id?: number }>(
    await request.post('/api/v1/instructor/auth/login', { data: { login: TEACHER_PHONE, password: PASSWORD } }),
    'teacher login',
  );
  const teacher = login.token;
  const profile = await json<{ id: number; subjects: Array<{ id: number }>; phases: Array<{ id: number }> }>(
    await request.get('/api/v1/profile', { headers: auth(teacher) }),
    'teacher profile',
  );
  // Open all week, so the urgent booking works whatever time the suite runs.
  const hours = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start_time: '00:00', end_time: '23:59' }));
  await json(await request.patch('/api/v1/profile', { headers: auth(teacher), data: { working_hours: hours } }), 'working hours');
  const phaseId = profile.phases[0]!.id;
  const student = (await newStudent(request, { phaseId, firstName: 'سالم', lastName: 'الطالب', gender: 'male', buy: true })).token;
  const booked = await json<{ id: number }>(
    await request.post('/api/v1/requests', {
      headers: auth(student),
      data: { teacher_id: profile.id, subject_id: profile.subjects[0]!.id, type: 'urgent', duration_hours: 1, broadcast: false },
    }),
    'book',
  );
  await json(await request.post(`/api/v1/requests/${booked.id}/approve`, { headers: auth(teacher) }), 'approve');
  const detail = await json<{ channel_name: string | null; status: string }>(
    await request.get(`/api/v1/requests/${booked.id}`, { headers: auth(student) }),
    'detail',
  );
  expect(detail.status).toBe('approved');
  expect(detail.channel_name).toMatch(/[0-9a-f]{32}$/);
  const channel = detail.channel_name!;
  // Test-only (RTC_ADAPTER=fake): the session now ends in under a minute.
  await json(await request.post(`/api/v1/sessions/${channel}/test/ends-in`, { headers: auth(student), data: { seconds } }), 'ends-in');
  return { channel, requestId: booked.id, student, teacher, phaseId };
}

async function contextFor(browser: Browser, baseURL: string, token: string, teacher: boolean, cell: Cell, quality: number) {
  const context: BrowserContext = await browser.newContext({ permissions: ['camera', 'microphone'], ...cellContext(cell) });
  await context.addCookies([
    { name: 'ng-token', value: token, url: baseURL },
    ...(teacher ? [{ name: 'is_teacher', value: 'true', url: baseURL }] : []),
  ]);
  const page: Page = await context.newPage();
  await preferences(page, { locale: cell.locale });
  // The fake adapter reports this network quality (0–6) for this browser.
  await page.addInitScript((q) => localStorage.setItem('noor-fake-rtc-quality', String(q)), quality);
  return { context, page };
}

/**
 * The family's end screen continues the lesson: what was taught, the rating given in place (once),
 * then "book the same time next week" opens the teacher's booking on its review with that time (or the
 * nearest free one), and sending it books one week on. The session details keep the rating.
 */
async function continueFromTheEnd(page: Page, cell: Cell, booked: Booked, request: APIRequestContext) {
  const { locale } = cell;
  const before = await json<{ starts_at: string; teacher: { id: number }; subject: { id: number } }>(
    await request.get(`/api/v1/requests/${booked.requestId}`, { headers: auth(booked.student) }),
    'detail',
  );
  await expect(page.getByTestId('ended-summary')).toBeVisible();
  const stars = page.getByRole('group', { name: tr(locale, 'How was the session?') });
  // The star's name is a plural message ("5 stars", «5 نجوم»): picked by its value.
  await stars.locator('.rating-star-input[value="5"]').check();
  await page.getByRole('textbox', { name: tr(locale, 'Comment (optional)') }).fill('شكرًا، حصة ممتعة');
  await page.getByRole('button', { name: tr(locale, 'Send rating') }).click();
  await expect(page.getByTestId('rating-given')).toBeVisible();
  await expect(stars).toHaveCount(0);

  const next = page.getByTestId('book-next-week');
  await expect(next).toHaveText(tr(locale, 'Book the same time next week'));
  await next.click();
  await expect(page).toHaveURL(new RegExp(`/teachers/${before.teacher.id}$`));
  await expect(page.locator('.booking-review')).toBeVisible();
  await page.getByRole('button', { name: tr(locale, 'Send the request') }).click();
  await expect(page).toHaveURL(/\/session-details\/\d+$/);
  const nextId = Number(/(\d+)$/.exec(page.url())![1]);
  expect(nextId).not.toBe(booked.requestId);
  const booking = await json<{ starts_at: string; teacher: { id: number }; subject: { id: number }; status: string }>(
    await request.get(`/api/v1/requests/${nextId}`, { headers: auth(booked.student) }),
    'next week',
  );
  expect(booking).toMatchObject({ status: 'pending', teacher: { id: before.teacher.id }, subject: { id: before.subject.id } });
  // The same time a week on, or the nearest free start after it (the calendar's starts are on the half hour).
  const week = Date.parse(before.starts_at) + 7 * 24 * 3_600_000;
  expect(Date.parse(booking.starts_at)).toBeGreaterThanOrEqual(week - 30 * 60_000);
  expect(Date.parse(booking.starts_at)).toBeLessThan(week + 3 * 3_600_000);

  await page.goto(`/session-details/${booked.requestId}`);
  await expect(page.getByTestId('rating-given')).toBeVisible();
}

let world: World;

test.beforeAll(async ({ request }) => {
  const booked = await setUp(request, SESSION_SECONDS);
  const stranger = (await newStudent(request, { phaseId: booked.phaseId, firstName: 'غريب', lastName: 'الطالب', gender: 'male' })).token;
  world = { ...booked, stranger };
});

test('a user who is not a participant is refused a token, on the API and on the screen', async ({ request, browser, baseURL }) => {
  const res = await request.post(`/api/v1/sessions/${world.channel}/token`, { headers: auth(world.stranger) });
  expect(res.status()).toBe(403);
  expect(((await res.json()) as { message: string }).message).toBe('This session is not yours, so you cannot join it');
  const unknown = await request.post(`/api/v1/sessions/${'0'.repeat(32)}/token`, { headers: auth(world.stranger) });
  expect(unknown.status()).toBe(404);

  const { context, page } = await contextFor(browser, baseURL!, world.stranger, false, AR_PHONE, 1);
  await page.goto(`/session/${world.channel}`);
  await expect(page.getByRole('heading', { name: tr('ar', 'You cannot join this session now') })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('session-refusal')).toHaveText('هذه الحصة ليست لك، فلا يمكنك الانضمام إليها');
  await context.close();
});

test('both join and see each other, one drops and comes back, and the session ends on time', async ({ browser, baseURL, request }) => {
  test.setTimeout(SESSION_SECONDS * 1000 + 60_000);
  // The family in Arabic on a phone, the teacher in English at a desk.
  const student = await contextFor(browser, baseURL!, world.student, false, AR_PHONE, 1);
  const teacher = await contextFor(browser, baseURL!, world.teacher, true, EN_DESKTOP, 2);
  await student.page.goto(`/session/${world.channel}`);
  await teacher.page.goto(`/session/${world.channel}`);

  for (const { page } of [student, teacher]) {
    await expect(page.getByTestId('live-session')).toHaveAttribute('data-step', 'session', { timeout: 20_000 });
    await expect(page.getByTestId('peer-presence')).toHaveAttribute('data-present', 'true', { timeout: 15_000 });
    // Less than five minutes are left from the start: the warning shows, with the remaining time.
    await expect(page.getByTestId('end-warning')).toBeVisible();
    await expect(page.getByTestId('remaining-time')).toHaveText(/^0[01]:\d\d$/);
  }
  // On the phone the call has the screen: no site header; at the desk the header stays. The family's
  // screen names the teacher on the other tile.
  await expect(student.page.getByTestId('site-header')).toBeHidden();
  await expect(teacher.page.getByTestId('site-header')).toBeVisible();
  const teacherName = (
    await json<{ first_name: string }>(await request.get('/api/v1/profile', { headers: auth(world.teacher) }), 'profile')
  ).first_name;
  await expect(student.page.getByTestId('peer-presence')).toHaveText(teacherName);
  // Each sees its own quality and the other's, as the spec labels them, in its language.
  await expect(student.page.getByTestId('self-quality')).toHaveText(tr('ar', 'Excellent', 'network quality'));
  await expect(student.page.getByTestId('peer-quality')).toHaveText(tr('ar', 'Good', 'network quality'));
  await expect(teacher.page.getByTestId('self-quality')).toHaveText('Good');
  await expect(teacher.page.getByTestId('peer-quality')).toHaveText('Excellent');

  // The microphone toggle says its state.
  const mic = teacher.page.getByRole('button', { name: 'Mute microphone' });
  await mic.click();
  await expect(teacher.page.getByRole('button', { name: 'Unmute microphone' })).toHaveAttribute('aria-pressed', 'true');

  // The student loses the network: a reconnecting banner there; the teacher sees the student gone.
  await student.context.setOffline(true);
  await expect(student.page.getByTestId('reconnecting')).toBeVisible({ timeout: 10_000 });
  await expect(student.page.getByTestId('self-quality')).toHaveText(tr('ar', 'Disconnected'));
  await expect(teacher.page.getByTestId('peer-presence')).toHaveAttribute('data-present', 'false', { timeout: 10_000 });
  await expect(teacher.page.getByTestId('peer-quality')).toHaveText('Disconnected');
  await expect(teacher.page.getByText('Waiting for the student to join…')).toBeVisible();
  // Back within the 30 seconds: the call goes on.
  await student.context.setOffline(false);
  await expect(student.page.getByTestId('reconnecting')).toHaveCount(0, { timeout: 10_000 });
  await expect(teacher.page.getByTestId('peer-presence')).toHaveAttribute('data-present', 'true', { timeout: 10_000 });
  await expect(student.page.getByTestId('live-session')).toHaveAttribute('data-step', 'session');

  // The teacher leaves: the dialog asks first (Escape keeps the call and gives the focus back), then
  // leaves; the student sees the teacher gone; joining again works inside the window.
  const leave = teacher.page.getByTestId('leave');
  await leave.focus();
  await teacher.page.keyboard.press('Enter');
  const dialog = teacher.page.getByRole('dialog', { name: 'Leave the session?' });
  await expect(dialog).toBeVisible();
  await teacher.page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(leave).toBeFocused();
  await leave.click();
  await teacher.page.getByTestId('confirm-leave').click();
  await expect(teacher.page.getByRole('heading', { name: 'You left the session' })).toBeVisible();
  await expect(student.page.getByTestId('peer-presence')).toHaveAttribute('data-present', 'false', { timeout: 10_000 });
  await teacher.page.getByRole('button', { name: 'Join again' }).click();
  await expect(teacher.page.getByTestId('peer-presence')).toHaveAttribute('data-present', 'true', { timeout: 15_000 });
  await expect(student.page.getByTestId('peer-presence')).toHaveAttribute('data-present', 'true', { timeout: 10_000 });

  // Time is up: both screens end by themselves and link to the session details.
  for (const [page, locale] of [
    [student.page, 'ar'],
    [teacher.page, 'en'],
  ] as const) {
    await expect(page.getByTestId('session-ended')).toBeVisible({ timeout: SESSION_SECONDS * 1000 + 10_000 });
    await expect(page.getByRole('heading', { name: tr(locale, 'The session has ended') })).toBeVisible();
    await expect(page.getByTestId('session-details-link')).toHaveAttribute('href', `/session-details/${world.requestId}`);
  }
  const detail = await json<{ status: string }>(
    await request.get(`/api/v1/requests/${world.requestId}`, { headers: auth(world.student) }),
    'detail',
  );
  expect(detail.status).toBe('finished');

  // Attendance: both joined; the student's drop is recorded.
  const attendance = await json<{ participants: Array<{ role: string; events: Array<{ type: string }> }> }>(
    await request.get(`/api/v1/sessions/${world.channel}/attendance`, { headers: auth(world.teacher) }),
    'attendance',
  );
  const studentEvents = attendance.participants.find((p) => p.role === 'student')!.events.map((e) => e.type);
  expect(studentEvents).toEqual(expect.arrayContaining(['joined', 'reconnecting', 'reconnected']));
  expect(attendance.participants.find((p) => p.role === 'teacher')!.events.map((e) => e.type)).toContain('joined');

  // The teacher's end screen leads to the report; the family's continues the lesson (in Arabic, on a phone).
  await expect(teacher.page.getByTestId('session-details-link')).toHaveText('Write the lesson report');
  await teacher.context.close();
  await continueFromTheEnd(student.page, AR_PHONE, world, request);
  await student.context.close();
});

// The same end in English on a desktop (the full run): the family alone in a session of its own.
const ALONE_SECONDS = 35;
inCell(EN_DESKTOP)(
  `${cellName(EN_DESKTOP)}: the family sits through a session to its end, rates it from the end screen and books the same time next week`,
  async ({ browser, baseURL, request }) => {
    test.setTimeout(ALONE_SECONDS * 1000 + 60_000);
    const booked = await setUp(request, ALONE_SECONDS);
    const { context, page } = await contextFor(browser, baseURL!, booked.student, false, EN_DESKTOP, 1);
    try {
      await page.goto(`/session/${booked.channel}`);
      await expect(page.getByTestId('live-session')).toHaveAttribute('data-step', 'session', { timeout: 20_000 });
      await expect(page.getByTestId('session-ended')).toBeVisible({ timeout: ALONE_SECONDS * 1000 + 10_000 });
      await expect(page.getByRole('heading', { name: tr('en', 'The session has ended') })).toBeVisible();
      await continueFromTheEnd(page, EN_DESKTOP, booked, request);
    } finally {
      await context.close();
    }
  },
);
