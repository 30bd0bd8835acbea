// @vitest-environment jsdom
// Moving a pending request from its details: the family gets "Move to another time" where the request
// machine offers `reschedule` (not the teacher, not once it is approved); the dialog shows the same
// teacher's free times for the same length without the request's own time, sends the chosen start,
// says "just taken" inside the dialog and reloads the times on a 409, and on success closes and shows
// the new time. Arabic too, and axe clean with the dialog open.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { RequestDetail } from '../../../contract/requests';
import { MoveRequest } from '../../../src/features/booking/move-request';
import { SessionDetailsPage } from '../../../src/features/session-details/session-details-page';
import { toast } from '../../../src/ui/toast-store';
import { cleanUpAfterEach, fakeFetch } from '../helpers';
import { detail, fakeRealtime, renderScreen } from '../requests/fixtures';

cleanUpAfterEach();

const HOUR = 3_600_000;
/** Starts on the half-hour grid, some hours from the real clock (the calendar pages from its window). */
const gridAt = (hours: number) => new Date(Math.ceil((Date.now() + hours * HOUR) / (30 * 60_000)) * 30 * 60_000).toISOString();

interface Scene {
  current: RequestDetail;
  slots: string[];
  /** What the next POST …/reschedule answers. */
  replies: { status: number; json: unknown }[];
}

function serve(scene: Scene) {
  const { fetch, calls } = fakeFetch((url, method) => {
    const path = new URL(url, 'http://localhost').pathname;
    if (method === 'GET' && /\/v1\/requests\/\d+$/.test(path)) return { status: 200, json: { message: 'ok', data: scene.current } };
    if (method === 'GET' && /\/v1\/teachers\/20\/availability$/.test(path)) {
      const from = new Date();
      return {
        status: 200,
        json: {
          message: 'ok',
          data: {
            teacher_id: 20,
            time_zone: 'Asia/Qatar',
            duration_hours: 2,
            from: from.toISOString(),
            to: new Date(from.getTime() + 14 * 86_400_000).toISOString(),
            slots: scene.slots,
            available_now: true,
            no_working_hours: false,
          },
        },
      };
    }
    if (method === 'POST' && /\/reschedule$/.test(path))
      return scene.replies.shift() ?? { status: 500, json: { message: 'no reply left' } };
    return { status: 404, json: { message: 'Not found' } };
  });
  vi.stubGlobal('fetch', fetch);
  return calls;
}

// The request's times follow the real clock (the calendar's window does), so the page's clock does too.
function show(current: RequestDetail, role: 'student' | 'teacher' = 'student', locale: 'en' | 'ar' = 'en') {
  renderScreen(
    () => (
      <SessionDetailsPage
        requestId={current.id}
        viewer={{ id: role === 'student' ? 10 : 20, role }}
        now={Date.now}
        timeZone="Asia/Qatar"
        connect={fakeRealtime().connect}
        moveRequest={(d) => <MoveRequest request={d} timeZone="Asia/Qatar" />}
      />
    ),
    locale,
  );
  return userEvent.setup();
}

const cell = (iso: string) => document.querySelector<HTMLElement>(`[role="gridcell"][data-slot="${iso}"]`);

describe('moving a pending request', () => {
  beforeEach(() => toast.clear?.());

  it('offers the same teacher’s free times without the current one, says "just taken" in place, then moves it', async () => {
    const own = gridAt(30);
    const taken = gridAt(26);
    const free = gridAt(50);
    const pending = detail({
      actions: ['cancel', 'reschedule'],
      starts_at: own,
      ends_at: new Date(Date.parse(own) + 2 * HOUR).toISOString(),
    });
    const moved = { ...pending, starts_at: free, ends_at: new Date(Date.parse(free) + 2 * HOUR).toISOString() };
    const scene: Scene = {
      current: pending,
      slots: [taken, own, free],
      replies: [
        { status: 409, json: { message: 'This time was just taken', code: 'slot_taken' } },
        { status: 200, json: { message: 'ok', data: moved } },
      ],
    };
    const calls = serve(scene);
    const user = show(pending);

    await user.click(await screen.findByRole('button', { name: 'Move to another time' }));
    const dialog = await screen.findByRole('dialog', { name: 'Move to another time' });
    await waitFor(() => expect(cell(taken)).not.toBeNull());
    // "Now" is no move, nor is the request's own time.
    expect(cell(own)).toBeNull();
    expect(within(dialog).queryByRole('gridcell', { name: /now/i })).toBeNull();
    const confirm = within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Move the request' });
    expect(confirm.disabled).toBe(true);
    const results = await axe.run(dialog, { rules: { region: { enabled: false } } });
    expect(results.violations.map((v) => v.id)).toEqual([]);

    await user.click(cell(taken)!);
    await user.click(confirm);
    expect((await within(dialog).findByRole('alert')).textContent).toBe('That time was just taken. Please choose another.');
    const posts = calls.filter((c) => c.method === 'POST');
    expect(posts[0]!.body).toEqual({ starts_at: taken });
    // The times are loaded again and nothing stays chosen.
    await waitFor(() => expect(calls.filter((c) => c.url.includes('/availability')).length).toBe(2));
    expect(confirm.disabled).toBe(true);

    scene.current = moved;
    await user.click(cell(free)!);
    expect(within(dialog).queryByRole('alert')).toBeNull();
    await user.click(confirm);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((c) => c.method === 'POST')[1]!.body).toEqual({ starts_at: free });
  });

  it('is not offered to the teacher, nor without the machine’s reschedule', async () => {
    const pending = detail({ actions: ['approve', 'reject', 'reschedule'], starts_at: gridAt(30), ends_at: gridAt(32) });
    serve({ current: pending, slots: [], replies: [] });
    show(pending, 'teacher');
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('button', { name: 'Move to another time' })).toBeNull();
  });

  it('speaks Arabic', async () => {
    const pending = detail({ actions: ['cancel', 'reschedule'], starts_at: gridAt(30), ends_at: gridAt(32) });
    serve({ current: pending, slots: [gridAt(26)], replies: [] });
    const user = show(pending, 'student', 'ar');
    const button = await screen.findByRole('button', { name: 'نقل إلى موعد آخر' });
    await user.click(button);
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole<HTMLButtonElement>('button', { name: 'نقل الطلب' }).disabled).toBe(true);
  });
});
