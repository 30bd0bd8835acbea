// Layout checks that keep every screen usable, on every public and signed-in route, in
// Arabic and English: no horizontal overflow at 360 and 390 px in light and dark; the header one line
// tall at 1024 and 1280 px; no Latin letters on an Arabic page outside an allow-list; axe finds no
// WCAG 2.1 AA violation, on the public pages in light and dark (this sweep took over e2e/a11y.spec.ts,
// which loaded every public page again per theme for the same axe rules). `npm run screens` (this
// file with E2E_SCREENS=1) also saves full-page screenshots of every route (1280 and 390 px, light and
// dark, both locales) under test-results/screens/ for review; `npm test` skips them (about 12 s of
// its e2e run on two cores).
//
// One test per locale and persona walks its routes and resizes the same page instead of reloading,
// which keeps the whole file around a minute on two cores. Findings are soft assertions, so one run
// lists every problem rather than the first.
import path from 'node:path';
import { expect, test, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { inLocale } from './support/matrix';
import { LOCALES, tr, type Locale } from './support/catalog';
import { open, preferences, revealFooter } from './support/app';
import { describeViolations, wcagViolations } from './support/axe';
import { fontsIn } from './support/fonts';
import { PUBLIC_PAGES } from './support/routes';
import { bearer, json, newPhone, newStudent, registerTeacher } from './support/api';
import { uniqueEmail } from './support/app';

const SCREENS = path.resolve(import.meta.dirname, '../test-results/screens');
const SAVE = process.env.E2E_SCREENS === '1';
const shoot = async (page: Page, file: string) => {
  if (SAVE) await page.screenshot({ path: path.join(SCREENS, file), fullPage: true });
};

// A seeded active teacher no other spec signs in as.
const LAYOUT_TEACHER = { login: '+97455100008', password: 'Noor1234' };

// Latin words an Arabic page may show: the language switch carries lang="en" and is skipped anyway;
// these are brand and technical terms with no Arabic form, and e-mail addresses.
// Single letters are the password rule's ranges (A–Z, a–z); browser names have no Arabic spelling.
const LATIN_ALLOWED = [
  /^[\w.+-]+@[\w.-]+\.\w+$/,
  /^[A-Za-z]$/,
  /^(PDF|PNG|JPG|JPEG|WEBP|MP4|WEBM|Visa|Mastercard|CVC|OTP|Agora|Noor|Chrome|Edge|Firefox|Safari)$/i,
];

const DARK = /(^|\s)dark(\s|$)/;

type Persona = 'visitor' | 'student' | 'inReview' | 'teacher';

const ROUTES: Record<Persona, string[]> = {
  // The sign-up's teacher form is a public page of its own here (wider: documents and phases).
  visitor: [...PUBLIC_PAGES, '/sign-up?as=teacher'],
  student: ['/', '/teachers', '/teachers/$first', '/profile', '/requests', '/packages', '/notifications', '/session-details/$booked'],
  inReview: ['/in-review'],
  teacher: ['/about-us', '/profile', '/requests', '/notifications'],
};

/** A new student with one purchase, so the purchase history (a wide table) is on the packages page. */
async function studentToken(request: APIRequestContext): Promise<string> {
  const phases = await json<Array<{ id: number }>>(await request.get('/api/v1/phases'), 'phases');
  return (await newStudent(request, { phaseId: phases[0]!.id, buy: true })).token;
}

async function tokenFor(persona: Persona, request: APIRequestContext): Promise<string | null> {
  if (persona === 'visitor') return null;
  if (persona === 'student') return studentToken(request);
  if (persona === 'teacher') {
    return (await json<{ token: string }>(await request.post('/api/v1/instructor/auth/login', { data: LAYOUT_TEACHER }), 'teacher login'))
      .token;
  }
  return registerTeacher(request, { phone: newPhone(), email: uniqueEmail('layout'), password: 'Layout-Pass-2024' });
}

/** Books the first free hour of the first teacher who has one, so session details has a request to show. */
async function bookFirstFreeTime(request: APIRequestContext, token: string, teacherIds: number[]): Promise<number> {
  for (const id of teacherIds) {
    const free = await json<{ slots: string[] }>(
      await request.get(`/api/v1/teachers/${id}/availability?days=7&duration=1`),
      'availability',
    );
    if (free.slots.length === 0) continue;
    const teacher = await json<{ subjects: Array<{ id: number }> }>(await request.get(`/api/v1/teachers/${id}`), 'teacher');
    const data = {
      teacher_id: id,
      subject_id: teacher.subjects[0]!.id,
      type: 'schedule',
      starts_at: free.slots[0],
      duration_hours: 1,
      broadcast: false,
    };
    return (await json<{ id: number }>(await request.post('/api/v1/requests', { headers: bearer(token), data }), 'book')).id;
  }
  throw new Error('no seeded teacher has a free hour in the next 7 days');
}

/** Elements wider than the viewport, named for the failure message. */
async function overflow(page: Page): Promise<{ scroll: number; client: number; culprits: string[] }> {
  return page.evaluate(() => {
    const root = document.documentElement;
    const client = root.clientWidth;
    const culprits: string[] = [];
    for (const el of Array.from(document.body.querySelectorAll<HTMLElement>('*'))) {
      const r = el.getBoundingClientRect();
      if (r.width > 0 && (r.right > client + 1 || r.left < -1) && culprits.length < 5) {
        culprits.push(
          `${el.tagName.toLowerCase()}${el.className ? `.${String(el.className).split(' ').join('.')}` : ''} (${Math.round(r.left)}…${Math.round(r.right)})`,
        );
      }
    }
    return { scroll: root.scrollWidth, client, culprits };
  });
}

/** Latin words in the page's text outside elements marked as another language. */
async function latinWords(page: Page): Promise<string[]> {
  const words = await page.evaluate(() => {
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      // [data-place-names]: lists of place names with no Arabic form in the browser (the IANA time zones).
      if (!parent || parent.closest('script, style, svg, [aria-hidden="true"], [data-place-names]')) continue;
      const lang = parent.closest('[lang]')?.getAttribute('lang') ?? 'ar';
      if (!lang.startsWith('ar')) continue;
      for (const m of (node.textContent ?? '').matchAll(/[\w.+-]*[A-Za-z][\w.+@-]*/g)) found.push(m[0]);
    }
    return found;
  });
  return [...new Set(words)].filter((w) => !LATIN_ALLOWED.some((re) => re.test(w)));
}

