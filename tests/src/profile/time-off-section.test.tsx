// @vitest-environment jsdom
// A teacher's time off on their profile: the entries ahead with the sessions booked inside each (links to
// their details); adding checks the days first (localized, nothing sent), keeps what was typed when the
// server refuses, with its message beside the field, and lists the sessions already booked in the new
// days, put in focus; removing asks the server and the list follows. In Arabic, right to left, axe clean.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { beforeEach, describe, expect, it } from 'vitest';
import type { TimeOff } from '../../../contract/time-off';
import { TimeOffSection } from '../../../src/features/profile/time-off-section';
import { toast } from '../../../src/ui/toast-store';
import { cleanUpAfterEach, renderRouted, type Reply } from '../helpers';

const entry = (id: number, first: string, last: string, sessions: TimeOff['sessions'] = []): TimeOff => ({
  id,
  first_day: first,
  last_day: last,
  time_zone: 'Asia/Qatar',
  starts_at: `${first}T00:00:00+03:00`,
  ends_at: `${last}T00:00:00+03:00`,
  sessions,
});

let entries: TimeOff[] = [];
let nextPost: Reply | null = null;

function server(url: string, method: string): Reply {
  if (url.endsWith('/v1/instructor/time-off') && method === 'GET') return { status: 200, json: { message: 'ok', data: entries } };
  if (url.endsWith('/v1/instructor/time-off') && method === 'POST') {
    const reply = nextPost!;
    nextPost = null;
    if (reply instanceof Error || reply.status !== 201) return reply;
    entries = [...entries, (reply.json as { data: TimeOff }).data];
    return reply;
  }
  const removed = /\/v1\/instructor\/time-off\/(\d+)$/.exec(url);
  if (removed && method === 'DELETE') {
    entries = entries.filter((e) => e.id !== Number(removed[1]));
    return { status: 200, json: { message: 'The time off was removed', data: { id: Number(removed[1]) } } };
  }
  return { status: 404, json: { message: 'not found' } };
}

beforeEach(() => {
  toast.clear();
  entries = [
    entry(1, '2030-01-09', '2030-01-09', [
      { id: 41, status: 'approved', starts_at: '2030-01-09T07:00:00.000Z', ends_at: '2030-01-09T08:00:00.000Z' },
    ]),
  ];
  nextPost = null;
});
cleanUpAfterEach();

const card = async (name: string) => within((await screen.findByRole('heading', { level: 2, name })).closest('section')!);

describe('Time off', () => {
  it('checks the days, keeps them when refused, then lists the sessions booked inside the new time off', async () => {
    const { user, calls } = renderRouted({ component: () => <TimeOffSection zone="Asia/Qatar" />, route: server });
    const section = await card('Time off');
    expect(section.getByText(/on your clock \(Qatar time\)/)).toBeTruthy();
    // The entry ahead, with its booked session as a link to its details.
    const list = within(await section.findByRole('list', { name: 'Your time off' }));
    expect(list.getByText('Wednesday, January 9, 2030')).toBeTruthy();
    expect(list.getByRole('link', { name: 'Wednesday, January 9 at 10:00 AM' }).getAttribute('href')).toBe('/session-details/41');

    // Nothing typed: localized messages beside both fields, nothing sent.
    await user.click(section.getByRole('button', { name: 'Add time off' }));
    expect(section.getByText('Choose the first day you are away.')).toBeTruthy();
    expect(section.getByText('Choose the last day you are away.')).toBeTruthy();
    const first = section.getByLabelText('First day');
    const last = section.getByLabelText('Last day');
    expect(first.getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(first, { target: { value: '2030-01-14' } });
    fireEvent.change(last, { target: { value: '2030-01-12' } });
    await user.click(section.getByRole('button', { name: 'Add time off' }));
    expect(section.getByText('The last day must be on or after the first day.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    // The server refuses: its message beside the last day, the days still there.
    fireEvent.change(last, { target: { value: '2030-05-20' } });
    nextPost = { status: 400, json: { message: 'Check the days', errors: { last_day: ['Time off can cover at most 92 days at a time'] } } };
    await user.click(section.getByRole('button', { name: 'Add time off' }));
    expect(await section.findByText('Time off can cover at most 92 days at a time')).toBeTruthy();
    expect(first).toHaveProperty('value', '2030-01-14');
    expect(last).toHaveProperty('value', '2030-05-20');
    expect(calls.filter((c) => c.method === 'POST').at(-1)?.body).toEqual({ first_day: '2030-01-14', last_day: '2030-05-20' });

    // Accepted: the booked sessions of the new days, each a link, in focus; the form empties.
    fireEvent.change(last, { target: { value: '2030-01-15' } });
    const held = [
      { id: 51, status: 'approved' as const, starts_at: '2030-01-14T13:00:00.000Z', ends_at: '2030-01-14T14:00:00.000Z' },
      { id: 52, status: 'pending' as const, starts_at: '2030-01-15T06:30:00.000Z', ends_at: '2030-01-15T07:30:00.000Z' },
    ];
    nextPost = {
      status: 201,
      json: { message: 'Your time off was added; you have sessions booked during it', data: entry(2, '2030-01-14', '2030-01-15', held) },
    };
    await user.click(section.getByRole('button', { name: 'Add time off' }));
    const notice = await section.findByTestId('time-off-held');
    expect(notice.textContent).toContain('2 sessions are already booked on these days.');
    const links = within(notice).getAllByRole('link');
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Monday, January 14 at 4:00 PM', '/session-details/51'],
      ['Tuesday, January 15 at 9:30 AM', '/session-details/52'],
    ]);
    expect(notice.textContent).toContain('Waiting for your answer');
    await waitFor(() => expect(document.activeElement).toBe(notice));
    expect(first).toHaveProperty('value', '');
    expect(toast.getSnapshot()[0]?.summary).toBe('Your time off was added; you have sessions booked during it');
    await waitFor(() => expect(list.getByText('Monday, January 14, 2030 – Tuesday, January 15, 2030')).toBeTruthy());
  });

  it('removes an entry, and reads in Arabic with axe clean', async () => {
    const { user, calls } = renderRouted({ component: () => <TimeOffSection zone="Asia/Qatar" />, route: server, locale: 'ar' });
    const section = await card('إجازة');
    expect(await section.findByRole('list', { name: 'إجازاتك' })).toBeTruthy();
    expect(section.getByText(/بحسب ساعتك/)).toBeTruthy();
    expect(section.getByRole('button', { name: 'إضافة إجازة' })).toBeTruthy();
    const audit = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } });
    expect(audit.violations.map((v) => `${v.id}: ${v.nodes.length}`)).toEqual([]);
    await user.click(section.getByRole('button', { name: /^إزالة الإجازة/ }));
    expect(await section.findByText('لا إجازات قادمة.')).toBeTruthy();
    expect(calls.some((c) => c.method === 'DELETE' && c.url.endsWith('/v1/instructor/time-off/1'))).toBe(true);
  });
});
