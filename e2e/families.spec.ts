// A family with two children, end to end against the real server: the parent (signed up with the
// first child) adds a second child through POST v1/children, books one scheduled lesson for each with a
// different teacher through the booking's child picker; the requests list names each lesson's child on
// its card and filters by child, and each teacher sees their own lesson's child (first name and phase,
// never the family's last name). In Arabic on a phone (390×844) and in English on a desktop (1280×800).
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { tr, type Locale } from './support/catalog';
import { open, preferences } from './support/app';
import { addChild, json, newStudent } from './support/api';
import { pickSlot } from './support/booking';

interface TeacherInfo {
  id: number;
  phases: Array<{ id: number }>;
}

/** Two demo teachers available all day who both teach the primary phase (server/db/seed-data). */
const TEACHERS = [
  { login: '+97455100001', password: 'Noor1234' },
  { login: '+97455100002', password: 'Noor1234' },
] as const;

/** A demo teacher's token and card (id, phases) by signing in as them. */
async function demoTeacher(request: APIRequestContext, who: (typeof TEACHERS)[number]): Promise<TeacherInfo & { token: string }> {
  const { token } = await json<{ token: string }>(await request.post('/api/v1/instructor/auth/login', { data: who }), 'teacher login');
  const { id } = await json<{ id: number }>(
    await request.get('/api/v1/profile', { headers: { Authorization: `Bearer ${token}` } }),
    'teacher profile',
  );
  const card = await json<TeacherInfo>(await request.get(`/api/v1/teachers/${id}`), 'teacher card');
  return { ...card, id, token };
}

/** Books one scheduled hour with the teacher for the child named `firstName`; answers the request's id. */
async function bookFor(page: Page, locale: Locale, teacherId: number, firstName: string): Promise<number> {
  await open(page, `/teachers/${teacherId}`);
  const next = page.getByRole('button', { name: tr(locale, 'Next') });
  // The child is the first question when the family has more than one.
  await page
    .getByRole('radiogroup', { name: tr(locale, 'Your child') })
    .getByRole('radio', { name: firstName })
    .check();
  await next.click();
  await page.getByRole('combobox', { name: tr(locale, 'Subject') }).selectOption({ index: 1 });
  await next.click();
  await page.getByRole('combobox', { name: tr(locale, 'Duration') }).selectOption('1');
  await next.click();
  // A start some way down the calendar, so the two bookings (and other specs) rarely meet.
  await pickSlot(page);
  await next.click();
  await page.getByRole('button', { name: tr(locale, 'Send the request') }).click();
  await expect(page).toHaveURL(/\/session-details\/\d+$/);
  return Number(new URL(page.url()).pathname.split('/').pop());
}

for (const { locale, width, height, last } of [
  { locale: 'ar', width: 390, height: 844, last: 'السليطي' },
  { locale: 'en', width: 1280, height: 800, last: 'الكواري' },
] as const) {
  test.describe(`${locale}, ${width}×${height}`, () => {
    test.use({ viewport: { width, height } });

    test('a parent books a lesson for each of two children with two teachers; each teacher sees their child', async ({
      page,
      browser,
      baseURL,
      request,
    }) => {
      test.setTimeout(90_000);
      const [first, second] = await Promise.all(TEACHERS.map((who) => demoTeacher(request, who)));
      const phaseId = first!.phases.find((p) => second!.phases.some((q) => q.id === p.id))!.id;
      const { token } = await newStudent(request, { phaseId, firstName: 'مريم', lastName: last, buy: true });
      await addChild(request, token, { firstName: 'علي', lastName: last, phaseId });
      await page.context().addCookies([{ name: 'ng-token', value: token, url: baseURL! }]);
      await preferences(page, { locale });

      const forMaryam = await bookFor(page, locale, first!.id, 'مريم');
      await expect(page.getByTestId('session-child')).toHaveText(`مريم ${last}`);
      const forAli = await bookFor(page, locale, second!.id, 'علي');
      await expect(page.getByTestId('session-child')).toHaveText(`علي ${last}`);

      await open(page, '/requests');
      await expect(page.getByTestId(`request-${forMaryam}-child`)).toHaveText(`مريم ${last}`);
      await expect(page.getByTestId(`request-${forAli}-child`)).toHaveText(`علي ${last}`);
      await expect(page.getByTestId(`request-${forAli}`)).toContainText(tr(locale, 'For'));

      // The filter by child shows one child's lessons only.
      await page.getByRole('combobox', { name: tr(locale, 'Child') }).selectOption({ label: `علي ${last}` });
      await expect(page).toHaveURL(/child=\d+/);
      await expect(page.getByTestId(`request-${forMaryam}`)).toHaveCount(0);
      await expect(page.getByTestId(`request-${forAli}`)).toBeVisible();

      // Each teacher opens their requests: their lesson names their child by first name, never the
      // family's last name, and the other child's lesson is not theirs to see.
      for (const [teacher, id, child, other] of [
        [first!, forMaryam, 'مريم', forAli],
        [second!, forAli, 'علي', forMaryam],
      ] as const) {
        const context = await browser.newContext({ viewport: { width, height } });
        try {
          await context.addCookies([
            { name: 'ng-token', value: teacher.token, url: baseURL! },
            { name: 'is_teacher', value: 'true', url: baseURL! },
          ]);
          const teacherPage = await context.newPage();
          await preferences(teacherPage, { locale });
          await open(teacherPage, `/requests/all/all/${id}`);
          // The list's card (a selected request shows a second time beside the list on a desktop).
          const named = teacherPage.getByTestId(`request-${id}-child`).first();
          await expect(named).toContainText(child);
          await expect(named).not.toContainText(last);
          await expect(teacherPage.getByTestId(`request-${other}`)).toHaveCount(0);
        } finally {
          await context.close();
        }
      }
    });
  });
}