async function check(page: Page, locale: Locale, persona: Persona, route: string) {
  const slug = `${persona}${route.replace(/[^a-z0-9]+/gi, '-').replace(/-$/, '')}`;
  await page.setViewportSize({ width: 1280, height: 900 });
  await open(page, route);
  await fontsIn(page);

  for (const width of [1280, 1024]) {
    await page.setViewportSize({ width, height: 900 });
    const height = await page.getByTestId('site-header').evaluate((h) => h.getBoundingClientRect().height);
    // One row of 44 px targets plus padding; a second row would add at least 40 px.
    expect.soft(height, `header height at ${width} px on ${route} (${locale}, ${persona})`).toBeLessThanOrEqual(72);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await shoot(page, path.join(locale, `${slug}-1280.png`));

  await expect.soft(page.locator('html'), `lang on ${route}`).toHaveAttribute('lang', locale);
  // The footer's newsletter form loads when scrolled near; axe checks it too on the public pages.
  if (persona === 'visitor') await revealFooter(page);
  await fontsIn(page);
  // axe in light, and on the public pages in dark too (switched with the header's toggle as a person
  // would, so the app's state follows); signed-in pages share their components and tokens.
  const toggle = page.getByTestId('theme-toggle');
  await expect(page.locator('html')).not.toHaveClass(DARK);
  for (const dark of persona === 'visitor' ? [false, true] : [false]) {
    if (dark) {
      await toggle.click();
      await expect(page.locator('html')).toHaveClass(DARK);
      // Colours fade for 150 ms (theme.css); contrast is measured once they have settled.
      await page.evaluate(() =>
        Promise.all(document.getAnimations().flatMap((a) => (a instanceof CSSTransition ? [a.finished.catch(() => undefined)] : []))),
      );
    }
    const violations = await wcagViolations(page);
    const what = `axe on ${route} (${locale}, ${persona}, ${dark ? 'dark' : 'light'})`;
    expect.soft(violations.length, `${what}:\n\n${describeViolations(violations)}\n`).toBe(0);
  }
  if (persona === 'visitor') {
    await toggle.click();
    await expect(page.locator('html')).not.toHaveClass(DARK);
  }

  if (locale === 'ar') expect.soft(await latinWords(page), `Latin text on ${route} (${persona})`).toEqual([]);

  for (const width of [390, 360]) {
    await page.setViewportSize({ width, height: 844 });
    for (const dark of [false, true]) {
      await page.evaluate((d) => document.documentElement.classList.toggle('dark', d), dark);
      const o = await overflow(page);
      expect
        .soft(o.scroll, `overflow at ${width} px ${dark ? 'dark' : 'light'} on ${route} (${locale}, ${persona}): ${o.culprits.join('; ')}`)
        .toBeLessThanOrEqual(o.client);
      if (width === 390) await shoot(page, path.join(locale, `${slug}-390${dark ? '-dark' : ''}.png`));
    }
    await page.evaluate(() => document.documentElement.classList.remove('dark'));
  }
}

// At most this many routes per test, so the two workers share the load evenly and no test runs long.
const CHUNK = 5;
const chunks = (routes: string[]) =>
  Array.from({ length: Math.ceil(routes.length / CHUNK) }, (_, i) => routes.slice(i * CHUNK, (i + 1) * CHUNK));

// Every chunk in both locales with E2E_FULL=1; `npm test` checks each chunk in one, alternating.
const CHUNKS = (Object.keys(ROUTES) as Persona[]).flatMap((p) => chunks(ROUTES[p]).map((c) => [p, c] as const));
for (const locale of LOCALES) {
  for (const [index, [persona, routes]] of CHUNKS.entries()) {
    inLocale(locale, index)(
      `layout, text and axe: ${persona} pages in ${locale}: ${routes.join(' ')}`,
      async ({ page, context, request, baseURL }) => {
        test.setTimeout(150_000);
        const token = await tokenFor(persona, request);
        if (token) await context.addCookies([{ name: 'ng-token', value: token, url: baseURL! }]);
        await preferences(page, { locale, theme: 'light' });
        let first = '';
        let booked = '';
        if (persona === 'student') {
          const teachers = await json<Array<{ id: number }>>(await request.get('/api/v1/teachers'), 'teachers');
          first = String(teachers[0]!.id);
          if (routes.some((r) => r.includes('$booked')))
            booked = String(
              await bookFirstFreeTime(
                request,
                token!,
                teachers.map((t) => t.id),
              ),
            );
        }
        for (const route of routes) {
          await test.step(route, () => check(page, locale, persona, route.replace('$first', first).replace('$booked', booked)));
        }
      },
    );
  }
}

/** How many lines each element's text takes (its text nodes' boxes; a click's ripple is no text). */
const lines = (page: Page, selector: string) =>
  page.locator(selector).evaluateAll((els) =>
    els.map((el) => {
      const tops = new Set<number>();
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const range = document.createRange();
        range.selectNodeContents(node);
        for (const r of Array.from(range.getClientRects())) if (r.width > 0) tops.add(Math.round(r.top));
      }
      return tops.size;
    }),
  );

