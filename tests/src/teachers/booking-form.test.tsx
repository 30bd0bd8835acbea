// @vitest-environment jsdom
// The guided booking on a teacher's page as a student uses it (issues 6 and 11): subject, duration, time
// and review, one step at a time; the free times come from
// the server as a calendar grid, labelled with the viewer's and the teacher's zones and driven by the
// keyboard (mirrored in Arabic); a chosen time posts the contract's body, shows a toast and hands over
// the new request; "just taken" says so beside the calendar and reloads the free times; the server's
// field errors stand beside their fields with everything kept; too few hours offer the packages screen
// and the form comes back as it was (sessionStorage).
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nProvider } from '@lingui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TeacherDetail } from '../../../contract/teachers';
import { createQueryClient } from '../../../src/api/query-client';
import { BookingForm } from '../../../src/features/booking/booking-form';
import { bookingStorageKey } from '../../../src/features/booking/use-booking';
import { toast } from '../../../src/ui/toast-store';
import { fakeFetch, makeI18n, type Reply } from '../helpers';

const allWeek = [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, from: '00:00', to: '24:00' }));
const teacher: TeacherDetail = {
  id: 3,
  first_name: 'Fatima',
  last_name: 'Al-Kaabi',
  gender: 'female',
  country: 'Qatar',
  experience_years: 5,
  subjects: [
    { id: 1, name: 'Quran' },
    { id: 2, name: 'Arabic' },
  ],
  phases: [],
  working_hours: allWeek,
  rating: { average: 0, count: 0 },
  available_now: true,
  description: null,
  evaluations: [],
  busy: [],
  time_zone: 'Asia/Qatar',
};

const detail = (id: number) => ({
  message: 'ok',
  data: {
    id,
    type: 'schedule',
    status: 'pending',
    subject: { id: 1, name: 'Quran' },
    teacher: { id: 3, first_name: 'Fatima', last_name: 'Al-Kaabi' },
    student: { id: 8, first_name: 'Sara', last_name: 'Ali' },
    starts_at: '2030-01-01T10:00:00.000Z',
    ends_at: '2030-01-01T11:00:00.000Z',
    duration_hours: 1,
    broadcast: false,
    offered: false,
    created_at: '2030-01-01T08:00:00.000Z',
    actions: ['cancel'],
    comment: null,
    preferred_gender: null,
    paid_with: 'hours',
    history: [],
    deadlines: { cancel_free_until: null, join_opens_at: '2030-01-01T09:50:00.000Z', expires_at: '2030-01-01T10:00:00.000Z' },
    channel_name: null,
    evaluation: null,
  },
});

let reply: Reply;
let slots: string[];
const HOUR = 3_600_000;
/** A start on the half-hour grid at least `hours` from now. */
const gridAt = (hours: number) => new Date(Math.ceil((Date.now() + hours * HOUR) / (30 * 60_000)) * 30 * 60_000).toISOString();

function availability(duration = 1) {
  return {
    message: 'ok',
    data: { teacher_id: 3, time_zone: 'Asia/Qatar', duration_hours: duration, from: '', to: '', slots, available_now: true, no_working_hours: false },
  };
}

async function renderForm(balance = { minutes_remaining: 600, free_trial_available: false }, locale: 'en' | 'ar' = 'en', studentKey = '8') {
  const { fetch, calls } = fakeFetch((url, method) => {
    if (method === 'GET' && url.includes('/availability')) return { status: 200, json: availability(Number(/duration=(\d)/.exec(url)?.[1] ?? 1)) };
    return reply;
  });
  vi.stubGlobal('fetch', fetch);
  const onBooked = vi.fn();
  const onOpenPackages = vi.fn();
  const onError = vi.fn();
  const queryClient = createQueryClient({ onError });
  const rootRoute = createRootRoute({
    component: () => <BookingForm studentKey={studentKey} teacher={teacher} balance={balance} onBooked={onBooked} onOpenPackages={onOpenPackages} />,
  });
  const router = createRouter({ routeTree: rootRoute, history: createMemoryHistory({ initialEntries: ['/'] }) });
  const view = render(
    <I18nProvider i18n={makeI18n(locale)}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </I18nProvider>,
  );
  // The first step, or the step a restored draft was in.
  await screen.findByRole('button', { name: /^(Next|Send the request|التالي|إرسال الطلب)$/ });
  return { calls, onBooked, onOpenPackages, onError, view, user: userEvent.setup() };
}

