// The booking calendar's model: the days of the window on the viewer's clock, gaps and a
// daylight-saving change included, "now" as today's first start, and where each move lands — the same
// answers for the day list and the week grid, which only map keys to moves differently.
import { describe, expect, it } from 'vitest';
import { calendarDays, moveFrom, NOW, openingSlot, scrollTopToReveal, weekRows, type CalendarDay } from '../../../src/domain/slot-grid';

const zone = 'Europe/London';
/** 2030-03-28 is a Thursday; London moves to summer time on Sunday 2030-03-31. */
const at = Date.parse('2030-03-28T08:00:00Z');
const days = (slots: string[], now = false): CalendarDay[] =>
  calendarDays({ slots, from: '2030-03-28T08:00:00Z', to: '2030-04-11T08:00:00Z', now, locale: 'en', zone, at });
const slots = [
  '2030-03-28T10:00:00Z', // Thu 10:00 GMT
  '2030-03-28T11:00:00Z', // Thu 11:00
  '2030-03-29T10:00:00Z', // Fri 10:00
  '2030-03-31T09:00:00Z', // Sun 10:00 BST
  '2030-04-05T10:00:00Z', // Fri 11:00 BST, the next week
];

describe('calendar days', () => {
  it('has every day of the window, free or not, across the clock change, each start on the viewer clock', () => {
    const all = days(slots);
    expect(all.map((d) => d.key)).toEqual(
      Array.from({ length: 15 }, (_, i) => new Date(Date.UTC(2030, 2, 28 + i)).toISOString().slice(0, 10)),
    );
    expect(all[0]!.label).toBe('Thursday, March 28');
    expect(all[3]!.slots.map((s) => [s.minute, s.time])).toEqual([[600, '10:00 AM']]);
    expect(all[2]!.slots).toEqual([]);
    // Rows of a week: each start minute once, in order; Sunday's 10:00 BST shares Thursday's row.
    expect(weekRows(all.slice(0, 7)).map((r) => r.time)).toEqual(['10:00 AM', '11:00 AM']);
  });

  it('puts "now" first on today', () => {
    const all = days(slots, true);
    expect(all[0]!.slots.map((s) => s.iso)).toEqual([NOW, slots[0], slots[1]]);
    expect(weekRows(all.slice(0, 7))[0]!.minute).toBe(-1);
  });
});

describe('moves', () => {
  const all = days(slots);
  it('steps through the day, wrapping to the next free day only when asked (the day list)', () => {
    expect(moveFrom(all, slots[0]!, 'nextTime', false)).toBe(slots[1]);
    expect(moveFrom(all, slots[1]!, 'nextTime', false)).toBeNull();
    expect(moveFrom(all, slots[1]!, 'nextTime', true)).toBe(slots[2]);
    expect(moveFrom(all, slots[2]!, 'prevTime', true)).toBe(slots[1]);
  });

  it('moves between free days keeping the nearest time, skipping days without one', () => {
    expect(moveFrom(all, slots[1]!, 'nextDay', false)).toBe(slots[2]);
    expect(moveFrom(all, slots[2]!, 'nextDay', false)).toBe(slots[3]);
    expect(moveFrom(all, slots[0]!, 'prevDay', false)).toBeNull();
    expect(moveFrom(all, slots[0]!, 'dayEnd', false)).toBe(slots[1]);
    expect(moveFrom(all, slots[3]!, 'first', false)).toBe(slots[0]);
    expect(moveFrom(all, slots[0]!, 'last', false)).toBe(slots[4]);
  });

  it('pages a week on to the same weekday or the next free day after it, and not past the ends', () => {
    expect(moveFrom(all, slots[2]!, 'nextWeek', false)).toBe(slots[4]); // Fri → the next Fri
    expect(moveFrom(all, slots[0]!, 'nextWeek', false)).toBe(slots[4]); // Thu → the next free day after the next Thu
    expect(moveFrom(all, slots[4]!, 'nextWeek', false)).toBeNull();
    expect(moveFrom(all, slots[4]!, 'prevWeek', false)).toBe(slots[2]);
    expect(moveFrom(all, slots[0]!, 'prevWeek', false)).toBeNull();
    // In the first week "Previous week" has no week to show, even with free days before this one.
    expect(moveFrom(all, slots[2]!, 'prevWeek', false)).toBeNull();
    expect(moveFrom(all, 'not a start', 'nextDay', false)).toBeNull();
  });
});

describe('where the calendar opens', () => {
  it('at the next free start (now first when offered), or the chosen one while it is still free', () => {
    expect(openingSlot(days(slots), '')).toBe(slots[0]);
    expect(openingSlot(days(slots, true), '')).toBe(NOW);
    expect(openingSlot(days(slots), slots[3]!)).toBe(slots[3]);
    // A chosen start the calendar no longer has (just taken): the calendar stays near it, at the next
    // free start after it, or the last when none is later.
    expect(openingSlot(days(slots), '2030-03-30T10:00:00Z')).toBe(slots[3]);
    expect(openingSlot(days(slots), '2030-04-09T10:00:00Z')).toBe(slots[4]);
    // Free from midnight the next days, but the first free start is Thursday 22:00: that one, not 00:00.
    const late = ['2030-03-28T22:00:00Z', '2030-03-29T00:00:00Z', '2030-03-29T00:30:00Z'];
    const lateDays = days(late);
    expect(weekRows(lateDays.slice(0, 7)).map((r) => r.time)[0]).toBe('12:00 AM');
    expect(openingSlot(lateDays, '')).toBe(late[0]);
    expect(openingSlot(days([]), '')).toBeNull();
  });

  it('scrolls a row to the top of the grid, under the sticky headings, never above the start', () => {
    // A row 400 px below the grid's top, headings 40 px high: scrolled by 360.
    expect(scrollTopToReveal({ scrollTop: 0, boxTop: 100, rowTop: 500, stickyHeight: 40 })).toBe(360);
    // Already scrolled 200 and the row is 50 px down (on screen): 10 more.
    expect(scrollTopToReveal({ scrollTop: 200, boxTop: 100, rowTop: 150, stickyHeight: 40 })).toBe(210);
    // The first row is already under the headings: stays at the top.
    expect(scrollTopToReveal({ scrollTop: 0, boxTop: 100, rowTop: 120, stickyHeight: 40 })).toBe(0);
  });
});
