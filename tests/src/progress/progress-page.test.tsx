// @vitest-environment jsdom
// A child's progress page as the family reads it, in English and Arabic: the figures, the surahs (juz' 30
// first from An-Nas, each cell saying its numbers in words for assistive technology, the rest of the
// Quran folded unless something in it was learnt), the open homework, the latest reports linking to their
// lessons and the lessons per month; the empty states; a child that is not the family's.
import { screen, within } from '@testing-library/react';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import type { ChildProgress } from '../../../contract/progress';
import { ProgressPage } from '../../../src/features/progress/progress-page';
import { cleanUpAfterEach, renderRouted, type Reply } from '../helpers';

cleanUpAfterEach();

const progress = (over: Partial<ChildProgress> = {}): ChildProgress => ({
  child: { id: 8, first_name: 'مريم', last_name: 'الكواري' },
  time_zone: 'Asia/Qatar',
  lessons_taken: 3,
  hours_taught: 4,
  subjects: [
    { id: 2, name: 'Mathematics', lessons: 1, minutes: 60, months: [{ month: '2030-02', lessons: 1, minutes: 60 }] },
    { id: 1, name: 'Holy Quran', lessons: 2, minutes: 180, months: [{ month: '2030-01', lessons: 2, minutes: 180 }] },
  ],
  quran: {
    memorised: 46,
    revised: 30,
    surahs: [
      { surah: 67, memorised: 0, revised: 30 },
      { surah: 78, memorised: 40, revised: 0 },
      { surah: 114, memorised: 3, revised: 0 },
    ],
  },
  latest_reports: [
    {
      request_id: 41,
      starts_at: '2030-01-10T09:00:00.000Z',
      subject: { id: 1, name: 'Holy Quran' },
      teacher: { id: 20, first_name: 'هدى' },
      covered: 'إكمال سورة النبأ',
      homework: 'مراجعة سورة الناس',
      quran: [{ surah: 78, surah_name: 'An-Naba', from_ayah: 15, to_ayah: 40, kind: 'memorised', grade: 'excellent' }],
    },
  ],
  open_homework: [
    {
      subject: { id: 1, name: 'Holy Quran' },
      request_id: 41,
      starts_at: '2030-01-10T09:00:00.000Z',
      teacher: { id: 20, first_name: 'هدى' },
      homework: 'مراجعة سورة الناس',
    },
  ],
  ...over,
});

function show(data: ChildProgress | null, locale: 'en' | 'ar' = 'en', childId = 8) {
  return renderRouted({
    component: () => <ProgressPage childId={childId} />,
    locale,
    route: (url): Reply =>
      url.includes(`/v1/children/${childId}/progress`) && data
        ? { status: 200, json: { message: 'ok', data } }
        : { status: 404, json: { message: "We could not find this child in your family's account", code: 'child_not_found' } },
  });
}

/** What a screen reader reads of a surah cell: its text without the parts hidden from it. */
const spoken = (cell: HTMLElement) => cell.querySelector('.visually-hidden')?.textContent;

