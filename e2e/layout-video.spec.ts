// The layout sweep's intro-video part (e2e/layout.spec.ts has the rest): a teacher of this test's own
// adds a real WebM in the profile (the browser reads it and captures its poster with a <video> and a
// <canvas>), then the profile, the teacher page (a family) and the guest preview on the list are
// checked at 390 and 1280 px: nothing wider than the screen, the player inside its column or dialog,
// never autoplaying, labelled, and axe clean. Full run only (a sign-up, a review through the CLI and an
// upload); `npm run screens` saves its screenshots with the sweep's.
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { admin, bearer, json, newPhone, newStudent, registerTeacher } from './support/api';
import { open, preferences, uniqueEmail } from './support/app';
import { describeViolations, wcagViolations } from './support/axe';
import { LOCALES, tr } from './support/catalog';

const SCREENS = path.resolve(import.meta.dirname, '../test-results/screens');
const shoot = async (page: Page, file: string) => {
  if (process.env.E2E_SCREENS === '1') await page.screenshot({ path: path.join(SCREENS, file), fullPage: true });
};

/** How wide the page scrolls against its viewport, and the first elements that stick out. */
async function overflow(page: Page): Promise<{ scroll: number; client: number; culprits: string[] }> {
  return page.evaluate(() => {
    const root = document.documentElement;
    const client = root.clientWidth;
    const culprits = Array.from(document.body.querySelectorAll<HTMLElement>('*'))
      .filter((el) => {
        const r = el.getBoundingClientRect();
        return r.width > 0 && (r.right > client + 1 || r.left < -1);
      })
      .slice(0, 5)
      .map((el) => `${el.tagName.toLowerCase()}.${String(el.className).split(' ').join('.')}`);
    return { scroll: root.scrollWidth, client, culprits };
  });
}

/** Every element of the page (or of `within`) inside the viewport's width, and the player's box. */
async function videoFits(page: Page, what: string, within?: string) {
  for (const [width, height] of [
    [390, 844],
    [1280, 900],
  ] as const) {
    await page.setViewportSize({ width, height });
    const o = await overflow(page);
    expect.soft(o.scroll, `overflow at ${width} px on ${what}: ${o.culprits.join('; ')}`).toBeLessThanOrEqual(o.client);
    const player = page.getByTestId('intro-video');
    await expect(player).toBeVisible();
    const box = (await player.boundingBox())!;
    const frame = within ? (await page.locator(within).boundingBox())! : { x: 0, width };
    expect.soft(box.x, `player's start at ${width} px on ${what}`).toBeGreaterThanOrEqual(frame.x - 1);
    expect.soft(box.x + box.width, `player's end at ${width} px on ${what}`).toBeLessThanOrEqual(frame.x + frame.width + 1);
    // Big enough to watch on a phone, never wider than a reading column on a desk.
    expect.soft(box.width, `player's width at ${width} px on ${what}`).toBeGreaterThanOrEqual(width === 390 ? 280 : 320);
    expect.soft(box.width, `player's width at ${width} px on ${what}`).toBeLessThanOrEqual(641);
    await shoot(page, `intro-video-${what.replace(/[^a-z0-9]+/gi, '-')}-${width}.png`);
  }
}

// The intro video, from the teacher's profile (the browser reads the real file and captures its poster
// with a <video> and a <canvas>) to the teacher page and the guest preview, at 390 and 1280 px, with
// axe; full run only (a sign-up, a review through the CLI and an upload).
for (const locale of LOCALES) {
  test(`the intro video fits the profile, the teacher page and the preview (${locale})`, async ({ browser, page, request, baseURL }) => {
    test.skip(!process.env.E2E_FULL, 'full run only');
    test.setTimeout(150_000);
    const phone = newPhone();
    const lastName = locale === 'ar' ? 'المرئي' : 'المصور';
    const token = await registerTeacher(request, { phone, email: uniqueEmail('video'), password: 'Video-Pass-2024', lastName });
    expect(await admin('teachers:approve', phone)).toContain('in_review → policy');
    await json(await request.post('/api/v1/instructor/update/status', { headers: bearer(token) }), 'accept the terms');
    const allDay = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start_time: '00:00', end_time: '23:59' }));
    await json(await request.patch('/api/v1/profile', { headers: bearer(token), data: { working_hours: allDay } }), 'working hours');
    const { id } = await json<{ id: number }>(await request.get('/api/v1/profile', { headers: bearer(token) }), 'teacher profile');

    // The teacher adds the video in the profile.
    await page.context().addCookies([{ name: 'ng-token', value: token, url: baseURL! }]);
    await preferences(page, { locale, theme: 'light' });
    await page.setViewportSize({ width: 390, height: 844 });
    await open(page, '/profile');
    const section = page.getByTestId('profile-video');
    await section.getByTestId('video-input').setInputFiles(path.resolve(import.meta.dirname, '../tests/fixtures/video/intro-3s.webm'));
    await expect(section.getByRole('button', { name: tr(locale, 'Replace video') })).toBeVisible({ timeout: 30_000 });
    await expect(section.getByTestId('intro-video')).toHaveAttribute('preload', 'none');
    const { video } = await json<{ video: { version: string; duration_ms: number } }>(
      await request.get('/api/v1/profile/video', { headers: bearer(token) }),
      'own video',
    );
    expect(video.duration_ms).toBe(3008);
    // The poster the browser captured is a real picture on the server.
    const poster = await request.get(`/api/v1/teachers/${id}/video/poster?v=${video.version}`);
    expect(poster.status()).toBe(200);
    expect(poster.headers()['content-type']).toBe('image/webp');
    await videoFits(page, `profile (${locale})`);

    // A family sees it on the teacher's page.
    const family = await browser.newContext();
    const familyPage = await family.newPage();
    const { token: familyToken } = await newStudent(request, {
      phaseId: (await json<Array<{ id: number }>>(await request.get('/api/v1/phases'), 'phases'))[0]!.id,
    });
    await family.addCookies([{ name: 'ng-token', value: familyToken, url: baseURL! }]);
    await preferences(familyPage, { locale, theme: 'light' });
    await open(familyPage, `/teachers/${id}`);
    const player = familyPage.getByTestId('intro-video');
    await expect(player).toHaveAttribute('aria-label', tr(locale, 'Intro video of {name}').replace('{name}', `هدى علي ${lastName}`));
    expect(await player.evaluate((v: HTMLVideoElement) => v.autoplay || !v.paused)).toBe(false);
    await videoFits(familyPage, `teacher page (${locale})`);
    const violations = await wcagViolations(familyPage);
    expect.soft(violations.length, `axe on the teacher page with a video:\n\n${describeViolations(violations)}\n`).toBe(0);
    await family.close();

    // A guest sees it in the preview on the list.
    const guest = await browser.newContext();
    const guestPage = await guest.newPage();
    await preferences(guestPage, { locale, theme: 'light' });
    await open(guestPage, `/teachers?q=${encodeURIComponent(lastName)}`);
    await guestPage
      .getByRole('button', { name: tr(locale, 'Preview {name}').replace('{name}', `هدى علي ${lastName}`) })
      .first()
      .click();
    const dialog = guestPage.getByTestId('teacher-preview');
    await expect(dialog.getByTestId('intro-video')).toBeVisible({ timeout: 15_000 });
    await videoFits(guestPage, `preview (${locale})`, '[data-testid="teacher-preview"]');
    const inDialog = await wcagViolations(guestPage);
    expect.soft(inDialog.length, `axe on the preview with a video:\n\n${describeViolations(inDialog)}\n`).toBe(0);
    await guest.close();
  });
}
