// The flows studio: renders every machine, simulation reaches every state of the order
// and request machines by clicking, keyboard users move between states, axe finds nothing (ar/en,
// light/dark), and a studio tab follows another tab of the app live (the e2e build allows watching:
// scripts/e2e.mjs builds with VITE_FLOWS_WATCH=1).
import { expect, test, type Page } from '@playwright/test';
import { machines } from '../machines/index';
import { walk } from '../src/features/flows/graph';
import { cells } from './support/matrix';
import { expectNoViolations } from './support/axe';
import { open, preferences } from './support/app';
import { latestCode, newStudent } from './support/api';

async function openMachine(page: Page, id: string) {
  await page
    .getByRole('navigation', { name: 'Machines' })
    .getByRole('button', { name: new RegExp(`^${id}\\b`) })
    .click();
  await expect(page.getByTestId('flows-canvas')).toBeVisible({ timeout: 20_000 });
}

async function walkTo(page: Page, events: string[], state: string) {
  const restart = page.getByRole('button', { name: 'Restart' });
  if (await restart.isEnabled()) await restart.click();
  await expect(page.getByTestId('flows-log').locator('li')).toHaveCount(0);
  for (const label of events)
    await page
      .getByRole('group', { name: 'Events the machine accepts now' })
      .getByRole('button', { name: label, exact: false })
      .first()
      .click();
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
    await expect(page.getByTestId('flows-log')).toHaveText('deadline check [past the deadline]');
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

test('a studio tab watching highlights the auth machine signed in while a student signs in in another tab', async ({
  page,
  context,
  request,
}) => {
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

for (const [locale, theme] of cells(['ar', 'en'] as const, ['dark', 'light'] as const)) {
  test(`/flows has no WCAG 2.1 AA violations (${locale}, ${theme})`, async ({ page }) => {
    await preferences(page, { locale, theme });
    await open(page, '/flows');
    await expect(page.getByTestId('flows-canvas')).toBeVisible({ timeout: 20_000 });
    await page.getByTestId('flows-canvas').focus();
    await page.keyboard.press('Home');
    // The machines' and the states' descriptions come from the catalogs, in the page's language.
    await expect(page.locator('.flows-machine span[lang="en"]')).toHaveCount(0);
    await expect(page.getByTestId('flows-selected-description')).toBeVisible();
    await expect(page.locator('.flows-panel [lang="en"]')).toHaveCount(0);
    await expectNoViolations(page, `/flows (${locale}, ${theme})`);
  });
}

// The workspace fills the window: at a laptop's and a desktop's size, in both languages, every machine
// opens with its initial state's name at 11 px or more, on screen, and the simulation beside the diagram.
for (const [[width, height], locale] of cells(
  [
    [1280, 800],
    [1920, 1080],
  ] as const,
  ['ar', 'en'] as const,
)) {
  test.describe(`at ${width}x${height}`, () => {
    test.use({ viewport: { width, height } });
    test(`every machine opens legibly on its initial state, simulation beside it (${width}x${height}, ${locale})`, async ({ page }) => {
      // Six machines laid out one after another.
      test.setTimeout(120_000);
      await preferences(page, { locale, theme: 'light' });
      await open(page, '/flows');
      const canvas = page.getByTestId('flows-canvas');
      for (const { id, machine } of machines) {
        await page
          .locator('.flows-machine')
          .filter({ has: page.locator('strong', { hasText: new RegExp(`^${id}$`) }) })
          .click();
        await expect(canvas).toHaveAttribute('data-opened', 'true', { timeout: 20_000 });
        const initial = (machine.root.initial?.target?.[0] as { id: string } | undefined)?.id;
        expect(initial, `${id} has an initial state`).toBeTruthy();
        const state = canvas.locator(`[data-state-id="${initial}"]`);
        await expect(state).toHaveCount(1);
        const measured = await state.evaluate((g) => {
          const box = g.querySelector('rect.fl-box')!;
          const text = g.querySelector('text')!;
          const scale = box.getBoundingClientRect().width / Number(box.getAttribute('width'));
          const r = text.getBoundingClientRect();
          return { px: scale * Number(text.getAttribute('font-size')), label: { x: r.x, y: r.y, right: r.right, bottom: r.bottom } };
        });
        expect(measured.px, `${id}: ${initial}'s label on screen`).toBeGreaterThanOrEqual(11);
        const area = (await canvas.boundingBox())!;
        expect(measured.label.x, `${id}: label inside the canvas`).toBeGreaterThanOrEqual(area.x);
        expect(measured.label.right).toBeLessThanOrEqual(area.x + area.width);
        expect(measured.label.y).toBeGreaterThanOrEqual(area.y);
        expect(measured.label.bottom).toBeLessThanOrEqual(area.y + area.height);
        // The diagram reaches the window's bottom edge: the workspace fills it.
        expect(area.y + area.height).toBeGreaterThan(height - 4);
        expect(area.width).toBeGreaterThan(width * 0.45);

        const sim = page.getByTestId('flows-simulate');
        await expect(sim).toBeVisible();
        await expect(sim.getByTestId('flows-now')).toBeInViewport();
        const panel = (await sim.boundingBox())!;
        // Beside the diagram, on the side where the reading ends.
        if (locale === 'en') expect(panel.x).toBeGreaterThanOrEqual(area.x + area.width - 1);
        else expect(panel.x + panel.width).toBeLessThanOrEqual(area.x + 1);
        expect(panel.x).toBeGreaterThanOrEqual(0);
        expect(panel.x + panel.width).toBeLessThanOrEqual(width);
        expect(panel.y).toBeLessThan(height / 2);
      }
    });
  });
}

test('panels collapse and give the diagram the room; panning selects no text; zoom to selection', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await preferences(page, { locale: 'en', theme: 'light' });
  await open(page, '/flows');
  const canvas = page.getByTestId('flows-canvas');
  await expect(canvas).toHaveAttribute('data-opened', 'true', { timeout: 20_000 });
  const before = (await canvas.boundingBox())!.width;
  await page.getByRole('button', { name: 'Hide the simulation' }).click();
  await expect(page.getByTestId('flows-simulate')).toBeHidden();
  await page.getByRole('button', { name: 'Hide the machines' }).click();
  await expect.poll(async () => (await canvas.boundingBox())!.width).toBeGreaterThan(before + 250);
  await page.getByRole('button', { name: 'Simulate', exact: true }).click();
  await expect(page.getByTestId('flows-simulate')).toBeVisible();

  // Drag across the canvas (starting off any state) and across the page: nothing gets selected.
  const box = (await canvas.boundingBox())!;
  const minimap = (await page.getByTestId('flows-minimap').boundingBox())!;
  const transform = () => page.locator('.flows-svg').evaluate((el) => (el as HTMLElement).style.transform);
  const moved = await transform();
  const empty = await page.evaluate(
    ({ x0, y0, x1, y1, mx }) => {
      for (let y = y0; y < y1; y += 6) {
        for (let x = x0; x < Math.min(x1, mx); x += 6) {
          const el = document.elementFromPoint(x, y);
          if (el && !el.closest('[data-state-id]') && !el.closest('.fl-edge') && el.closest('.flows-canvas')) return { x, y };
        }
      }
      return null;
    },
    { x0: box.x + 5, y0: box.y + 5, x1: box.x + box.width - 5, y1: box.y + box.height - 5, mx: minimap.x - 5 },
  );
  expect(empty).not.toBeNull();
  await page.mouse.move(empty!.x, empty!.y);
  await page.mouse.down();
  await page.mouse.move(empty!.x - 200, empty!.y - 150, { steps: 8 });
  await page.mouse.up();
  expect(await transform()).not.toBe(moved);
  expect(await page.evaluate(() => window.getSelection()?.toString() ?? '')).toBe('');

  // Zoom to selection puts the selected state in the middle of the canvas, readable.
  await canvas.focus();
  await page.keyboard.press('End');
  const selected = await page.getByTestId('flows-selected').textContent();
  await page.getByRole('button', { name: 'Fit' }).click();
  await page.getByRole('button', { name: 'Zoom to selection' }).click();
  const target = canvas.locator('.fl-selected > rect.fl-box');
  await expect(target).toBeInViewport();
  const r = (await target.boundingBox())!;
  const c = (await canvas.boundingBox())!;
  expect(Math.abs(r.x + r.width / 2 - (c.x + c.width / 2)), `${selected} centred`).toBeLessThan(4);
  await page.getByRole('button', { name: 'Zoom to the active state' }).click();
  await expect(canvas.locator('[aria-current="true"]').first()).toBeInViewport();
});
