// @vitest-environment jsdom
// The booking calendar as a student uses it: the free times as an ARIA grid labelled for a
// screen reader with both zones and the next one marked; the keyboard (arrows mirrored in Arabic,
// Home/End, days); a missing time focusing the grid; "now" as today's first cell when the teacher can
// take an urgent request; and from 1024 px the week grid — seven day columns, times as rows, paging by
// week with Page Up/Down or the buttons — driven by the same keys turned a quarter.
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { cells, next, posts, renderForm, resetSceneAroundEach, scene, toSlots } from './booking-harness';

resetSceneAroundEach();

describe('booking calendar', () => {
  it('shows the free times as a grid, labelled for a screen reader with both zones, the next one marked', async () => {
    const { user } = await renderForm();
    await toSlots(user);
    const [first, second] = await cells();
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    const day = new Intl.DateTimeFormat('en', { weekday: 'long', day: 'numeric', month: 'long', timeZone: zone }).format(
      new Date(scene.slots[0]!),
    );
    const time = new Intl.DateTimeFormat('en', { hour: 'numeric', minute: '2-digit', timeZone: zone }).format(new Date(scene.slots[0]!));
    const qatar = new Intl.DateTimeFormat('en', { hour: 'numeric', minute: '2-digit', timeZone: 'Asia/Qatar' }).format(
      new Date(scene.slots[0]!),
    );
    expect(first!.getAttribute('aria-label')).toBe(`${day}, ${time}, ${qatar} teacher's time, next free time`);
    expect(second!.getAttribute('aria-label')).toMatch(/, free$/);
    expect(first!.textContent).toBe(time);
    expect(screen.getByText(/^Times are .+ time; the teacher's hours are .+ time\.$/)).toBeTruthy();
  });

  it('moves with the keyboard: arrows, Home/End, next day; arrows mirror in Arabic', async () => {
    // Two times on one day and one the next, whatever the hour the test runs at (times a few hours
    // from now fall on two days late in the evening).
    scene.slots = [localAt(1, 10), localAt(1, 11), localAt(2, 10)];
    const { user } = await renderForm();
    await toSlots(user);
    const all = await cells();
    all[0]!.focus();
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(all[1]);
    await user.keyboard('{Home}');
    expect(document.activeElement).toBe(all[0]);
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement?.getAttribute('data-slot')).toBe(scene.slots[2]);
    await user.keyboard('{ArrowUp}{End}');
    expect(document.activeElement?.getAttribute('data-slot')).toBe(scene.slots[1]);
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

  it('"now" is the first, highlighted cell of today when the teacher is available; choosing it sends an urgent request', async () => {
    scene.availableNow = true;
    const { user, calls, onBooked } = await renderForm();
    await toSlots(user);
    const [now, first] = await cells();
    const today = new Intl.DateTimeFormat('en', { weekday: 'long', day: 'numeric', month: 'long' }).format(new Date());
    expect(now!.textContent).toBe('Now');
    expect(now!.getAttribute('aria-label')).toBe(`${today}, now, the teacher is available`);
    expect(first!.getAttribute('aria-label')).toMatch(/, next free time$/);
    expect(screen.queryByRole('radio')).toBeNull();
    await user.click(now!);
    expect(now!.getAttribute('aria-selected')).toBe('true');
    expect(screen.getByText('The session starts now, as soon as the teacher accepts.')).toBeTruthy();
    await next(user);
    await user.click(screen.getByRole('button', { name: 'Send the request' }));
    await waitFor(() => expect(onBooked).toHaveBeenCalledWith(55));
    expect(posts(calls)[0]?.body).toEqual({ teacher_id: 3, subject_id: 1, type: 'urgent', duration_hours: 1, broadcast: false });
  });
});

/** Local midnight `days` from today plus `hour`, as the UTC instant the server would send. */
function localAt(days: number, hour: number): string {
  const d = new Date();
  d.setDate(d.getDate() + days);
  d.setHours(hour, 0, 0, 0);
  return d.toISOString();
}

describe('booking calendar from 1024 px: a week grid', () => {
  beforeEach(() => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query.includes('min-width'),
      addEventListener() {},
      removeEventListener() {},
    }));
    const from = new Date();
    scene.from = from.toISOString();
    scene.to = new Date(from.getTime() + 14 * 86_400_000).toISOString();
    scene.slots = [localAt(1, 10), localAt(1, 11), localAt(2, 10), localAt(9, 11)];
  });

  const slotCells = () => within(screen.getByRole('grid')).getAllByRole('gridcell');
  const shortDay = (iso: string) =>
    new Intl.DateTimeFormat('en', { weekday: 'short', day: 'numeric', month: 'short' }).format(new Date(iso));

  it('has seven day columns and a row per start time; arrows, Page Up/Down and the buttons move by day, time and week', async () => {
    const { user } = await renderForm();
    await toSlots(user);
    const grid = await screen.findByRole('grid');
    const headers = within(grid).getAllByRole('columnheader');
    expect(headers).toHaveLength(8); // the time column, then seven days from today
    expect(headers[2]!.textContent).toBe(shortDay(scene.slots[0]!));
    const rows = within(grid).getAllByRole('row');
    expect(rows).toHaveLength(3); // the headings, 10:00 and 11:00
    // Tomorrow and the day after are free at 10:00: each cell sits under its day's heading; the rest are not cells.
    const [tenAm] = within(rows[1]!).getAllByRole('gridcell');
    expect(within(rows[1]!).getAllByRole('gridcell')).toHaveLength(2);
    expect(tenAm!.getAttribute('aria-colindex')).toBe(headers[2]!.getAttribute('aria-colindex'));
    expect(within(rows[1]!).getByRole('rowheader').textContent).toBe(slotCells()[0]!.textContent);

    slotCells()[0]!.focus();
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement?.getAttribute('data-slot')).toBe(scene.slots[2]); // the next day, same time
    await user.keyboard('{ArrowLeft}{ArrowDown}');
    expect(document.activeElement?.getAttribute('data-slot')).toBe(scene.slots[1]); // the next time, same day
    await user.keyboard('{PageDown}');
    expect(document.activeElement?.getAttribute('data-slot')).toBe(scene.slots[3]); // the next week's free day
    expect(within(screen.getByRole('grid')).getAllByRole('columnheader')[3]!.textContent).toBe(shortDay(scene.slots[3]!));
    expect(screen.getByRole('button', { name: 'Following week' })).toHaveProperty('disabled', true);
    await user.click(screen.getByRole('button', { name: 'Previous week' }));
    expect(within(screen.getByRole('grid')).getAllByRole('columnheader')[2]!.textContent).toBe(shortDay(scene.slots[0]!));
    expect(slotCells().filter((c) => c.tabIndex === 0)).toHaveLength(1);
  });

  it('opens scrolled to the next free time, not midnight: its row first under the headings, the page and the focus unmoved', async () => {
    // Free from midnight the two days after tomorrow; the next free time is tomorrow at 9.
    scene.slots = [localAt(1, 9), localAt(2, 0), localAt(2, 1), localAt(2, 9), localAt(3, 0)];
    // jsdom lays nothing out: each row of the grid gets a place, 40 px apart under a 30 px heading.
    const rowTop = (el: Element) => {
      const grid = el.closest('[role="grid"]');
      const rows = grid ? [...grid.querySelectorAll('[role="row"]')] : [];
      return rows.indexOf(el) * 40;
    };
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
      const top = this.getAttribute('role') === 'row' ? rowTop(this) : 0;
      const height = this.classList.contains('slot-week-head') ? 30 : 40;
      return { top, bottom: top + height, height, left: 0, right: 0, width: 0, x: 0, y: top, toJSON: () => ({}) } as DOMRect;
    });
    try {
      const { user } = await renderForm();
      await toSlots(user);
      const grid = await screen.findByRole('grid');
      const rows = within(grid).getAllByRole('row');
      // The headings, then 12:00 AM, 1:00 AM, 9:00 AM: the grid starts at midnight…
      expect(rows.map((r) => within(r).queryByRole('rowheader')?.textContent ?? 'head')).toEqual([
        'head',
        slotCells().find((c) => c.dataset.slot === scene.slots[1])!.textContent,
        slotCells().find((c) => c.dataset.slot === scene.slots[2])!.textContent,
        slotCells().find((c) => c.dataset.slot === scene.slots[0])!.textContent,
      ]);
      // …and opens scrolled to the 9 o'clock row (3 rows of 40 px down, less the 30 px headings).
      await waitFor(() => expect(grid.scrollTop).toBe(3 * 40 - 30));
      const next = slotCells().find((c) => c.getAttribute('aria-label')?.endsWith('next free time'))!;
      expect(next.dataset.slot).toBe(scene.slots[0]);
      expect(next.closest('[role="row"]')).toBe(rows[3]);
      expect(next.tabIndex).toBe(0);
      expect(document.activeElement).not.toBe(next);
      // Scrolling it back by hand is not undone while the week stays.
      grid.scrollTop = 0;
      await user.keyboard('{Tab}');
      expect(grid.scrollTop).toBe(0);
    } finally {
      vi.mocked(HTMLElement.prototype.getBoundingClientRect).mockRestore();
    }
  });

  it('mirrors the arrows in Arabic: left is the next day', async () => {
    document.documentElement.dir = 'rtl';
    const { user } = await renderForm(undefined, 'ar');
    await toSlots(user, '1', '1', 'التالي');
    await screen.findByRole('grid');
    slotCells()[0]!.focus();
    await user.keyboard('{ArrowLeft}');
    expect(document.activeElement?.getAttribute('data-slot')).toBe(scene.slots[2]);
    await user.keyboard('{End}{Home}{ArrowRight}');
    expect(document.activeElement?.getAttribute('data-slot')).toBe(scene.slots[0]);
  });
});
