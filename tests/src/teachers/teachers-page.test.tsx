// @vitest-environment jsdom
// The teachers list as a visitor uses it: cards with subjects and phases, a one-line bio, the next
// free time on the viewer's clock (no rows of working hours), the rating with its accessible text and
// the available-now badge; a guest's preview dialog (ar + en, axe) whose data loads on open and whose
// "Sign in to book" remembers the teacher; typing a name reaches the address
// after a pause (one replaced entry), filters and pages push entries and reach the server; a name that
// matches no one shows the spec's "no teacher found with this name" (ar + en); a failure can be retried.
import axe from 'axe-core';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { TeachersPage } from '../../../src/features/teachers/teachers-page';
import type { TeachersSearch } from '../../../src/api/teachers';
import { validateTeachersSearch } from '../../../src/routes/teachers.index';
import { cleanUpAfterEach, renderRouted, type Reply } from '../helpers';
import { fatima } from './fixtures';

const PREVIEW = {
  teacher_id: 3,
  time_zone: 'Asia/Qatar',
  next_free: ['2030-01-06T17:00:00.000Z', '2030-01-07T05:00:00.000Z'],
  reviews: [{ rating: 5, comment: 'ابنتي أصبحت تحب الحفظ', student_first_name: 'يوسف', at: '2030-01-01T10:00:00.000Z' }],
};

function renderList(
  opts: { search?: TeachersSearch; locale?: 'en' | 'ar'; reply?: (url: string) => Reply; guest?: (id: number) => void } = {},
) {
  const reply =
    opts.reply ??
    (() => ({
      status: 200,
      json: {
        message: 'ok',
        data: [{ ...fatima, description: 'Quran teacher with an ijazah, patient with young children and beginners of every age' }],
        meta: { page: 1, per_page: 12, total: 1 },
      },
    }));
  const onSearchChange = vi.fn();
  const { calls, user } = renderRouted({
    component: () => <TeachersPage search={opts.search ?? {}} onSearchChange={onSearchChange} onSignInToBook={opts.guest} />,
    locale: opts.locale,
    route: (url) => {
      if (url.includes('/preview')) return { status: 200, json: { message: 'ok', data: PREVIEW } };
      if (url.includes('/v1/teachers')) return reply(url);
      if (url.endsWith('/v1/subjects'))
        return {
          status: 200,
          json: { message: 'ok', data: [{ id: 1, code: 'quran', name: 'Quran', name_ar: 'القرآن', name_en: 'Quran' }] },
        };
      return { status: 200, json: { message: 'ok', data: [] } };
    },
  });
  return { calls, onSearchChange, user };
}

cleanUpAfterEach();

