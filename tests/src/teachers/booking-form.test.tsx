// @vitest-environment jsdom
// The booking form on a teacher's page as a student uses it: a time less than an hour away gets the
// spec's message and nothing is sent; a valid booking posts the contract's body, shows a toast and
// hands over the new request; the server's field errors stand beside their fields with everything
// typed kept; too few hours offer the packages screen and the form comes back as it was (sessionStorage).
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nProvider } from '@lingui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TeacherDetail } from '../../../contract/teachers';
import { wallClockOf } from '../../../machines/booking.machine';
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

async function renderForm(balance = { minutes_remaining: 600, free_trial_available: false }, locale: 'en' | 'ar' = 'en', studentKey = '8') {
  const { fetch, calls } = fakeFetch(() => reply);
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
  await screen.findByRole('button', { name: locale === 'en' ? 'Send the request' : 'إرسال الطلب' });
  return { calls, onBooked, onOpenPackages, onError, view, user: userEvent.setup() };
}

function fillWhen(offsetMs: number) {
  const { date, time } = wallClockOf(new Date(Date.now() + offsetMs));
  fireEvent.change(screen.getByLabelText('Date'), { target: { value: date } });
  fireEvent.change(screen.getByLabelText('Time'), { target: { value: time } });
  return { date, time };
}