type User = ReturnType<typeof userEvent.setup>;
const next = (user: User, name = 'Next') => user.click(screen.getByRole('button', { name }));
/** Subject and duration chosen with "Next": the calendar step. */
async function toSlots(user: User, subject = '1', duration = '1', nextName = 'Next') {
  await user.selectOptions(screen.getByRole('combobox'), subject);
  await next(user, nextName);
  await user.selectOptions(await screen.findByRole('combobox'), duration);
  await next(user, nextName);
}
/** A free time clicked and "Next": the review step. */
async function toReview(user: User, cell: number, subject = '1', duration = '1') {
  await toSlots(user, subject, duration);
  await user.click((await cells())[cell]!);
  await next(user);
  await screen.findByRole('button', { name: 'Send the request' });
}

const cells = async () => within(await screen.findByRole('grid')).getAllByRole('gridcell');
const posts = <T extends { method: string }>(calls: T[]) => calls.filter((c) => c.method === 'POST');

beforeEach(() => {
  sessionStorage.clear();
  reply = { status: 201, json: detail(55) };
  slots = [gridAt(2), gridAt(3), gridAt(26)];
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  document.documentElement.dir = '';
});

describe('booking form', () => {
  it('shows the balance and the free trial beside the form', async () => {
    await renderForm({ minutes_remaining: 150, free_trial_available: true });
    const note = await screen.findByTestId('booking-balance');
    expect(note.textContent).toContain('Your balance: 2 h 30 min');
    expect(note.textContent).toContain('Your free trial covers a session of up to 1 hour.');
  });

  it('shows the free times as a grid, labelled for a screen reader with both zones, the next one marked', async () => {
    const { user } = await renderForm();
    await toSlots(user);
    const [first, second] = await cells();
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    const day = new Intl.DateTimeFormat('en', { weekday: 'long', day: 'numeric', month: 'long', timeZone: zone }).format(new Date(slots[0]!));
    const time = new Intl.DateTimeFormat('en', { hour: 'numeric', minute: '2-digit', timeZone: zone }).format(new Date(slots[0]!));
    const qatar = new Intl.DateTimeFormat('en', { hour: 'numeric', minute: '2-digit', timeZone: 'Asia/Qatar' }).format(new Date(slots[0]!));
    expect(first!.getAttribute('aria-label')).toBe(`${day}, ${time}, ${qatar} teacher's time, next free time`);
    expect(second!.getAttribute('aria-label')).toMatch(/, free$/);
    expect(first!.textContent).toBe(time);
    expect(screen.getByText(/^Times are your time \(.+\)\. The teacher's time zone is .+\.$/)).toBeTruthy();
  });

  it('moves with the keyboard: arrows, Home/End, next day; arrows mirror in Arabic', async () => {
    const { user } = await renderForm();
    await toSlots(user);
    const all = await cells();
    all[0]!.focus();
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(all[1]);
    await user.keyboard('{Home}');
    expect(document.activeElement).toBe(all[0]);
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement?.getAttribute('data-slot')).toBe(slots[2]);
    await user.keyboard('{ArrowUp}{End}');
    expect(document.activeElement?.getAttribute('data-slot')).toBe(slots[1]);
    // Only the active cell is in the tab order.
    expect(all.filter((c) => c.tabIndex === 0)).toHaveLength(1);
    cleanup();

    document.documentElement.dir = 'rtl';
    sessionStorage.clear(); // the English draft would come back at its step
    const ar = await renderForm(undefined, 'ar');
    await toSlots(ar.user, '1', '1', 'التالي');
    const rtl = await cells();
    rtl[0]!.focus();
    await ar.user.keyboard('{ArrowLeft}');
    expect(document.activeElement).toBe(rtl[1]);
    await ar.user.keyboard('{Enter}');
    expect(rtl[1]!.getAttribute('aria-selected')).toBe('true');
  });

  it('asks for the subject first; a missing time: the calendar says so and its active cell gets the focus', async () => {
    const { user, calls } = await renderForm();
    await next(user);
    expect(await screen.findByText('This field is required')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('combobox', { name: 'Subject' })));
    await toSlots(user);
    await cells();
    await next(user);
    await waitFor(() => expect(document.activeElement?.outerHTML.slice(0, 200)).toContain('gridcell'));
    expect(screen.getByRole('grid').getAttribute('aria-invalid')).toBe('true');
    expect(posts(calls)).toHaveLength(0);
  });

  it('the review names the teacher, the time, the cost and lets each step be changed with everything kept', async () => {
    const { user } = await renderForm({ minutes_remaining: 300, free_trial_available: false });
    await toReview(user, 0, '2', '2');
    const review = screen.getByRole('heading', { name: 'Check and send' });
    expect(document.activeElement).toBe(review);
    expect(screen.getByText('Fatima Al-Kaabi')).toBeTruthy();
    expect(screen.getByText(/^Your time: /)).toBeTruthy();
    expect(screen.getByText(/Paid from your hours; 3 hours left after it\./)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Change: Duration' }));
    expect((screen.getByRole('combobox', { name: 'Duration' }) as HTMLSelectElement).value).toBe('2');
    await next(user);
    expect((await cells())[0]!.getAttribute('aria-selected')).toBe('true');
  });

  it('books the chosen time: posts the offered instant, shows a toast and hands over the request', async () => {
    const shown = vi.spyOn(toast, 'show');
    const { user, calls, onBooked } = await renderForm();
    await toSlots(user, '2', '2');
    const [, second] = await cells();
    await user.click(second!);
    expect(second!.getAttribute('aria-selected')).toBe('true');
    expect(screen.getByText(/^Your time: /)).toBeTruthy();
    await next(user);
    await user.click(screen.getByRole('checkbox', { name: 'Also send my request to other teachers of the same level' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Preferred teacher gender' }), 'female');
    await user.type(screen.getByRole('textbox', { name: 'Comment' }), 'Surat Al-Mulk');
    await user.click(screen.getByRole('button', { name: 'Send the request' }));
    await waitFor(() => expect(onBooked).toHaveBeenCalledWith(55));
    expect(calls.some((c) => /availability\?.*duration=2/.test(c.url))).toBe(true);
    const post = posts(calls)[0]!;
    expect(post.url).toMatch(/\/v1\/requests$/);
    expect(post.body).toEqual({
      teacher_id: 3,
      subject_id: 2,
      type: 'schedule',
      starts_at: slots[1],
      duration_hours: 2,
      comment: 'Surat Al-Mulk',
      broadcast: true,
      preferred_gender: 'female',
    });
    expect(shown).toHaveBeenCalledWith(expect.objectContaining({ severity: 'success', summary: 'Request sent' }));
    // A finished booking is not restored next time.
    expect(sessionStorage.getItem(bookingStorageKey('8', 3))).toBeNull();
  });

  it('an urgent request needs no time', async () => {
    const { user, calls, onBooked } = await renderForm();
    await toSlots(user);
    await user.click(await screen.findByRole('radio', { name: 'Now (the teacher is available)' }));
    expect(screen.queryByRole('grid')).toBeNull();
    await next(user);
    await user.click(screen.getByRole('button', { name: 'Send the request' }));
    await waitFor(() => expect(onBooked).toHaveBeenCalledWith(55));
    expect(posts(calls)[0]?.body).toEqual({ teacher_id: 3, subject_id: 1, type: 'urgent', duration_hours: 1, broadcast: false });
  });

  it('"just taken": says so beside the calendar, reloads the free times and keeps the rest', async () => {
    reply = { status: 409, json: { message: 'Someone has just booked this time. Please choose another time', code: 'slot_taken' } };
    const { user, calls, onBooked } = await renderForm();
    await toReview(user, 0);
    await user.type(screen.getByRole('textbox', { name: 'Comment' }), 'Tajweed');
    const loads = calls.filter((c) => c.url.includes('/availability')).length;
    slots = slots.slice(1);
    await user.click(screen.getByRole('button', { name: 'Send the request' }));
    const said = await screen.findByText('Someone has just booked this time. Please choose another time');
    expect(said.closest('[role="alert"]')).toBeTruthy();
    await waitFor(() => expect(calls.filter((c) => c.url.includes('/availability')).length).toBeGreaterThan(loads));
    await waitFor(async () => expect(await cells()).toHaveLength(2));
    expect((await cells()).every((c) => c.getAttribute('aria-selected') === 'false')).toBe(true);
    expect(onBooked).not.toHaveBeenCalled();
    await user.click((await cells())[0]!);
    await next(user);
    expect((await screen.findByRole('textbox', { name: 'Comment' }) as HTMLTextAreaElement).value).toBe('Tajweed');
  });

  it('a refusal keeps everything chosen and shows the server message beside its field', async () => {
    reply = { status: 400, json: { message: 'Please check', code: 'outside_working_hours', errors: { starts_at: ['Outside the hours (server)'] } } };
    const { user, onBooked, onError } = await renderForm();
    await toReview(user, 1);
    await user.type(screen.getByRole('textbox', { name: 'Comment' }), 'Tajweed');
    await user.click(screen.getByRole('button', { name: 'Send the request' }));
    expect(await screen.findByText('Outside the hours (server)')).toBeTruthy();
    expect(onError).toHaveBeenCalled(); // the app's presenter shows the 400 toast too
    expect(onBooked).not.toHaveBeenCalled();
    expect((screen.getByRole('textbox', { name: 'Comment' }) as HTMLTextAreaElement).value).toBe('Tajweed');
    expect(screen.getByText('Quran')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Change: Time' }));
    expect((await cells())[1]!.getAttribute('aria-selected')).toBe('true');
  });

  it('too few hours: offers the packages screen, and the form comes back as it was', async () => {
    const { user, calls, onOpenPackages, view } = await renderForm({ minutes_remaining: 0, free_trial_available: false });
    await toReview(user, 0, '2');
    await user.type(screen.getByRole('textbox', { name: 'Comment' }), 'Grammar');
    await user.click(screen.getByRole('button', { name: 'Send the request' }));
    await user.click(await screen.findByRole('button', { name: 'See the packages' }));
    expect(onOpenPackages).toHaveBeenCalledTimes(1);
    expect(posts(calls)).toHaveLength(0);
    view.unmount();

    // A sibling signing in on the same tablet does not get this draft.
    const sibling = await renderForm({ minutes_remaining: 600, free_trial_available: false }, 'en', '9');
    expect(screen.getByRole('heading', { name: 'Which subject?' })).toBeTruthy();
    sibling.view.unmount();

    // Back from /packages (or after a reload), with hours bought meanwhile.
    await renderForm({ minutes_remaining: 600, free_trial_available: false });
    expect((screen.getByRole('textbox', { name: 'Comment' }) as HTMLTextAreaElement).value).toBe('Grammar');
    expect(screen.getByText('Arabic')).toBeTruthy();
    expect(screen.getByText(/^Your time: /)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'See the packages' })).toBeNull());
  });

  it('the server’s 402 also offers the packages screen', async () => {
    reply = { status: 402, json: { message: "You don't have enough hours", code: 'insufficient_hours' } };
    const { user } = await renderForm({ minutes_remaining: 0, free_trial_available: true });
    await toReview(user, 0);
    await act(async () => {
      await user.click(screen.getByRole('button', { name: 'Send the request' }));
    });
    expect(await screen.findByRole('button', { name: 'See the packages' })).toBeTruthy();
  });
});
