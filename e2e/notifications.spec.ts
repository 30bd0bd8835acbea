// Notifications end to end (issue 8), two parties against the real server: a fresh student (who buys
// hours through the sandbox checkout — itself a notification) books a session through the API; the
// teacher approves it through the API; the student's open page shows the bell's count go up without a
// reload; the notification opens the session details and is marked read; "mark all as read" clears
// the badge. Arabic (the default, right to left) and English.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { tr, type Locale } from './support/catalog';
import { open, preferences } from './support/app';

test.describe.configure({ mode: 'serial' });

const PASSWORD = 'Noor1234';
const TEACHER_PHONE = '+97455100005';
const HOUR = 3_600_000;

const auth = (token: string) => ({ Authorization: `Bearer ${token}`, 'Accept-Language': 'en' });

async function json<T>(res: { ok(): boolean; text(): Promise<string>; json(): Promise<unknown> }, what: string): Promise<T> {
  expect(res.ok(), `${what}: ${await res.text()}`).toBe(true);
  return ((await res.json()) as { data: T }).data;
}

let serial = 0;
function newPhone(): string {
  serial += 1;
  const tail = `${(Date.now() + serial * 7919 + process.pid * 104729 + 3) % 10_000_000}`.padStart(7, '0');
  return `+9745${tail}`;
}

async function latestCode(request: APIRequestContext, phone: string): Promise<string> {
  let code = '';
  await expect
    .poll(async () => {
      const body = (await (await request.get(`/api/v1/dev/outbox?phone=${encodeURIComponent(phone)}`)).json()) as { data?: unknown };
      const latest = Array.isArray(body.data) ? body.data[0] : undefined;
      code = JSON.stringify(latest ?? '').match(/\b(\d{6})\b/)?.[1] ?? '';
      return code;
    })
    .toMatch(/^\d{6}$/);
  return code;
}

interface World {
  teacher: { id: number; token: string };
  subjectId: number;
  phaseId: number;
}

async function teacherWorld(request: APIRequestContext): Promise<World> {
  const login = await json<{ token: string; id?: number }>(
    await request.post('/api/v1/instructor/auth/login', { data: { login: TEACHER_PHONE, password: PASSWORD } }),
    'teacher login',
  );
  const id = login.id ?? (await json<{ id: number }>(await request.get('/api/v1/profile', { headers: auth(login.token) }), 'profile')).id;
  const hours = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start_time: '00:00', end_time: '23:59' }));
  await json(await request.patch('/api/v1/profile', { headers: auth(login.token), data: { working_hours: hours } }), 'working hours');
  const detail = await json<{ subjects: Array<{ id: number }>; phases: Array<{ id: number }> }>(await request.get(`/api/v1/teachers/${id}`), 'teacher');
  return { teacher: { id, token: login.token }, subjectId: detail.subjects[0]!.id, phaseId: detail.phases[0]!.id };
}

/** A new student with the Starter package bought through the sandbox (one payment notification). */
async function newStudent(request: APIRequestContext, phaseId: number): Promise<string> {
  const phone = newPhone();
  const registered = await request.post('/api/v1/auth/register', {
    data: { type: 'student', first_name: 'مريم', last_name: 'السليطي', phone: phone.slice(4), country_code: 'QA', gender: 'female', phase_id: phaseId },
  });
  expect(registered.ok(), await registered.text()).toBe(true);
  const { token } = await json<{ token: string }>(await request.post('/api/v1/verify-otp', { data: { phone, code: await latestCode(request, phone) } }), 'verify');
  const packages = await json<Array<{ id: number; hours: number }>>(await request.get('/api/v1/packages'), 'packages');
  const order = await json<{ checkout_url: string }>(
    await request.post('/api/v1/orders', { headers: auth(token), data: { package_id: packages.find((p) => p.hours === 4)?.id } }),
    'order',
  );
  const paid = await request.post(new URL(order.checkout_url, 'http://x').pathname, {
    form: { card_number: '4242 4242 4242 4242', expiry: '12/39', cvc: '123', name: 'Test', lang: 'en' },
    maxRedirects: 0,
  });
  expect(paid.status(), await paid.text()).toBeLessThan(400);
  return token;
}

function bellName(locale: Locale, count: number): string {
  return count === 0 ? tr(locale, 'Notifications, none unread') : tr(locale, 'Notifications, {count} unread').replace('{count}', String(count));
}
const bell = (page: Page) => page.getByTestId('notification-bell');