describe('the progress page', () => {
  it("shows the figures, the surahs juz' 30 first, the homework, the reports and the months (en)", async () => {
    const { calls } = show(progress());
    expect(await screen.findByRole('heading', { level: 1, name: 'Progress of مريم الكواري' })).toBeTruthy();
    expect(calls[0]!.url).toContain('/v1/children/8/progress');
    expect(screen.getByTestId('progress-lessons').textContent).toBe('3');
    expect(screen.getByTestId('progress-hours').textContent).toBe('4');
    expect(screen.getByTestId('progress-memorised').textContent).toBe('46');
    expect(screen.getByTestId('progress-revised').textContent).toBe('30');

    // Juz' 30 from An-Nas back to An-Naba, then the rest in order.
    const juz = screen.getByRole('list', { name: "Juz' 30 (Amma)" });
    const cells = within(juz).getAllByRole('listitem');
    expect(cells).toHaveLength(37);
    expect(spoken(cells[0]!)).toBe('An-Nas: 3 of 6 verses memorised');
    expect(spoken(cells[36]!)).toBe('An-Naba: 40 of 40 verses memorised');
    expect(cells[36]!.className).toContain('surah-done');
    // Colour is not alone: the visible numbers say it too, and the whole surah carries a drawn tick
    // (an SVG: a ✓ character is missing from some desktops' fonts).
    expect(cells[36]!.querySelector('.surah-count')?.textContent).toBe('40 / 40');
    expect(cells[36]!.querySelector('.surah-count svg')?.getAttribute('aria-hidden')).toBe('true');
    expect(cells[0]!.querySelector('.surah-count svg')).toBeNull();
    expect(cells[0]!.querySelector('.surah-count')?.textContent).toBe('3 / 6');
    const rest = within(screen.getByTestId('surah-rest')).getAllByRole('listitem');
    expect(rest).toHaveLength(77);
    expect(spoken(rest[0]!)).toBe('Al-Fatihah: 0 of 7 verses memorised');
    expect(spoken(screen.getByTestId('surah-67'))).toBe('Al-Mulk: 0 of 30 verses memorised, 30 revised');
    // Something was revised outside juz' 30: that part is open.
    expect(screen.getByTestId('surah-rest').closest('details')?.open).toBe(true);

    const homework = screen.getByTestId('open-homework');
    expect(homework.textContent).toContain('Holy Quran');
    expect(homework.textContent).toContain('مراجعة سورة الناس');
    expect(homework.textContent).toContain('Set by هدى on Jan 10, 2030');

    const reports = screen.getByTestId('latest-reports');
    expect(reports.textContent).toContain('Jan 10, 2030 with هدى');
    expect(within(reports).getByText(/An-Naba, verses 15–40/).textContent).toBe('An-Naba, verses 15–40 · Memorised · Excellent');
    expect(within(reports).getByRole('link', { name: 'Open the lesson' }).getAttribute('href')).toBe('/session-details/41');

    expect(screen.getByTestId('subject-1').textContent).toBe('Holy Quran 2 lessons · 3 hoursJanuary 20302 lessons · 3 hours');
    expect(screen.getByTestId('subject-2').textContent).toContain('February 2030');

    // axe's structural rules (contrast needs a real browser; the theme tokens are checked there).
    const audit = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } });
    expect(audit.violations.map((v) => `${v.id}: ${v.nodes.length}`)).toEqual([]);
  });

  it('reads in Arabic, the surah names and numbers included', async () => {
    show(progress(), 'ar');
    expect(await screen.findByRole('heading', { level: 1, name: 'التقدّم الدراسي: مريم الكواري' })).toBeTruthy();
    expect(screen.getByText('الآيات المحفوظة')).toBeTruthy();
    const juz = screen.getByRole('list', { name: 'الجزء الثلاثون (جزء عمّ)' });
    expect(spoken(within(juz).getAllByRole('listitem')[0]!)).toBe('الناس: الآيات المحفوظة 3 من 6');
    expect(spoken(screen.getByTestId('surah-67'))).toBe('الملك: الآيات المحفوظة 0 من 30، والمراجَعة 30');
    expect(screen.getByRole('heading', { name: 'الواجبات المطلوبة' })).toBeTruthy();
    expect(screen.getByTestId('open-homework').textContent).toContain('من هدى بتاريخ');
    expect(screen.getByRole('link', { name: 'فتح الدرس' })).toBeTruthy();
    expect(screen.getByTestId('subject-1').textContent).toContain('درسان');
    expect(screen.getByTestId('subject-1').textContent).toContain('يناير');
  });

  it('says when there are no lessons yet, and offers a teacher', async () => {
    show(
      progress({
        lessons_taken: 0,
        hours_taught: 0,
        subjects: [],
        quran: { memorised: 0, revised: 0, surahs: [] },
        latest_reports: [],
        open_homework: [],
      }),
    );
    const empty = await screen.findByTestId('progress-empty');
    expect(within(empty).getByRole('heading', { name: 'No lessons yet' })).toBeTruthy();
    expect(within(empty).getByRole('link', { name: 'Find a teacher' }).getAttribute('href')).toBe('/teachers');
    expect(screen.queryByRole('list', { name: "Juz' 30 (Amma)" })).toBeNull();
  });

  it('says when lessons were had but no Quran report yet, and keeps the rest of the Quran folded', async () => {
    show(progress({ quran: { memorised: 0, revised: 0, surahs: [] }, open_homework: [] }), 'ar');
    expect((await screen.findByTestId('quran-empty')).textContent).toContain('لا توجد تقارير قرآن بعد');
    expect(screen.getByText('لا يوجد واجب مطلوب حاليًا.')).toBeTruthy();
    expect(screen.getByTestId('latest-reports')).toBeTruthy();
  });

  it("folds the rest of the Quran when only juz' 30 was learnt", async () => {
    show(progress({ quran: { memorised: 6, revised: 0, surahs: [{ surah: 114, memorised: 6, revised: 0 }] } }));
    const rest = await screen.findByTestId('surah-rest');
    expect(rest.closest('details')?.open).toBe(false);
    expect(screen.getByTestId('surah-114').className).toContain('surah-done');
  });

  it("says so for a child that is not the family's, with the way back", async () => {
    show(null, 'en', 99);
    expect((await screen.findByRole('alert')).textContent).toBe('This child could not be found in your family.');
    expect(screen.getByRole('link', { name: 'Back to the profile' }).getAttribute('href')).toBe('/profile');
  });
});
