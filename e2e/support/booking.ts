// Booking-form steps shared by the specs that book through the UI.
import { expect, type Page } from '@playwright/test';

/** Clicks a free time some way down the calendar (runs and specs then rarely pick the same one). */
export async function pickSlot(page: Page): Promise<string> {
  // Start times only: "now" (an urgent request) is a cell too.
  const slots = page.getByRole('grid').getByRole('gridcell').and(page.locator('[data-slot]:not([data-slot="now"])'));
  await expect(slots.first()).toBeVisible();
  const count = await slots.count();
  const cell = slots.nth(Math.min(count - 1, 24 + Math.floor(Math.random() * Math.max(1, count - 24))));
  await cell.click();
  await expect(cell).toHaveAttribute('aria-selected', 'true');
  return (await cell.getAttribute('data-slot'))!;
}
