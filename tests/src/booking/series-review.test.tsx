// @vitest-environment jsdom
// The weekly series on the booking review: off by default; turned on, it asks the server to check each
// week (the zone the viewer sees, the number of weeks), lists each date on the viewer's clock with the
// zone named, marks the weeks that are not free with why, says what the series takes and leaves, and
// hands up the free weeks for the confirm. Keyboard only, Arabic too, axe clean.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { describe, expect, it, vi } from 'vitest';
import type { SeriesPreview } from '../../../contract/series';
import { useState } from 'react';
import type { BookingSeries } from '../../../machines/booking.machine';
import { SeriesReview } from '../../../src/features/booking/series-review';
import { cleanUpAfterEach, fakeFetch } from '../helpers';
import { renderScreen } from '../requests/fixtures';

cleanUpAfterEach();

const WEEK = 7 * 86_400_000;
const FIRST = '2030-03-17T17:00:00.000Z';
const at = (i: number) => new Date(Date.parse(FIRST) + i * WEEK).toISOString();

function previewOf(weeks: number): SeriesPreview {
  const states: SeriesPreview['weeks'][number]['state'][] = ['free', 'taken', 'free', 'unavailable'];
  return {
    time_zone: 'Europe/London',
    weeks: Array.from({ length: weeks }, (_, i) => {
      const state = states[i % states.length]!;
      return {
        week: i + 1,
        starts_at: at(i),
        ends_at: at(i),
        state,
        code: state === 'taken' ? 'teacher_busy' : state === 'unavailable' ? 'schedule_too_far' : null,
        pay: state === 'free' ? (i === 0 ? 'free_trial' : 'hours') : null,
      };
    }),
    minutes: 60 * Math.max(0, Math.ceil(weeks / 2) - 1),
    free_trial: true,
    minutes_left: 120,
  };
}

function show(locale: 'en' | 'ar' = 'en', restored: BookingSeries | null = null) {
  const { fetch, calls } = fakeFetch((url, method) => {
    const path = new URL(url, 'http://localhost').pathname;
    if (method === 'POST' && path.endsWith('/v1/series/preview')) {
      const body = calls.at(-1)?.body as { repeat_weeks: number };
      return { status: 200, json: { message: 'ok', data: previewOf(body.repeat_weeks) } };
    }
    return { status: 404, json: { message: 'Not found' } };
  });
  vi.stubGlobal('fetch', fetch);
  const choices: (BookingSeries | null)[] = [];
  // The booking's fields hold the choice (as the machine does) and hand it back as `chosen`.
  function Held() {
    const [chosen, setChosen] = useState<BookingSeries | null>(restored);
    return (
      <SeriesReview
        teacherId={20}
        subjectId={3}
        childId={7}
        startsAt={FIRST}
        durationHours={1}
        viewerZone="Europe/London"
        chosen={chosen}
        onChoice={(c) => {
          choices.push(c);
          setChosen(c);
        }}
      />
    );
  }
  renderScreen(() => <Held />, locale);
  return { calls, choices, user: userEvent.setup() };
}

describe('SeriesReview', () => {
  it('checks each week, marks the ones that are not free, says the cost and hands up the free weeks', async () => {
    const { calls, choices, user } = show();
    const box = await screen.findByRole('checkbox', { name: 'Repeat every week at this time' });
    expect(calls).toHaveLength(0);
    await user.tab();
    expect(document.activeElement).toBe(box);
    await user.keyboard(' ');
    const list = await screen.findByTestId('series-weeks');
    expect(calls.at(-1)?.body).toMatchObject({
      teacher_id: 20,
      subject_id: 3,
      child_id: 7,
      starts_at: FIRST,
      repeat_weeks: 4,
      time_zone: 'Europe/London',
    });
    expect(screen.getByText('Times on your clock (London time)')).toBeTruthy();
    const items = within(list).getAllByRole('listitem');
    expect(items.map((li) => li.getAttribute('data-state'))).toEqual(['free', 'taken', 'free', 'unavailable']);
    // Each date on the viewer's clock (this fake adds 7 × 24 hours, so London's summer time shows 6 PM).
    expect(items[2]!.textContent).toBe('Sunday, March 31, 2030 at 6:00\u00a0PM');
    expect(items[1]!.textContent).toContain('Not free: the teacher has another session');
    expect(items[3]!.textContent).toContain('Sessions can be booked up to 90 days ahead');
    expect(screen.getByTestId('series-cost').textContent).toBe(
      '2 lessons will be booked. The first is your free trial. It takes 1 hour; 2 hours left after it.',
    );
    expect(choices.at(-1)).toEqual({ repeatWeeks: 4, weeks: [1, 3], timeZone: 'Europe/London' });

    // More weeks, typed: checked again.
    const weeks = screen.getByRole('spinbutton', { name: 'Number of weeks' });
    await user.tab();
    expect(document.activeElement).toBe(weeks);
    await user.clear(weeks);
    await user.type(weeks, '6');
    await waitFor(() => expect(choices.at(-1)).toEqual({ repeatWeeks: 6, weeks: [1, 3, 5], timeZone: 'Europe/London' }));

    const audit = await axe.run(screen.getByTestId('series-review'), {
      rules: { 'color-contrast': { enabled: false }, region: { enabled: false } },
    });
    expect(audit.violations).toEqual([]);

    // Off again: one lesson.
    await user.click(box);
    await waitFor(() => expect(choices.at(-1)).toBeNull());
  });

  it('a series restored with the draft (a reload, the packages detour) opens ticked with its weeks and is kept', async () => {
    const { calls, choices } = show('en', { repeatWeeks: 6, weeks: [1, 3, 5], timeZone: 'Europe/London' });
    const box = await screen.findByRole('checkbox', { name: 'Repeat every week at this time' });
    expect((box as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('spinbutton', { name: 'Number of weeks' }) as HTMLInputElement).value).toBe('6');
    await screen.findByTestId('series-weeks');
    expect(calls.at(-1)?.body).toMatchObject({ repeat_weeks: 6 });
    // The preview agrees with what was kept: nothing is handed up, nothing dropped.
    expect(choices).toEqual([]);
  });

  it('speaks Arabic', async () => {
    const { user } = show('ar');
    await user.click(await screen.findByRole('checkbox', { name: 'كرّر الحجز كل أسبوع في هذا الموعد' }));
    expect(await screen.findByText('المواعيد حسب ساعتك (بتوقيت لندن)')).toBeTruthy();
    expect(screen.getByTestId('series-cost').textContent).toContain('ستُحجز حصتان.');
    expect(screen.getByRole('spinbutton', { name: 'عدد الأسابيع' })).toBeTruthy();
  });
});
