// @vitest-environment jsdom
// A teacher's page: the profile (name, description, subjects, phases, working hours in the viewer's
// language, experience, rating, the latest evaluations) beside whatever booking panel the route gives;
// an unknown teacher says so.
import { act, within, render, screen, waitFor } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import type { TeacherDetail } from '../../../contract/teachers';
import { createQueryClient } from '../../../src/api/query-client';
import { starFill } from '../../../src/features/teachers/rating-stars';
import { TeacherPage } from '../../../src/features/teachers/teacher-page';
import { cleanUpAfterEach, fakeFetch, makeI18n, type Reply } from '../helpers';

const detail: TeacherDetail = {
  id: 3,
  first_name: 'فاطمة',
  last_name: 'الكعبي',
  gender: 'female',
  country: 'قطر',
  experience_years: 12,
  subjects: [{ id: 1, name: 'القرآن الكريم' }],
  phases: [{ id: 4, name: 'الروضة' }],
  working_hours: [
    { day: 0, from: '00:00', to: '24:00' },
    { day: 1, from: '16:00', to: '20:30' },
  ],
  rating: { average: 4.7, count: 3 },
  available_now: false,
  description: 'معلمة قرآن كريم مجازة',
  evaluations: [{ rating: 5, comment: 'ابنتي أصبحت تحب الحفظ', student_first_name: 'يوسف', at: '2030-01-01T10:00:00.000Z' }],
  busy: [],
  time_zone: 'Asia/Qatar',
  next_free: null,
};

function renderPage(reply: Reply, locale: 'en' | 'ar' = 'en') {
  const { fetch } = fakeFetch(() => reply);
  vi.stubGlobal('fetch', fetch);
  const booking = vi.fn(() => <p>booking panel</p>);
  render(
    <I18nProvider i18n={makeI18n(locale)}>
      <QueryClientProvider client={createQueryClient({ onError: vi.fn() })}>
        <TeacherPage id={3} booking={booking} />
      </QueryClientProvider>
    </I18nProvider>,
  );
  return { booking };
}

cleanUpAfterEach();

describe('teacher page', () => {
  it('shows the profile and hands the teacher to the booking panel', async () => {
    const { booking } = renderPage({ status: 200, json: { message: 'ok', data: detail } });
    expect(await screen.findByRole('heading', { level: 1, name: 'فاطمة الكعبي' })).toBeTruthy();
    expect(screen.getByText('معلمة قرآن كريم مجازة')).toBeTruthy();
    expect(screen.getByText('القرآن الكريم')).toBeTruthy();
    expect(screen.getByText('الروضة')).toBeTruthy();
    expect(screen.getByText('12 years of experience')).toBeTruthy();
    expect(screen.getByText('Rated 4.7 out of 5 by 3 students')).toBeTruthy();
    expect(screen.getByText('Sunday')).toBeTruthy();
    expect(screen.getByText('All day')).toBeTruthy();
    expect(screen.getByText('Monday')).toBeTruthy();
    expect(screen.getByText('4:00 PM – 8:30 PM')).toBeTruthy();
    expect(screen.getByText('ابنتي أصبحت تحب الحفظ')).toBeTruthy();
    expect(screen.getByText('booking panel')).toBeTruthy();
    expect(booking).toHaveBeenCalledWith(expect.objectContaining({ id: 3, busy: [] }));
  });

  it('keeps the page and its booking panel while a language switch reads the teacher again', async () => {
    let calls = 0;
    // The first read answers; the one in the other language is still on its way.
    vi.stubGlobal('fetch', () =>
      ++calls === 1
        ? Promise.resolve(
            new Response(JSON.stringify({ message: 'ok', data: detail }), { headers: { 'Content-Type': 'application/json' } }),
          )
        : new Promise<Response>(() => undefined),
    );
    const i18n = makeI18n('en');
    render(
      <I18nProvider i18n={i18n}>
        <QueryClientProvider client={createQueryClient({ onError: vi.fn() })}>
          <TeacherPage id={3} booking={() => <p>booking panel</p>} />
        </QueryClientProvider>
      </I18nProvider>,
    );
    await screen.findByRole('heading', { level: 1, name: 'فاطمة الكعبي' });
    act(() => i18n.activate('ar'));
    await waitFor(() => expect(calls).toBe(2));
    expect(screen.getByRole('heading', { level: 1, name: 'فاطمة الكعبي' })).toBeTruthy();
    expect(screen.getByText('booking panel')).toBeTruthy();
  });

  it('isolates what teachers and families wrote, so Arabic on an English page keeps its punctuation', async () => {
    renderPage({ status: 200, json: { message: 'ok', data: detail } });
    const heading = await screen.findByRole('heading', { level: 1, name: 'فاطمة الكعبي' });
    expect(heading.querySelector('bdi')?.textContent).toBe('فاطمة الكعبي');
    expect(screen.getByText('معلمة قرآن كريم مجازة').getAttribute('dir')).toBe('auto');
    expect(screen.getByText('ابنتي أصبحت تحب الحفظ').getAttribute('dir')).toBe('auto');
    expect(screen.getByText('يوسف').tagName).toBe('BDI');
  });

  it('draws averages with partial stars and the count once; a review shows its own stars without "(1)"', async () => {
    renderPage({ status: 200, json: { message: 'ok', data: detail } });
    await screen.findByRole('heading', { level: 1, name: 'فاطمة الكعبي' });
    const [average, review] = [...document.querySelectorAll('.rating')];
    // 4.7: four full stars and the fifth 70 % full.
    expect([...average!.querySelectorAll('.star')].map((s) => s.getAttribute('data-fill'))).toEqual(['100', '100', '100', '100', '70']);
    expect(average!.querySelector('.rating-text')?.textContent).toBe('4.7 (3)');
    expect(review!.querySelector('.rating-text')?.textContent).toBe('5');
    expect(review!.textContent).not.toContain('(1)');
    expect(within(review as HTMLElement).getByText('Rated 5 out of 5')).toBeTruthy();
  });

  it('a "Book" action takes the reader (and the focus) to the booking panel from anywhere on the page', async () => {
    renderPage({ status: 200, json: { message: 'ok', data: detail } });
    const book = await screen.findByRole('button', { name: 'Book with فاطمة' });
    book.click();
    expect(document.activeElement).toBe(screen.getByText('booking panel').parentElement);
  });

  it('writes days in Arabic for an Arabic reader', async () => {
    renderPage({ status: 200, json: { message: 'ok', data: detail } }, 'ar');
    expect(await screen.findByText('الأحد')).toBeTruthy();
    expect(screen.getByText('طوال اليوم')).toBeTruthy();
    expect(screen.getByText('ساعات العمل (بتوقيت قطر)')).toBeTruthy();
  });

  it('an unknown teacher says so', async () => {
    renderPage({ status: 404, json: { message: 'Not found' } });
    expect(await screen.findByText('This teacher cannot be found.')).toBeTruthy();
  });
});

describe('starFill', () => {
  it.each([
    [4.5, [100, 100, 100, 100, 50]],
    [4.7, [100, 100, 100, 100, 70]],
    [3, [100, 100, 100, 0, 0]],
    [0.04, [0, 0, 0, 0, 0]],
  ])('%s → %j', (average, fills) => {
    expect([1, 2, 3, 4, 5].map((n) => starFill(average, n))).toEqual(fills);
  });
});
