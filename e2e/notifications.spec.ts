// Notifications end to end, two parties against the real server: a fresh student (who buys
// hours through the sandbox checkout — itself a notification) books a session through the API; the
// teacher approves it through the API; the student's open page shows the bell's count go up without a
// reload; the notification opens the session details and is marked read; "mark all as read" clears
// the badge. Arabic (the default, right to left) and English.
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { LOCALES, tr, type Locale } from './support/catalog';
import { cellContext, cellName, inCell, PHONE_AND_DESK, type Cell } from './support/matrix';
import { expectNoViolations } from './support/axe';
import { open, preferences } from './support/app';
import { bearer, json, newStudent, openTeacher } from './support/api';

test.describe.configure({ mode: 'serial' });

const TEACHER_PHONE = '+97455100005';
const HOUR = 3_600_000;

const auth = bearer;

interface World {
  teacher: { id: number; token: string };
  subjectId: number;
  phaseId: number;
}

async function teacherWorld(request: APIRequestContext): Promise<World> {
  const { id, token, subjectId, phaseId } = await openTeacher(request, TEACHER_PHONE);
  return { teacher: { id, token }, subjectId, phaseId };
}

function bellName(locale: Locale, count: number): string {
  return count === 0
    ? tr(locale, 'Notifications, none unread')
    : tr(locale, 'Notifications, {count} unread').replace('{count}', String(count));
}
const bell = (page: Page) => page.getByTestId('notification-bell');

let world: World;
test.beforeAll(async ({ request }) => {
  world = await teacherWorld(request);
});