let world: World;
test.beforeAll(async ({ request }) => {
  world = await teacherWorld(request);
});

for (const [index, locale] of (['ar', 'en'] as const).entries()) {
  test(`${locale}: an approval reaches the student's bell live, opens the session details, is marked read; mark all read clears the badge`, async ({ page, baseURL, request }) => {
    const token = await newStudent(request, world.phaseId);
    await page.context().addCookies([{ name: 'ng-token', value: token, url: baseURL! }]);
    await preferences(page, { locale });

    // The bell's subscription to the student's private channel, as the browser sees it.
    const subscribed = page.waitForEvent('websocket').then((ws) =>
      ws.waitForEvent('framereceived', { predicate: (f) => /subscription_succeeded/.test(String(f.payload)) && /private-user-\d+/.test(String(f.payload)) }),
    );
    await open(page, '/profile');
    // The payment already told the student.
    await expect(bell(page)).toHaveAccessibleName(bellName(locale, 1));
    await subscribed;

    // The student books; the teacher approves — both through the API, while the page stays open.
    // Each locale's session at its own time: the teacher has one approved already.
    const startsAt = new Date(Date.now() + (5 + 3 * index) * HOUR);
    startsAt.setUTCMinutes(0, 0, 0);
    const requestId = (
      await json<{ id: number }>(
        await request.post('/api/v1/requests', {
          headers: auth(token),
          data: { teacher_id: world.teacher.id, subject_id: world.subjectId, type: 'schedule', starts_at: startsAt.toISOString(), duration_hours: 1, broadcast: false },
        }),
        'book',
      )
    ).id;
    await json(await request.post(`/api/v1/requests/${requestId}/approve`, { headers: auth(world.teacher.token) }), 'approve');

    // No reload: the count arrives over the student's private channel.
    await expect(bell(page)).toHaveAccessibleName(bellName(locale, 2), { timeout: 10_000 });
    await expect(page.getByTestId('notification-badge')).toHaveText('2');

    await bell(page).click();
    await expect(page).toHaveURL(/\/notifications$/);
    await expect(page.locator('main h1')).toHaveText(tr(locale, 'Notifications'));
    const items = page.locator('.notification-item');
    await expect(items).toHaveCount(2);
    const newest = items.first();
    await expect(newest).toHaveAttribute('data-unread', 'true');
    await expect(newest.getByRole('link')).toHaveAttribute('href', `/session-details/${requestId}`);

    await newest.getByRole('link').click();
    await expect(page).toHaveURL(new RegExp(`/session-details/${requestId}$`));
    await expect(page.locator('main h1')).toContainText(tr(locale, 'Session details'));
    // Opened, so read: one left (the payment).
    await expect(bell(page)).toHaveAccessibleName(bellName(locale, 1));

    await bell(page).click();
    await expect(items.first()).toHaveAttribute('data-unread', 'false');
    await expect(items.nth(1)).toHaveAttribute('data-unread', 'true');
    await page.getByRole('button', { name: tr(locale, 'Mark all as read') }).click();
    await expect(bell(page)).toHaveAccessibleName(bellName(locale, 0));
    await expect(page.getByTestId('notification-badge')).toHaveCount(0);
    await expect(items.nth(1)).toHaveAttribute('data-unread', 'false');

    // Stored on the server: a reload shows the same.
    await page.reload();
    await expect(bell(page)).toHaveAccessibleName(bellName(locale, 0));
  });
}

for (const theme of ['light', 'dark'] as const) {
  test(`the bell and the notifications screen (read and unread items) have no WCAG 2.1 AA violations (ar, ${theme})`, async ({ page, baseURL, request }) => {
    const token = await newStudent(request, world.phaseId);
    await page.context().addCookies([{ name: 'ng-token', value: token, url: baseURL! }]);
    await page.emulateMedia({ colorScheme: theme });
    await preferences(page, { locale: 'ar', theme });
    await open(page, '/notifications');
    const items = page.locator('.notification-item');
    await expect(items).toHaveCount(1);
    await expect(items.first()).toHaveAttribute('data-unread', 'true');
    await expect(bell(page)).toHaveAccessibleName(bellName('ar', 1));
    await page.evaluate(() => document.fonts.ready);
    const scan = async () => (await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze()).violations;
    expect(await scan()).toEqual([]);
    await page.getByRole('button', { name: tr('ar', 'Mark all as read') }).click();
    await expect(items.first()).toHaveAttribute('data-unread', 'false');
    expect(await scan()).toEqual([]);
  });
}
