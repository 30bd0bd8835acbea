// @vitest-environment jsdom
// The teacher's calendar: their week on their own clock (the zone named), a day list on a phone and a
// week grid from 1024 px — seven day columns with time off noted under the day, one row per start —
// each session a link to its details with what it is (booked, waiting for an answer, offered), the next
// one marked; the week buttons page by seven days. In Arabic too; axe clean in both layouts.
import { screen, within } from '@testing-library/react';
import axe from 'axe-core';
import { describe, expect, it, vi } from 'vitest';
import type { TeacherWeek } from '../../../contract/teacher-calendar';
import { halfHoursOf, shiftDay, TeacherCalendarPage } from '../../../src/features/teacher-calendar/calendar-page';
import { cleanUpAfterEach, renderRouted, type Reply } from '../helpers';

const session = (id: number, kind: 'booked' | 'pending' | 'offered', starts: string, subject = 'Mathematics') => ({
  id,
  kind,
  status: kind === 'booked' ? ('approved' as const) : ('pending' as const),
  type: 'schedule' as const,
  starts_at: starts,
  ends_at: new Date(Date.parse(starts) + 3_600_000).toISOString(),
  subject,
  child: 'Maryam',
});

// Sunday 6 – Saturday 12 January 2030 in Qatar (UTC+3).
const WEEK: TeacherWeek = {
  time_zone: 'Asia/Qatar',
  first_day: '2030-01-06',
  from: '2030-01-05T21:00:00.000Z',
  to: '2030-01-12T21:00:00.000Z',
  sessions: [
    session(11, 'booked', '2030-01-07T07:00:00.000Z'),
    session(12, 'pending', '2030-01-07T10:00:00.000Z', 'Quran'),
    session(13, 'offered', '2030-01-08T07:00:00.000Z'),
  ],
  time_off: [
    { id: 3, first_day: '2030-01-09', last_day: '2030-01-09', starts_at: '2030-01-08T21:00:00.000Z', ends_at: '2030-01-09T21:00:00.000Z' },
  ],
};

const server = (url: string): Reply =>
  url.includes('/v1/instructor/calendar') ? { status: 200, json: { message: 'ok', data: WEEK } } : { status: 404, json: { message: 'no' } };

const wide = () =>
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: true, media: query, addEventListener() {}, removeEventListener() {} }));

const audit = async () =>
  (await axe.run(document.body, { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } })).violations.map(
    (v) => `${v.id}: ${v.nodes.length}`,
  );

cleanUpAfterEach();

describe('TeacherCalendarPage', () => {
  it('lists the week by day on a phone, each session a link with its kind, time off noted, the next one marked', async () => {
    const { calls } = renderRouted({ component: () => <TeacherCalendarPage week="2030-01-08" onWeek={() => {}} />, route: server });
    expect(await screen.findByText(/Times are Qatar time\./)).toBeTruthy();
    expect(calls[0]?.url).toContain('/v1/instructor/calendar?week=2030-01-08');
    const days = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(days).toHaveLength(7);
    expect(days[0]).toBe('Sunday, January 6');
    expect(days[3]).toBe('Wednesday, January 9Time off');
    const monday = within(screen.getByRole('region', { name: 'Monday, January 7' }));
    const links = monday.getAllByRole('link');
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['10:00 AM – 11:00 AMMathematics · MaryamBookedNext session', '/session-details/11'],
      ['1:00 PM – 2:00 PMQuran · MaryamWaiting for your answer', '/session-details/12'],
    ]);
    const tuesday = within(screen.getByRole('region', { name: 'Tuesday, January 8' }));
    expect(tuesday.getByRole('link').textContent).toContain('Offered to you');
    expect(within(screen.getByRole('region', { name: 'Wednesday, January 9Time off' })).getByText('You are away.')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Sunday, January 6' })).getByText('No sessions.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Add or remove time off' }).getAttribute('href')).toBe('/profile#time-off');
  });

  it('draws a week grid from 1024 px: day columns, a row per half-hour covered, each session a block as long as it, and pages by a week', async () => {
    wide();
    const onWeek = vi.fn();
    const { user } = renderRouted({ component: () => <TeacherCalendarPage week="2030-01-08" onWeek={onWeek} />, route: server });
    const table = await screen.findByRole('table', { name: 'Your week' });
    const heads = within(table).getAllByRole('columnheader');
    expect(heads).toHaveLength(8);
    expect(heads[4]!.getAttribute('aria-label')).toBe('Wednesday, January 9, Time off');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getByRole('rowheader').textContent)).toEqual(['10:00 AM', '10:30 AM', '1:00 PM', '1:30 PM']);
    // An hour is a block over two half-hour rows; the rows it covers hold no second copy.
    expect(
      within(table)
        .getAllByRole('link')
        .map((a) => [a.getAttribute('href'), a.style.getPropertyValue('--span')]),
    ).toEqual([
      ['/session-details/11', '2'],
      ['/session-details/13', '2'],
      ['/session-details/12', '2'],
    ]);
    expect(within(rows[1]!).queryAllByRole('link')).toEqual([]);
    // 10:00: Monday's booked session and Tuesday's offer, each under its day.
    const cells = within(rows[0]!).getAllByRole('cell');
    expect(cells.map((c) => [c.getAttribute('aria-colindex'), within(c).getByRole('link').getAttribute('href')])).toEqual([
      ['3', '/session-details/11'],
      ['4', '/session-details/13'],
    ]);
    await user.click(screen.getByRole('button', { name: 'Previous week' }));
    await user.click(screen.getByRole('button', { name: 'Following week' }));
    await user.click(screen.getByRole('button', { name: 'This week' }));
    expect(onWeek.mock.calls).toEqual([['2029-12-30'], ['2030-01-13'], [undefined]]);
    expect(await audit()).toEqual([]);
  });

  it('reads in Arabic with axe clean', async () => {
    renderRouted({ component: () => <TeacherCalendarPage onWeek={() => {}} />, route: server, locale: 'ar' });
    expect(await screen.findByText('معروضة عليك')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'تقويمك' })).toBeTruthy();
    expect(screen.getByText('أنت في إجازة.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'هذا الأسبوع' })).toHaveProperty('disabled', true);
    expect(await audit()).toEqual([]);
    expect(shiftDay('2030-03-01', -7)).toBe('2030-02-22');
    expect(halfHoursOf({ starts_at: '2030-01-07T07:00:00.000Z', ends_at: '2030-01-07T08:30:00.000Z' })).toEqual([
      '2030-01-07T07:00:00.000Z',
      '2030-01-07T07:30:00.000Z',
      '2030-01-07T08:00:00.000Z',
    ]);
  });

  it('says so when the week cannot be loaded', async () => {
    renderRouted({ component: () => <TeacherCalendarPage onWeek={() => {}} />, route: () => ({ status: 500, json: { message: 'x' } }) });
    expect(await screen.findByText('Your calendar could not be loaded. Please reload the page.')).toBeTruthy();
  });
});