describe('teachers list', () => {
  it('leads each card with subjects, phases, a bio, the next free time, rating and the available badge', async () => {
    renderList();
    const card = await screen.findByTestId('teacher-3');
    expect(within(card).getByRole('link', { name: 'Fatima Al-Kaabi' })).toBeTruthy();
    const chips = within(card).getByRole('list', { name: 'Subjects and phases' });
    expect(
      within(chips)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Quran', 'Arabic', 'Primary']);
    expect(within(card).getByText(/^Quran teacher with an ijazah/).className).toBe('teacher-card-bio');
    // On the viewer's clock, as a date and time: the fixture's start is years from the test's today.
    const next = within(card).getByText(/^Next free: /);
    expect(next.getAttribute('datetime')).toBe(fatima.next_free);
    expect(within(card).getByText('Rated 4.5 out of 5 by 12 students')).toBeTruthy();
    expect(within(card).getByText('Available now')).toBeTruthy();
    // No rows of working hours, and no preview for someone signed in (they open the teacher's page).
    expect(within(card).queryByText('Sun')).toBeNull();
    expect(within(card).queryByRole('button', { name: /Preview/ })).toBeNull();
    expect(screen.getByText('1 teacher found')).toBeTruthy();
  });

  it('a card with no free time in two weeks says so', async () => {
    renderList({
      reply: () => ({
        status: 200,
        json: { message: 'ok', data: [{ ...fatima, next_free: null }], meta: { page: 1, per_page: 12, total: 1 } },
      }),
    });
    const card = await screen.findByTestId('teacher-3');
    expect(within(card).getByText('No free time in the next two weeks')).toBeTruthy();
  });

  it('gives a guest a preview: bio, subjects, phases, free times, latest reviews (date only), and sign-in to book', async () => {
    const guest = vi.fn();
    const { user, calls } = renderList({ guest });
    const card = await screen.findByTestId('teacher-3');
    expect(calls.some((c) => c.url.includes('/preview'))).toBe(false);
    const open = within(card).getByRole('button', { name: 'Preview Fatima Al-Kaabi' });
    await user.click(open);
    const dialog = await screen.findByRole('dialog', { name: 'Fatima Al-Kaabi' });
    expect(within(dialog).getByText(/^Quran teacher with an ijazah/)).toBeTruthy();
    expect(within(dialog).getByText('Quran, Arabic')).toBeTruthy();
    expect(within(dialog).getByText('Primary')).toBeTruthy();
    await within(dialog).findByText('ابنتي أصبحت تحب الحفظ');
    expect([...dialog.querySelectorAll('time')].map((t) => t.getAttribute('datetime'))).toEqual(PREVIEW.next_free);
    expect(within(dialog).getByText(/^Times are .+ time\.$/)).toBeTruthy();
    // The review's date alone: no time of day.
    const dated = within(dialog).getByText(/يوسف/).closest('p')!;
    expect(dated.textContent).toMatch(/2030/);
    expect(dated.textContent).not.toMatch(/:\d\d/);
    await user.click(within(dialog).getByRole('link', { name: 'Sign in to book with Fatima' }));
    expect(guest).toHaveBeenCalledWith(3);
  });

  it('the preview reads in Arabic, closes on Escape back to its button, and passes axe', async () => {
    const { user } = renderList({ locale: 'ar', guest: vi.fn() });
    const card = await screen.findByTestId('teacher-3');
    const open = within(card).getByRole('button', { name: 'نظرة على Fatima Al-Kaabi' });
    await user.click(open);
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText('ابنتي أصبحت تحب الحفظ');
    expect(within(dialog).getByText(/^المواعيد بتوقيت .+\.$/)).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'سجّل الدخول للحجز مع Fatima' })).toBeTruthy();
    const audit = await axe.run(dialog, { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } });
    expect(audit.violations.map((v) => v.id)).toEqual([]);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(open);
  });

  it('writes the name to the address after a pause, replacing the entry', async () => {
    const { user, onSearchChange, calls } = renderList({ search: { subject: 1 } });
    await screen.findByTestId('teacher-3');
    await user.type(screen.getByRole('searchbox', { name: 'Search by name' }), 'Fat');
    expect(onSearchChange).not.toHaveBeenCalled();
    await waitFor(() => expect(onSearchChange).toHaveBeenCalledTimes(1), { timeout: 2000 });
    expect(onSearchChange).toHaveBeenCalledWith({ subject: 1, q: 'Fat', page: undefined }, { replace: true });
    expect(calls.find((c) => c.url.includes('/v1/teachers'))?.url).toContain('subject_id=1');
  });

  it('filters push a new entry and reach the server', async () => {
    const { user, onSearchChange } = renderList({ search: { q: 'fa', page: 2 } });
    await screen.findByTestId('teacher-3');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Teacher gender' }), 'female');
    expect(onSearchChange).toHaveBeenLastCalledWith({ q: 'fa', gender: 'female', page: undefined }, { replace: false });
    await user.click(screen.getByRole('checkbox', { name: 'Available now' }));
    expect(onSearchChange).toHaveBeenLastCalledWith({ q: 'fa', available: true, page: undefined }, { replace: false });
  });

  it('sends the filters of the address to the server', async () => {
    const { calls } = renderList({ search: { q: 'فاطمة', subject: 1, phase: 2, gender: 'female', available: true, page: 3 } });
    await screen.findByTestId('teacher-3');
    const url = new URL(calls.find((c) => c.url.includes('/v1/teachers'))!.url, 'http://x');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      search: 'فاطمة',
      subject_id: '1',
      phase_id: '2',
      gender: 'female',
      available_now: '1',
      page: '3',
      per_page: '12',
    });
  });

  it.each([
    ['en', 'No teacher found with this name'],
    ['ar', 'لا يوجد معلم بهذا الاسم'],
  ] as const)('a name that matches no one says so (%s)', async (locale, text) => {
    renderList({
      locale,
      search: { q: 'zzzz' },
      reply: () => ({ status: 200, json: { message: 'ok', data: [], meta: { page: 1, per_page: 12, total: 0 } } }),
    });
    expect(await screen.findByText(text)).toBeTruthy();
  });

  it('an empty filtered list offers to clear the filters, an unfiltered one does not', async () => {
    const empty = () => ({ status: 200, json: { message: 'ok', data: [], meta: { page: 1, per_page: 12, total: 0 } } });
    const { user, onSearchChange } = renderList({ search: { subject: 1, gender: 'female', q: 'zz' }, reply: empty });
    await user.click(await screen.findByRole('button', { name: 'Clear filters' }));
    expect(onSearchChange).toHaveBeenLastCalledWith({}, { replace: false });
    expect(screen.getByRole<HTMLInputElement>('searchbox', { name: 'Search by name' }).value).toBe('');
    cleanup();
    renderList({ reply: empty });
    await screen.findByText('No teacher matches these filters.');
    expect(screen.queryByRole('button', { name: 'Clear filters' })).toBeNull();
  });

  it('pages through the results', async () => {
    const { user, onSearchChange } = renderList({
      reply: () => ({ status: 200, json: { message: 'ok', data: [fatima], meta: { page: 1, per_page: 12, total: 30 } } }),
    });
    expect(await screen.findByText('Page 1 of 3')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Previous page' }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(onSearchChange).toHaveBeenCalledWith({ page: 2 }, { replace: false });
  });

  it('a failure shows a message and a retry', async () => {
    let fail = true;
    const { user } = renderList({
      reply: () =>
        fail
          ? { status: 500, json: { message: 'boom' } }
          : { status: 200, json: { message: 'ok', data: [fatima], meta: { page: 1, per_page: 12, total: 1 } } },
    });
    expect(await screen.findByText('The teachers could not be loaded.', {}, { timeout: 3000 })).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('teacher-3')).toBeTruthy();
  });
});

