// The phone input's country from the visitor's address: our own server answers from the IP
// database it ships, behind a proxy (the e2e server runs with TRUST_PROXY) from the forwarded address.
// A visitor from Egypt opens the sign-up page and finds the Egyptian dial code already chosen.
import { expect, test } from '@playwright/test';
import { tr } from './support/catalog';
import { open, preferences } from './support/app';

// An address in a block registered to Egypt (Telecom Egypt).
const EGYPT = '41.32.0.1';

for (const locale of ['en', 'ar'] as const) {
  test(`a visitor from Egypt gets +20 on the sign-up phone input (${locale})`, async ({ page }) => {
    await page.setExtraHTTPHeaders({ 'X-Forwarded-For': EGYPT });
    await preferences(page, { locale });
    const lookup = page.waitForResponse((res) => new URL(res.url()).pathname === '/api/v1/ip-country');
    await open(page, '/sign-up');
    expect(await (await lookup).text()).toBe('1;EG');
    await expect(page.getByRole('combobox', { name: tr(locale, 'Country code') }).first()).toHaveValue('EG');
    await expect(page.locator('.phone-dial').first()).toHaveText('+20');
  });
}

test('without a forwarded address (a local visitor) the phone input keeps Qatar', async ({ page }) => {
  await preferences(page, { locale: 'en' });
  const lookup = page.waitForResponse((res) => new URL(res.url()).pathname === '/api/v1/ip-country');
  await open(page, '/sign-up');
  expect((await (await lookup).text())[0]).not.toBe('1');
  await expect(page.getByRole('combobox', { name: 'Country code' }).first()).toHaveValue('QA');
});
