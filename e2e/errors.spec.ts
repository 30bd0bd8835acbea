// The error catalogue (spec §8), end to end: a failure forced on the newsletter POST produces the
// catalogue's toast, in English, and a 401 ends the session and lands on sign-in.
import { expect, test, type Page, type Route } from '@playwright/test';
import { tr } from './support/catalog';
import { open, preferences, revealFooter, toasts, uniqueEmail } from './support/app';
import { ERRORS } from './support/texts';

type Answer = ((route: Route) => Promise<void>) | { status: number; json?: unknown };

/** Answers the next API write (POST) with `answer`; everything else reaches the real server. */
async function forceWriteFailure(page: Page, answer: Answer): Promise<void> {
  await page.route('**/api/**', async (route) => {
    if (route.request().method() !== 'POST') return route.continue();
    if (typeof answer === 'function') return answer(route);
    return route.fulfill({ status: answer.status, json: answer.json ?? {} });
  });
}

async function subscribe(page: Page): Promise<void> {
  const footer = await revealFooter(page);
  await footer.getByLabel(tr('en', 'Email for newsletter')).fill(uniqueEmail('errors'));
  await footer.getByRole('button', { name: tr('en', 'Subscribe'), exact: true }).click();
}

test.beforeEach(async ({ page }) => {
  await preferences(page, { locale: 'en' });
});

test('400 with field errors: every message, one per line, in an error toast', async ({ page }) => {
  await forceWriteFailure(page, {
    status: 400,
    json: { message: 'The given data was invalid.', errors: { a: ['one'], b: ['two'] } },
  });
  await open(page, '/');
  await subscribe(page);
  const toast = toasts(page, 'error');
  await expect(toast).toBeVisible();
  await expect(toast).toContainText('one');
  await expect(toast).toContainText('two');
  // Joined by newlines and shown as two lines, not run together.
  expect(await toast.innerText()).toMatch(/one\s*\n\s*two/);
});

test('401: a warning with the server message, the session is cleared and the user lands on sign-in', async ({ page, context }) => {
  const url = new URL(test.info().project.use.baseURL ?? '');
  await context.addCookies([{ name: 'ng-token', value: 'expired-token', domain: url.hostname, path: '/' }]);
  await page.route('**/api/v1/profile', (route) =>
    route.fulfill({ status: 200, json: { message: 'OK', data: { id: 7, is_teacher: false, has_free_session: true, status: null } } }),
  );
  await forceWriteFailure(page, { status: 401, json: { message: 'Your session has ended, please sign in again.' } });
  await open(page, '/');
  await subscribe(page);
  const toast = toasts(page, 'warn');
  await expect(toast).toBeVisible();
  await expect(toast).toContainText(ERRORS.unauthorized);
  await expect(toast).toContainText('Your session has ended, please sign in again.');
  await expect(page).toHaveURL(/\/sign-in$/);
  const cookies = await context.cookies();
  expect(cookies.find((c) => c.name === 'ng-token' && c.value !== '')).toBeUndefined();
});

const ROWS: { name: string; answer: Answer; texts: string[] }[] = [
  { name: '403 → forbidden', answer: { status: 403, json: { message: 'Not allowed here.' } }, texts: [ERRORS.forbidden] },
  { name: '500 → server error', answer: { status: 500, json: { message: 'Database unavailable.' } }, texts: [ERRORS.serverError] },
  { name: '418 → generic error', answer: { status: 418, json: { message: 'I am a teapot.' } }, texts: [ERRORS.generic, 'I am a teapot.'] },
  {
    name: 'no response → network error with the check-connection hint',
    answer: (route) => route.abort('internetdisconnected'),
    texts: [ERRORS.network, ERRORS.checkConnection],
  },
  {
    name: '500 without a message → the unexpected-error text',
    answer: { status: 500, json: {} },
    texts: [ERRORS.serverError, ERRORS.unexpected],
  },
];

for (const row of ROWS) {
  test(row.name, async ({ page }) => {
    await forceWriteFailure(page, row.answer);
    await open(page, '/');
    await subscribe(page);
    const toast = toasts(page, 'error');
    await expect(toast).toBeVisible();
    for (const text of row.texts) await expect(toast).toContainText(text);
    await expect(page).toHaveURL(/\/$/);
  });
}
