// The app shell (spec §2, §9): start-up spinner, Arabic first with RTL, the locale switch, the
// Accept-Language of every API call, tab titles, redirects and the not-found page.
import { expect, test, type Page, type Request } from '@playwright/test';
import { LOCALES, tr, type Locale } from './support/catalog';
import { open, preferences } from './support/app';
import { newStudent } from './support/api';
import { APP_NAME, TITLES } from './support/texts';

async function signedInCookie(page: Page, token = 'e2e-token'): Promise<void> {
  const url = new URL(test.info().project.use.baseURL ?? '');
  await page.context().addCookies([{ name: 'ng-token', value: token, domain: url.hostname, path: '/' }]);
}

/** Lets the start-up profile check reach the server only after `delayMs`, so the spinner stays long enough to see. */
async function delayProfile(page: Page, delayMs = 1500): Promise<void> {
  await page.route('**/api/v1/profile', async (route) => {
    await new Promise((r) => setTimeout(r, delayMs));
    await route.continue();
  });
}

// A real student for the 200 case: with a made-up token every other call of a signed-in home (balance,
// notifications) answers 401, and the app rightly signs out — the test would then race that sign-out.
for (const status of [401, 200] as const) {
  test(`the spinner covers the login check, then home renders in Arabic (profile ${status})`, async ({ page, request }) => {
    const phaseId = ((await (await request.get('/api/v1/phases')).json()) as { data: Array<{ id: number }> }).data[0]!.id;
    await signedInCookie(page, status === 200 ? (await newStudent(request, { phaseId })).token : 'e2e-token');
    await delayProfile(page);
    const profile = page.waitForResponse('**/api/v1/profile');
    await page.goto('/');
    const spinner = page.getByTestId('boot-spinner');
    await expect(spinner).toBeVisible();
    await expect(page.locator('main')).toHaveCount(0);
    expect((await profile).status()).toBe(status);
    await expect(spinner).toHaveCount(0, { timeout: 10_000 });
    await expect(page.locator('main h1').first()).toBeVisible();
    await expect(page).toHaveURL((url) => url.pathname === '/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page).toHaveTitle(`${tr('ar', APP_NAME)} | ${tr('ar', TITLES.home)}`);
  });
}

test('the locale switch gives English at once, and it survives a reload', async ({ page }) => {
  await open(page, '/');
  const html = page.locator('html');
  await expect(html).toHaveAttribute('lang', 'ar');
  await expect(html).toHaveAttribute('dir', 'rtl');
  const nav = page.getByRole('navigation').first();
  await expect(nav).toContainText(tr('ar', TITLES.aboutUs));

  const navigations: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) navigations.push(frame.url());
  });
  await page.getByTestId('locale-switch').click();
  await expect(html).toHaveAttribute('lang', 'en', { timeout: 2_000 });
  await expect(html).toHaveAttribute('dir', 'ltr', { timeout: 2_000 });
  await expect(nav).toContainText(TITLES.aboutUs);
  await expect(page).toHaveTitle(`${APP_NAME} | ${TITLES.home}`);
  expect(navigations, 'switching the locale must not reload the page').toEqual([]);
  expect(await page.evaluate(() => localStorage.getItem('ng-locale'))).toBe('en');

  await page.reload();
  await expect(page.locator('main h1').first()).toBeVisible();
  await expect(html).toHaveAttribute('lang', 'en');
  await expect(html).toHaveAttribute('dir', 'ltr');
  await expect(nav).toContainText(TITLES.aboutUs);

  await page.getByTestId('locale-switch').click();
  await expect(html).toHaveAttribute('lang', 'ar');
  await expect(html).toHaveAttribute('dir', 'rtl');
});

test('every API call sends the current locale as Accept-Language', async ({ page }) => {
  const seen: { url: string; language: string | undefined }[] = [];
  const record = async (request: Request) => {
    if (!new URL(request.url()).pathname.startsWith('/api/')) return;
    const headers = await request.allHeaders();
    seen.push({ url: request.url(), language: headers['accept-language'] });
  };
  page.on('request', (request) => void record(request));
  // A token cookie guarantees at least the profile check goes out in each locale.
  await page.route('**/api/v1/profile', (route) => route.fulfill({ status: 401, json: { message: 'Unauthenticated.' } }));

  await signedInCookie(page);
  await open(page, '/');
  await page.waitForLoadState('networkidle');
  const arabic = seen.splice(0);
  expect(arabic.length, 'the start-up makes API calls').toBeGreaterThan(0);
  for (const call of arabic) expect(call, call.url).toEqual({ url: call.url, language: 'ar' });

  await page.getByTestId('locale-switch').click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await signedInCookie(page);
  await page.reload();
  await expect(page.locator('main h1').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  const english = seen.splice(0);
  expect(english.length).toBeGreaterThan(0);
  for (const call of english) expect(call, call.url).toEqual({ url: call.url, language: 'en' });
});

const TITLED_PAGES: { path: string; title: string }[] = [
  { path: '/', title: TITLES.home },
  { path: '/about-us', title: TITLES.aboutUs },
  { path: '/contact-us', title: TITLES.contactUs },
  { path: '/teachers', title: TITLES.teachers },
  { path: '/sign-in', title: TITLES.signIn },
];

for (const locale of LOCALES) {
  test(`tab title is "<app name> | <page title>" in ${locale}`, async ({ page }) => {
    await preferences(page, { locale });
    for (const { path, title } of TITLED_PAGES) {
      await open(page, path);
      await expect(page, path).toHaveTitle(`${tr(locale, APP_NAME)} | ${tr(locale, title)}`);
    }
  });

  test(`the not-found page in ${locale}`, async ({ page }) => {
    await preferences(page, { locale });
    await open(page, '/no-such-page');
    await expect(page.locator('main h1').first()).toContainText(tr(locale, TITLES.notFound));
    await expect(page.locator('html')).toHaveAttribute('lang', locale);
    // A screen without its own title falls back to the home title (spec §2); a not-found title is fine too.
    const app = tr(locale, APP_NAME);
    expect([`${app} | ${tr(locale, TITLES.notFound)}`, `${app} | ${tr(locale, TITLES.home)}`]).toContain(await page.title());
  });
}

for (const alias of ['/login', '/auth']) {
  test(`${alias} lands on sign-in`, async ({ page }) => {
    await open(page, alias);
    await expect(page).toHaveURL(/\/sign-in$/);
    await expect(page).toHaveTitle(`${tr('ar' satisfies Locale, APP_NAME)} | ${tr('ar', TITLES.signIn)}`);
  });
}

test.describe('an English browser on its first visit', () => {
  test.use({ locale: 'en-GB' });

  for (const path of ['/', '/sign-in']) {
    test(`gets ${path} in English, and keeps it`, async ({ page }) => {
      await open(page, path);
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');
      await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
      await expect(page).toHaveTitle(new RegExp(`^${tr('en', APP_NAME)} \\| `));
      // The choice is stored like a chosen language, so the next pages keep it.
      expect((await page.context().cookies()).find((c) => c.name === 'ng-locale')?.value).toBe('en');
    });
  }

  test('a language chosen before wins over the browser’s', async ({ page }) => {
    await preferences(page, { locale: 'ar' });
    await open(page, '/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
  });
});