/** The top of each of the pager's three parts: previous, "Page n of m", next. */
const rowsOf = (page: Page) =>
  page.locator('nav.pager > *').evaluateAll((els) => els.map((el) => Math.round(el.getBoundingClientRect().top)));

// The demo teachers fit on one page, so the list's answer is given a longer total here: four pages.
for (const locale of LOCALES) {
  test(`the pager of a long list keeps its labels on one line at 390 and 1280 px (${locale})`, async ({ page }) => {
    await page.route('**/api/v1/teachers?*', async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { meta: { total: number } };
      await route.fulfill({ status: response.status(), json: { ...body, meta: { ...body.meta, total: 48 } } });
    });
    await preferences(page, { locale, theme: 'light' });
    await page.setViewportSize({ width: 390, height: 844 });
    await open(page, '/teachers');
    // The server rendered the first page; a filter makes the list ask the API (and get the long total).
    // The box follows the address, which the router sets a moment after the click: wait for it to show.
    const available = page.getByLabel(tr(locale, 'Available now'));
    await available.click();
    await expect(available).toBeChecked();
    const pager = page.locator('nav.pager');
    await expect(pager).toContainText(tr(locale, 'Page {page} of {pages}').replace('{page}', '1').replace('{pages}', '4'));
    await pager.getByRole('button', { name: tr(locale, 'Next page') }).click();
    await expect(pager).toContainText(tr(locale, 'Page {page} of {pages}').replace('{page}', '2').replace('{pages}', '4'));

    expect(await lines(page, 'nav.pager > *'), 'one line each at 390 px').toEqual([1, 1, 1]);
    const [previous, count, next] = await rowsOf(page);
    // On a phone the count takes its own row above the two buttons.
    expect(count, 'count above the buttons at 390 px').toBeLessThan(previous!);
    expect(previous, 'buttons on one row at 390 px').toBe(next);
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth),
      'no overflow at 390 px',
    ).toBe(true);

    await page.setViewportSize({ width: 1280, height: 900 });
    expect(await lines(page, 'nav.pager > *'), 'one line each at 1280 px').toEqual([1, 1, 1]);
    const wide = await rowsOf(page);
    expect(Math.max(...wide) - Math.min(...wide), 'one row at 1280 px').toBeLessThan(12);
    // A list request still in the handler when the page closes must not fail the run afterwards.
    await page.unrouteAll({ behavior: 'ignoreErrors' });
  });
}