describe("a subject named by its code (home's subject cards)", () => {
  it('becomes the subject id once the subjects load, replacing the entry, without listing everyone first', async () => {
    const { onSearchChange, calls } = renderList({ search: { subject_code: 'quran', gender: 'female' } });
    await waitFor(() => expect(onSearchChange).toHaveBeenCalledWith({ gender: 'female', subject: 1 }, { replace: true }));
    expect(calls.filter((c) => c.url.includes('/v1/teachers'))).toEqual([]);
  });

  it('an unknown code is dropped', async () => {
    const { onSearchChange } = renderList({ search: { subject_code: 'astrology' } });
    await waitFor(() => expect(onSearchChange).toHaveBeenCalledWith({}, { replace: true }));
  });
});

describe('teachers search in the address', () => {
  it('keeps a subject code only when no subject id is given', () => {
    expect(validateTeachersSearch({ subject_code: 'quran' })).toEqual({ subject_code: 'quran' });
    expect(validateTeachersSearch({ subject_code: 'quran', subject: '2' })).toEqual({ subject: 2 });
    expect(validateTeachersSearch({ subject_code: '<script>' })).toEqual({});
  });

  it('keeps only valid filters', () => {
    expect(validateTeachersSearch({ q: ' Fatima ', subject: '2', phase: 'x', gender: 'other', available: 'true', page: '1' })).toEqual({
      q: 'Fatima',
      subject: 2,
      available: true,
    });
    expect(validateTeachersSearch({ page: 3, gender: 'male' })).toEqual({ page: 3, gender: 'male' });
  });
});