beforeEach(() => {
  sessionStorage.clear();
  reply = { status: 201, json: detail(55) };
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('booking form', () => {
  it('shows the balance and the free trial beside the form', async () => {
    await renderForm({ minutes_remaining: 150, free_trial_available: true });
    const note = await screen.findByTestId('booking-balance');
    expect(note.textContent).toContain('Your balance: 2 h 30 min');
    expect(note.textContent).toContain('Your free trial covers a session of up to 1 hour.');
  });

  it('a time less than an hour away gets the spec message and nothing is sent', async () => {
    const { user, calls } = await renderForm();
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Subject' }), '1');
    fillWhen(20 * 60_000);
    await user.click(screen.getByRole('button', { name: 'Send the request' }));
    expect(await screen.findByText('The session time must be at least one hour from now')).toBeTruthy();
    expect(screen.getByLabelText('Time').getAttribute('aria-invalid')).toBe('true');
    expect(calls).toHaveLength(0);
  });

  it('says the same in Arabic', async () => {
    const { user } = await renderForm(undefined, 'ar');
    await user.selectOptions(screen.getByRole('combobox', { name: 'المادة' }), '1');
    const { date, time } = wallClockOf(new Date(Date.now() + 10 * 60_000));
    fireEvent.change(screen.getByLabelText('التاريخ'), { target: { value: date } });
    fireEvent.change(screen.getByLabelText('الوقت'), { target: { value: time } });
    await user.click(screen.getByRole('button', { name: 'إرسال الطلب' }));
    expect(await screen.findByText('يجب أن يكون موعد الحصة بعد ساعة واحدة على الأقل من الآن')).toBeTruthy();
  });

  it('asks for the subject, date and time before anything else', async () => {
    const { user, calls } = await renderForm();
    await user.click(screen.getByRole('button', { name: 'Send the request' }));
    await waitFor(() => expect(screen.getAllByText('This field is required').length).toBeGreaterThanOrEqual(3));
    expect(calls).toHaveLength(0);
  });

  it('books: posts the contract body, shows a toast and hands over the request', async () => {
    const shown = vi.spyOn(toast, 'show');
    const { user, calls, onBooked } = await renderForm();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Subject' }), '2');
    const { date, time } = fillWhen(3 * 3600_000);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Duration' }), '2');
    await user.click(screen.getByRole('checkbox', { name: 'Also send my request to other teachers of the same level' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Preferred teacher gender' }), 'female');
    await user.type(screen.getByRole('textbox', { name: 'Comment' }), 'Surat Al-Mulk');
    await user.click(screen.getByRole('button', { name: 'Send the request' }));
    await waitFor(() => expect(onBooked).toHaveBeenCalledWith(55));
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.url).toMatch(/\/v1\/requests$/);
    expect(post.body).toEqual({
      teacher_id: 3,
      subject_id: 2,
      type: 'schedule',
      starts_at: new Date(`${date}T${time}:00+03:00`).toISOString(),
      duration_hours: 2,
      comment: 'Surat Al-Mulk',
      broadcast: true,
      preferred_gender: 'female',
    });
    expect(shown).toHaveBeenCalledWith(expect.objectContaining({ severity: 'success', summary: 'Request sent' }));
    // A finished booking is not restored next time.
    expect(sessionStorage.getItem(bookingStorageKey('8', 3))).toBeNull();
  });

  it('an urgent request needs no date', async () => {
    const { user, calls, onBooked } = await renderForm();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Subject' }), '1');
    await user.click(screen.getByRole('radio', { name: 'Urgent (now)' }));
    expect(screen.queryByLabelText('Date')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Send the request' }));
    await waitFor(() => expect(onBooked).toHaveBeenCalledWith(55));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ teacher_id: 3, subject_id: 1, type: 'urgent', duration_hours: 1, broadcast: false });
  });

  it('a refusal keeps everything typed and shows the server message beside its field', async () => {
    reply = { status: 400, json: { message: 'Please check', code: 'teacher_busy', errors: { starts_at: ['The teacher has another session then (server)'] } } };
    const { user, onBooked, onError } = await renderForm();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Subject' }), '1');
    fillWhen(3 * 3600_000);
    await user.type(screen.getByRole('textbox', { name: 'Comment' }), 'Tajweed');
    await user.click(screen.getByRole('button', { name: 'Send the request' }));
    expect(await screen.findByText('The teacher has another session then (server)')).toBeTruthy();
    expect(onError).toHaveBeenCalled(); // the app's presenter shows the 400 toast too
    expect(onBooked).not.toHaveBeenCalled();
    expect((screen.getByRole('textbox', { name: 'Comment' }) as HTMLTextAreaElement).value).toBe('Tajweed');
    expect((screen.getByRole('combobox', { name: 'Subject' }) as HTMLSelectElement).value).toBe('1');
  });

  it('too few hours: offers the packages screen, and the form comes back as it was', async () => {
    const { user, calls, onOpenPackages, view } = await renderForm({ minutes_remaining: 0, free_trial_available: false });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Subject' }), '2');
    const { time } = fillWhen(5 * 3600_000);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Duration' }), '3');
    await user.type(screen.getByRole('textbox', { name: 'Comment' }), 'Grammar');
    await user.click(screen.getByRole('button', { name: 'Send the request' }));
    await user.click(await screen.findByRole('button', { name: 'See the packages' }));
    expect(onOpenPackages).toHaveBeenCalledTimes(1);
    expect(calls).toHaveLength(0);
    view.unmount();

    // A sibling signing in on the same tablet does not get this draft.
    const sibling = await renderForm({ minutes_remaining: 600, free_trial_available: false }, 'en', '9');
    expect((screen.getByRole('textbox', { name: 'Comment' }) as HTMLTextAreaElement).value).toBe('');
    sibling.view.unmount();

    // Back from /packages (or after a reload), with hours bought meanwhile.
    await renderForm({ minutes_remaining: 600, free_trial_available: false });
    expect((screen.getByRole('textbox', { name: 'Comment' }) as HTMLTextAreaElement).value).toBe('Grammar');
    expect((screen.getByRole('combobox', { name: 'Subject' }) as HTMLSelectElement).value).toBe('2');
    expect((screen.getByRole('combobox', { name: 'Duration' }) as HTMLSelectElement).value).toBe('3');
    expect((screen.getByLabelText('Time') as HTMLInputElement).value).toBe(time);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'See the packages' })).toBeNull());
  });

  it('the server’s 402 also offers the packages screen', async () => {
    reply = { status: 402, json: { message: "You don't have enough hours", code: 'insufficient_hours' } };
    const { user } = await renderForm({ minutes_remaining: 0, free_trial_available: true });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Subject' }), '1');
    fillWhen(3 * 3600_000);
    await act(async () => {
      await user.click(screen.getByRole('button', { name: 'Send the request' }));
    });
    expect(await screen.findByRole('button', { name: 'See the packages' })).toBeTruthy();
  });
});
