// @vitest-environment jsdom
// The guided booking on a teacher's page as a student uses it: the balance beside it,
// the review of each step with everything kept, a chosen time posting the contract's body with a toast
// and the new request handed over; "just taken" said beside the calendar as the free times reload; the
// server's field errors beside their fields; too few hours offering the packages screen, the form
// coming back as it was (sessionStorage); the steps numbered in the app's language, not the browser's.
// The calendar itself: ./booking-calendar.test.tsx.
import { I18nProvider } from '@lingui/react';
import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bookingStorageKey, nextWeekWanted, seedBookingReview } from '../../../src/bindings/booking';
import { StepProgress } from '../../../src/features/booking/booking-steps';
import { nearestFreeStart } from '../../../src/features/booking/next-week';
import { toast } from '../../../src/ui/toast-store';
import { makeI18n } from '../helpers';
import { cells, gridAt, next, posts, renderForm, resetSceneAroundEach, scene, toReview, toSlots } from './booking-harness';

resetSceneAroundEach();

describe('booking form', () => {
  it('shows the balance and the free trial beside the form', async () => {
    await renderForm({ minutes_remaining: 150, free_trial_available: true });
    const note = await screen.findByTestId('booking-balance');
    expect(note.textContent).toContain('Your balance: 2 h 30 min');
    expect(note.textContent).toContain('Your free trial covers a session of up to 1 hour.');
  });

  it('the review names the teacher, the time, the cost and lets each step be changed with everything kept', async () => {
    const { user } = await renderForm({ minutes_remaining: 300, free_trial_available: false });
    await toReview(user, 0, '2', '2');
    const review = screen.getByRole('heading', { name: 'Check and send' });
    expect(document.activeElement).toBe(review);
    expect(screen.getByText('Fatima Al-Kaabi')).toBeTruthy();
    expect(screen.getByText(/^Chosen time: /)).toBeTruthy();
    expect(screen.getByText(/Paid from your hours; 3 hours left after it\./)).toBeTruthy();
    // Back is a quiet outlined button beside the filled primary one, never gold-filled.
    expect(screen.getByRole('button', { name: 'Back' }).className).toContain('button-ghost');
    expect(screen.getByRole('button', { name: 'Send the request' }).className).toContain('button-primary');
    await user.click(screen.getByRole('button', { name: 'Change: Duration' }));
    expect((screen.getByRole('combobox', { name: 'Duration' }) as HTMLSelectElement).value).toBe('2');
    await next(user);
    expect((await cells())[0]!.getAttribute('aria-selected')).toBe('true');
  });

  it('with the free trial and hours, the review charges what the server will: the trial for one hour, hours for two', async () => {
    const { user } = await renderForm({ minutes_remaining: 300, free_trial_available: true });
    await toReview(user, 0, '2', '1');
    expect(screen.getByText(/Your free trial covers this session; your hours stay as they are\./)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Change: Duration' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Duration' }), '2');
    await next(user);
    await user.click((await cells())[0]!);
    await next(user);
    expect(await screen.findByText(/Paid from your hours; 3 hours left after it\./)).toBeTruthy();
  });

  it('books the chosen time: posts the offered instant, shows a toast and hands over the request', async () => {
    const shown = vi.spyOn(toast, 'show');
    const { user, calls, onBooked } = await renderForm();
    await toSlots(user, '2', '2');
    const [, second] = await cells();
    await user.click(second!);
    expect(second!.getAttribute('aria-selected')).toBe('true');
    expect(screen.getByText(/^Chosen time: /)).toBeTruthy();
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
      starts_at: scene.slots[1],
      duration_hours: 2,
      comment: 'Surat Al-Mulk',
      broadcast: true,
      preferred_gender: 'female',
    });
    expect(shown).toHaveBeenCalledWith(expect.objectContaining({ severity: 'success', summary: 'Request sent' }));
    // A finished booking is not restored next time.
    expect(sessionStorage.getItem(bookingStorageKey('8', 3))).toBeNull();
  });

  it('"just taken": says so beside the calendar, reloads the free times and keeps the rest', async () => {
    scene.reply = { status: 409, json: { message: 'Someone has just booked this time. Please choose another time', code: 'slot_taken' } };
    const { user, calls, onBooked } = await renderForm();
    await toReview(user, 0);
    await user.type(screen.getByRole('textbox', { name: 'Comment' }), 'Tajweed');
    const loads = calls.filter((c) => c.url.includes('/availability')).length;
    scene.slots = scene.slots.slice(1);
    await user.click(screen.getByRole('button', { name: 'Send the request' }));
    const said = await screen.findByText('Someone has just booked this time. Please choose another time');
    expect(said.closest('[role="alert"]')).toBeTruthy();
    await waitFor(() => expect(calls.filter((c) => c.url.includes('/availability')).length).toBeGreaterThan(loads));
    await waitFor(async () => expect(await cells()).toHaveLength(2));
    expect((await cells()).every((c) => c.getAttribute('aria-selected') === 'false')).toBe(true);
    expect(onBooked).not.toHaveBeenCalled();
    await user.click((await cells())[0]!);
    await next(user);
    expect(((await screen.findByRole('textbox', { name: 'Comment' })) as HTMLTextAreaElement).value).toBe('Tajweed');
  });

  it('a refusal keeps everything chosen and shows the server message beside its field', async () => {
    scene.reply = {
      status: 400,
      json: { message: 'Please check', code: 'outside_working_hours', errors: { starts_at: ['Outside the hours (server)'] } },
    };
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
    const { user, calls, onOpenPackages, unmount } = await renderForm({ minutes_remaining: 0, free_trial_available: false });
    await toReview(user, 0, '2');
    await user.type(screen.getByRole('textbox', { name: 'Comment' }), 'Grammar');
    await user.click(screen.getByRole('button', { name: 'Send the request' }));
    await user.click(await screen.findByRole('button', { name: 'See the packages' }));
    expect(onOpenPackages).toHaveBeenCalledTimes(1);
    expect(posts(calls)).toHaveLength(0);
    unmount();

    // A sibling signing in on the same tablet does not get this draft.
    const sibling = await renderForm({ minutes_remaining: 600, free_trial_available: false }, 'en', '9');
    expect(screen.getByRole('heading', { name: 'Which subject?' })).toBeTruthy();
    sibling.unmount();

    // Back from /packages (or after a reload), with hours bought meanwhile.
    await renderForm({ minutes_remaining: 600, free_trial_available: false });
    expect((screen.getByRole('textbox', { name: 'Comment' }) as HTMLTextAreaElement).value).toBe('Grammar');
    expect(screen.getByText('Arabic')).toBeTruthy();
    expect(screen.getByText(/^Chosen time: /)).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'See the packages' })).toBeNull());
  });

  it('the server’s 402 also offers the packages screen', async () => {
    scene.reply = { status: 402, json: { message: "You don't have enough hours", code: 'insufficient_hours' } };
    const { user } = await renderForm({ minutes_remaining: 0, free_trial_available: true });
    await toReview(user, 0);
    await act(async () => {
      await user.click(screen.getByRole('button', { name: 'Send the request' }));
    });
    expect(await screen.findByRole('button', { name: 'See the packages' })).toBeTruthy();
  });
});