/** A new family signed in on a 390 px phone in `locale` (light theme), for the phone-only checks below. */
async function newFamilyOnPhone(page: Page, context: BrowserContext, request: APIRequestContext, baseURL: string, locale: Locale) {
  const phases = await json<Array<{ id: number }>>(await request.get('/api/v1/phases'), 'phases');
  const { token } = await newStudent(request, { phaseId: phases[0]!.id });
  await context.addCookies([{ name: 'ng-token', value: token, url: baseURL }]);
  await preferences(page, { locale, theme: 'light' });
  await page.setViewportSize({ width: 390, height: 844 });
}

// The requests' six filters on one row on a phone, none cut off; full run only (a sign-up and two loads).
for (const locale of LOCALES) {
  test(`the request filters fit one row at 390 px (${locale})`, async ({ page, context, request, baseURL }) => {
    test.skip(!process.env.E2E_FULL, 'full run only');
    await newFamilyOnPhone(page, context, request, baseURL!, locale);
    await open(page, '/requests');
    const tabs = page.getByRole('tab');
    await expect(tabs).toHaveCount(6);
    const tops = await tabs.evaluateAll((els) => els.map((el) => Math.round(el.getBoundingClientRect().top)));
    expect(new Set(tops).size, `tab tops ${tops.join(', ')}`).toBe(1);
    const list = page.getByRole('tablist');
    expect(await list.evaluate((el) => el.scrollWidth <= el.clientWidth), 'no tab scrolled out of sight').toBe(true);
  });
}

// A success toast on a phone leaves the page's title in sight (it rises from the bottom there); full run only.
for (const locale of LOCALES) {
  test(`a toast does not cover the page title at 390 px (${locale})`, async ({ page, context, request, baseURL }) => {
    test.skip(!process.env.E2E_FULL, 'full run only');
    await newFamilyOnPhone(page, context, request, baseURL!, locale);
    await open(page, '/profile');
    await page.getByRole('button', { name: tr(locale, 'Save changes') }).click();
    const toast = page.locator('[data-severity="success"]');
    await expect(toast).toBeVisible();
    await expect(toast).toHaveCSS('opacity', '1');
    // Saving scrolled to the button; the reader goes back up to the top of the page.
    await page.evaluate(() => window.scrollTo(0, 0));
    const title = await page.locator('main h1').first().boundingBox();
    const box = await toast.boundingBox();
    expect(title && box, 'title and toast on screen').toBeTruthy();
    // Nothing from the top of the screen down to the title's last line: the header and the title stay in sight.
    expect(box!.y, `toast ${JSON.stringify(box)} over the header or title ${JSON.stringify(title)}`).toBeGreaterThan(
      title!.y + title!.height,
    );
  });
}