for (const [index, locale] of (['ar', 'en'] as const).entries()) {
  test(`${locale}: an approval reaches the student's bell live, opens the session details, is marked read; mark all read clears the badge`, async ({
    page,
    baseURL,
    request,
  }, testInfo) => {
    const token = (await newStudent(request, { phaseId: world.phaseId, buy: true })).token;
    await page.context().addCookies([{ name: 'ng-token', value: token, url: baseURL! }]);
    await preferences(page, { locale });

    // The bell's subscription to the student's private channel, as the browser sees it.
    const subscribed = page.waitForEvent('websocket').then((ws) =>
      ws.waitForEvent('framereceived', {
        predicate: (f) => /subscription_succeeded/.test(String(f.payload)) && /private-user-\d+/.test(String(f.payload)),
      }),
    );
    await open(page, '/profile');
    // The payment already told the student.
    await expect(bell(page)).toHaveAccessibleName(bellName(locale, 1));
    await subscribed;

    // The student books; the teacher approves — both through the API, while the page stays open.
    // Each locale's session, and each retry's, at its own time: the teacher keeps what an earlier try booked.
    const startsAt = new Date(Date.now() + (5 + 3 * index + 6 * testInfo.retry) * HOUR);
    startsAt.setUTCMinutes(0, 0, 0);
    const requestId = (
      await json<{ id: number }>(
        await request.post('/api/v1/requests', {
          headers: auth(token),
          data: {
            teacher_id: world.teacher.id,
            subject_id: world.subjectId,
            type: 'schedule',
            starts_at: startsAt.toISOString(),
            duration_hours: 1,
            broadcast: false,
          },
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
  test(`the bell and the notifications screen (read and unread items) have no WCAG 2.1 AA violations (ar, ${theme})`, async ({
    page,
    baseURL,
    request,
  }) => {
    const token = (await newStudent(request, { phaseId: world.phaseId, buy: true })).token;
    await page.context().addCookies([{ name: 'ng-token', value: token, url: baseURL! }]);
    await page.emulateMedia({ colorScheme: theme });
    await preferences(page, { locale: 'ar', theme });
    await open(page, '/notifications');
    const items = page.locator('.notification-item');
    await expect(items).toHaveCount(1);
    await expect(items.first()).toHaveAttribute('data-unread', 'true');
    await expect(bell(page)).toHaveAccessibleName(bellName('ar', 1));
    await expectNoViolations(page, 'notifications, one unread (ar)');
    await page.getByRole('button', { name: tr('ar', 'Mark all as read') }).click();
    await expect(items.first()).toHaveAttribute('data-unread', 'false');
    await expectNoViolations(page, 'notifications, all read (ar)');
  });
}

// Messages live, in the flow's cells (the family in Arabic on a phone in `npm test`, in English on a
// desktop too in the full run; the teacher at a desk in the same language): the teacher writes from an
// open conversation, the family's header counts it without a reload, the family reads it (the count goes
// back to zero) and answers, and the teacher's open conversation shows the answer without a reload.
async function messagesLive(cell: Cell, browser: Browser, baseURL: string, request: APIRequestContext, retry: number) {
  const { locale } = cell;
  const family = await newStudent(request, { phaseId: world.phaseId, buy: true });
  // Each cell's booking, and each retry's, at its own time: the teacher keeps what an earlier one booked.
  const startsAt = new Date(Date.now() + (30 + 3 * LOCALES.indexOf(locale) + 6 * retry) * HOUR);
  startsAt.setUTCMinutes(0, 0, 0);
  const booking = {
    teacher_id: world.teacher.id,
    subject_id: world.subjectId,
    type: 'schedule',
    starts_at: startsAt.toISOString(),
    duration_hours: 1,
    broadcast: false,
  };
  await json(await request.post('/api/v1/requests', { headers: auth(family.token), data: booking }), 'book');
  const conversation = await json<{ id: number }>(
    await request.post('/api/v1/conversations', { headers: auth(family.token), data: { teacher_id: world.teacher.id } }),
    'open',
  );

  const parent = await (await browser.newContext({ baseURL, ...cellContext(cell) })).newPage();
  const teacher = await (await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } })).newPage();
  for (const [page, token] of [
    [parent, family.token],
    [teacher, world.teacher.token],
  ] as const) {
    await page.context().addCookies([{ name: 'ng-token', value: token, url: baseURL }]);
    await preferences(page, { locale });
  }
  const messagesLink = parent.getByTestId('messages-link');
  const subscribed = parent
    .waitForEvent('websocket')
    .then((ws) => ws.waitForEvent('framereceived', { predicate: (f) => /subscription_succeeded/.test(String(f.payload)) }));
  await open(parent, '/profile');
  // The link and its count are loaded after sign-in (a lazy chunk): slow on a loaded machine.
  await expect(messagesLink).toHaveAccessibleName(tr(locale, 'Messages, none unread'), { timeout: 15_000 });
  await subscribed;

  await open(teacher, `/messages/${conversation.id}`);
  const composer = teacher.getByLabel(tr(locale, 'Your message'));
  await expect(composer).toBeFocused();
  await composer.fill('السلام عليكم، واجب اليوم: مراجعة سورة الملك');
  await composer.press('Enter');
  await expect(teacher.getByRole('log')).toContainText('واجب اليوم');

  // No reload: the family's header counts the message.
  await expect(messagesLink).toHaveAccessibleName(tr(locale, 'Messages, {count} unread').replace('{count}', '1'), { timeout: 10_000 });
  await messagesLink.click();
  await parent.getByTestId(`conversation-${conversation.id}`).click();
  await expect(parent.getByRole('log')).toContainText('واجب اليوم');
  await expect(messagesLink).toHaveAccessibleName(tr(locale, 'Messages, none unread'));
  const reply = parent.getByLabel(tr(locale, 'Your message'));
  await reply.fill('وعليكم السلام، شكراً');
  await reply.press('Enter');

  // The teacher's open conversation shows the answer without a reload.
  await expect(teacher.getByRole('log')).toContainText('وعليكم السلام، شكراً', { timeout: 10_000 });
  // Both sides' bubbles, the composer and the header in the cell's window and direction.
  await expect(parent.getByRole('log')).toContainText('وعليكم السلام، شكراً');
  await expectNoViolations(parent, `a conversation (${cellName(cell)})`);
  await parent.context().close();
  await teacher.context().close();
}

for (const cell of PHONE_AND_DESK) {
  inCell(cell)(
    `${cellName(cell)}: a family and a teacher exchange messages live, with the unread count in the header`,
    async ({ browser, baseURL, request }, testInfo) => {
      // Two browsers, a purchase, a booking and an axe scan: over the default 30 s on a busy two-core machine.
      test.setTimeout(60_000);
      await messagesLive(cell, browser, baseURL!, request, testInfo.retry);
    },
  );
}