// "Book the same time next week" at the end of a lesson seeds the review; when that time is not free the
// booking offers the nearest free one from the calendar's own free times, says so, and keeps the calendar.
describe('book the same time next week', () => {
  const seed = (startsAt: string) => seedBookingReview('8', 3, { childId: '', subjectId: '1', startsAt, durationHours: 1 });

  it('picks the first free start after the asked-for one, else the latest before it', () => {
    const slots = ['2030-05-19T16:00:00.000Z', '2030-05-19T14:00:00.000Z', '2030-05-20T14:00:00.000Z'];
    expect(nearestFreeStart('2030-05-19T14:30:00.000Z', slots)).toBe('2030-05-19T16:00:00.000Z');
    expect(nearestFreeStart('2030-05-19T14:00:00.000Z', slots)).toBe('2030-05-19T14:00:00.000Z');
    expect(nearestFreeStart('2030-05-21T14:00:00.000Z', slots)).toBe('2030-05-20T14:00:00.000Z');
    expect(nearestFreeStart('2030-05-21T14:00:00.000Z', [])).toBeNull();
  });

  it('a free time stays as asked, with nothing said', async () => {
    seed(scene.slots[2]!);
    const { user, calls } = await renderForm();
    await waitFor(() => expect(nextWeekWanted('8', 3)).toBeNull());
    expect(screen.queryByTestId('next-week-offer')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Send the request' }));
    await waitFor(() => expect(posts(calls)).toHaveLength(1));
    expect(posts(calls)[0]!.body).toMatchObject({ starts_at: scene.slots[2] });
  });

  it('a taken time: the nearest free time is offered on the review, said, booked as shown; the calendar stays a way out', async () => {
    seed(gridAt(25));
    const { user, calls } = await renderForm();
    const offer = await screen.findByTestId('next-week-offer');
    expect(offer.getAttribute('role')).toBe('status');
    expect(offer.textContent).toMatch(/^Next week's time \(.+\) is taken; the nearest free time is .+\./);
    expect(screen.getByRole('heading', { name: 'Check and send' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Send the request' }));
    await waitFor(() => expect(posts(calls)).toHaveLength(1));
    expect(posts(calls)[0]!.body).toMatchObject({ starts_at: scene.slots[2] });
  });

  it('the way out: the calendar with the offered time chosen; another time ends the offer', async () => {
    seed(gridAt(25));
    const { user } = await renderForm({ minutes_remaining: 600, free_trial_available: false }, 'ar');
    const offer = await screen.findByTestId('next-week-offer');
    expect(offer.querySelector('p')!.textContent).toMatch(/^موعد الأسبوع القادم \(.+\) محجوز؛ أقرب موعد متاح هو .+\.$/);
    await user.click(screen.getByRole('button', { name: 'اختر موعدًا آخر من التقويم' }));
    const grid = await cells();
    expect(grid[2]!.getAttribute('aria-selected')).toBe('true');
    await user.click(grid[0]!);
    await waitFor(() => expect(screen.queryByTestId('next-week-offer')).toBeNull());
  });

  it('nothing free: the calendar opens with the reason', async () => {
    scene.slots = [];
    seed(gridAt(25));
    await renderForm();
    expect((await screen.findByTestId('next-week-offer')).textContent).toContain('is taken, and no other time is free for now');
    expect(screen.getByRole('heading', { name: 'When?' })).toBeTruthy();
  });
});

describe('booking steps', () => {
  const browserDefault = Number.prototype.toLocaleString;
  beforeEach(() => {
    // The browser's own language, as Chromium in Qatar has it: a bare toLocaleString() writes «١».
    vi.spyOn(Number.prototype, 'toLocaleString').mockImplementation(function (this: number, locales, options) {
      return browserDefault.call(this, locales ?? 'ar-QA', options);
    });
  });
  afterEach(() => vi.restoreAllMocks());

  const numbers = (locale: 'en' | 'ar') => {
    const { container, unmount } = render(
      <I18nProvider i18n={makeI18n(locale)}>
        <StepProgress current="duration" withChild={false} />
      </I18nProvider>,
    );
    const shown = [...container.querySelectorAll('.booking-progress-number')].map((n) => n.textContent ?? '');
    unmount();
    return shown;
  };

  it("numbers the steps in the app's language: 1 2 3 4 for an English reader on an Arabic browser", () => {
    expect(numbers('en')).toEqual(['1', '2', '3', '4']);
    expect(numbers('ar')).toEqual([1, 2, 3, 4].map((n) => new Intl.NumberFormat('ar').format(n)));
  });
});
