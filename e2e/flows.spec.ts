// The flows studio (issue 12): renders every machine, simulation reaches every state of the order
// and request machines by clicking, keyboard users move between states, axe finds nothing (ar/en,
// light/dark), and a studio tab follows another tab of the app live (the e2e build allows watching:
// scripts/e2e.mjs builds with VITE_FLOWS_WATCH=1).
import { expect, test, type Page } from '@playwright/test';
import { machines } from '../machines/index';
import { walk } from '../src/features/flows/graph';
import { expectNoViolations } from './support/axe';
import { open, preferences } from './support/app';
import { latestCode, newStudent } from './support/api';

async function openMachine(page: Page, id: string) {
  await page.getByRole('navigation', { name: 'Machines' }).getByRole('button', { name: new RegExp(`^${id}\\b`) }).click();
  await expect(page.getByTestId('flows-canvas')).toBeVisible({ timeout: 20_000 });
}

async function walkTo(page: Page, events: string[], state: string) {
  const restart = page.getByRole('button', { name: 'Restart' });
  if (await restart.isEnabled()) await restart.click();
  await expect(page.getByTestId('flows-log').locator('li')).toHaveCount(0);
  for (const label of events) await page.getByRole('group', { name: 'Events the machine accepts now' }).getByRole('button', { name: label, exact: false }).first().click();
  await expect(page.getByTestId('flows-now')).toHaveText(state);
}

test.describe('flows studio (en)', () => {
  test.beforeEach(async ({ page }) => {
    await preferences(page, { locale: 'en', theme: 'light' });
    await open(page, '/flows');
  });

  test('draws every machine with each of its states once', async ({ page }) => {
    for (const { id, machine } of machines) {
      await openMachine(page, id);
      const ids = walk(machine.root).map((n) => n.id);
      const drawn = page.getByTestId('flows-canvas').locator('[data-state-id]');
      await expect(drawn).toHaveCount(ids.length, { timeout: 20_000 });
      expect((await drawn.evaluateAll((els) => els.map((e) => e.getAttribute('data-state-id')))).sort()).toEqual(ids.sort());
    }
  });

  test('simulation reaches every state of the order machine by clicking', async ({ page }) => {
    await openMachine(page, 'order');
    await expect(page.getByTestId('flows-now')).toHaveText('created');
    await walkTo(page, ['open the payment page'], 'pendingPayment');
    await walkTo(page, ['open the payment page', 'payment approved'], 'paid');
    await walkTo(page, ['open the payment page', 'payment declined'], 'failed');
    await walkTo(page, ['deadline check'], 'expired');
    await expect(page.getByTestId('flows-log')).toHaveText('deadline check');
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect(page.getByTestId('flows-now')).toHaveText('created');
  });

  test('simulation reaches every state of the request machine by clicking', async ({ page }) => {
    await openMachine(page, 'request');
    await expect(page.getByTestId('flows-now')).toHaveText('pending');
    await walkTo(page, ['approve'], 'approved');
    await walkTo(page, ['approve', 'finish'], 'finished');
    await walkTo(page, ['reject'], 'rejected');
    await walkTo(page, ['cancel'], 'canceled');
    await walkTo(page, ['expire'], 'expired');
  });

  test('keyboard users move between states and read them', async ({ page }) => {
    await openMachine(page, 'order');
    await page.getByTestId('flows-canvas').focus();
    await page.keyboard.press('Home');
    await expect(page.getByTestId('flows-selected')).toHaveText('created');
    await page.keyboard.press('ArrowRight');
    await expect(page.getByTestId('flows-selected')).toHaveText('pendingPayment');
    await expect(page.getByRole('heading', { name: 'Transitions out' })).toBeVisible();
  });
});

test('a studio tab watching highlights the auth machine signed in while a student signs in in another tab', async ({ page, context, request }) => {
  await preferences(page, { locale: 'en' });
  await open(page, '/flows');
  await openMachine(page, 'auth');
  await page.getByTestId('flows-live').check();

  const app = await context.newPage();
  await open(app, '/sign-in');
  // Off by default in a production build: this tab opts in from the footer.
  const watch = app.getByTestId('watch-this-tab').getByRole('checkbox');
  await expect(watch).not.toBeChecked();
  await watch.check();
  await expect(page.getByTestId('flows-live-state')).toContainText('"anonymous":"idle"');

  const phases = (await (await request.get('/api/v1/phases')).json()) as { data: Array<{ id: number }> };
  const { phone } = await newStudent(request, { phaseId: phases.data[0]!.id });
  const used = await latestCode(request, phone);
  await app.locator('main').getByRole('form', { name: 'Student sign in' }).getByLabel('Phone number').fill(phone.replace('+974', ''));
  await app.locator('main').getByRole('button', { name: 'Send code', exact: true }).click();
  await expect(app).toHaveURL(/\/verify-otp/);
  let code = used;
  await expect.poll(async () => (code = await latestCode(request, phone)) !== used).toBe(true);
  await app.locator('main').getByRole('textbox', { name: 'Verification code' }).fill(code);
  await app.locator('main').getByRole('button', { name: 'Verify', exact: true }).click();

  await expect(page.getByTestId('flows-live-state')).toContainText('{"loggedIn":"ready"}');
  const canvas = page.getByTestId('flows-canvas');
  await expect(canvas.locator('[data-state-id="auth.loggedIn.ready"]')).toHaveAttribute('aria-current', 'true');
  await expect(canvas.locator('[data-state-id="auth.anonymous"]')).not.toHaveAttribute('aria-current', 'true');
});

for (const locale of ['ar', 'en'] as const) {
  for (const theme of ['light', 'dark'] as const) {
    test(`/flows has no WCAG 2.1 AA violations (${locale}, ${theme})`, async ({ page }) => {
      await preferences(page, { locale, theme });
      await open(page, '/flows');
      await expect(page.getByTestId('flows-canvas')).toBeVisible({ timeout: 20_000 });
      await page.getByTestId('flows-canvas').focus();
      await page.keyboard.press('Home');
      // The machines' descriptions are English on either page: marked so, and left to right.
      await expect(page.locator('.flows-machine span[lang="en"][dir="ltr"]')).not.toHaveCount(0);
      await expect(page.locator('.flows-machine span:not([lang="en"][dir="ltr"])')).toHaveCount(0);
      await expect(page.locator('.flows-panel p[lang="en"][dir="ltr"]')).toHaveCount(1);
      await expectNoViolations(page, `/flows (${locale}, ${theme})`);
    });
  }
}
