// The booking rules shared by the server and the booking machine (contract/requests.ts): Qatar wall-clock
// working hours, adjacent and cross-midnight slots, the one-hour lead, overlaps, and paying.
import { describe, expect, it } from 'vitest';
import { bookingProblem, canPay, overlapsBusy, withinWorkingHours } from '../../contract/requests';
import type { WorkingHour } from '../../contract/teachers';

// Sunday 2030-01-06 09:00 in Qatar = 06:00 UTC.
const sunday9 = new Date('2030-01-06T06:00:00Z');
const at = (hoursFromSunday9: number) => new Date(sunday9.getTime() + hoursFromSunday9 * 3_600_000);

describe('working hours (Asia/Qatar)', () => {
  const hours: WorkingHour[] = [
    { day: 0, from: '08:00', to: '12:00' },
    { day: 0, from: '12:00', to: '14:00' },
    { day: 0, from: '22:00', to: '24:00' },
    { day: 1, from: '00:00', to: '02:00' },
  ];
  it('accepts a session inside one slot or running on into a touching slot', () => {
    expect(withinWorkingHours(hours, sunday9, 3)).toBe(true); // 09–12
    expect(withinWorkingHours(hours, sunday9, 5)).toBe(true); // 09–14 across two slots
    expect(withinWorkingHours(hours, sunday9, 6)).toBe(false); // 09–15
    expect(withinWorkingHours(hours, at(-2), 1)).toBe(false); // 07:00
  });
  it('crosses midnight only into a slot starting at 00:00 the next day', () => {
    expect(withinWorkingHours(hours, at(13), 4)).toBe(true); // Sun 22:00 → Mon 02:00
    expect(withinWorkingHours(hours, at(13), 5)).toBe(false);
    expect(withinWorkingHours([{ day: 0, from: '22:00', to: '23:59' }, { day: 1, from: '00:00', to: '01:00' }], at(13), 3)).toBe(true);
  });
  it('counts a start with seconds as the next minute', () => {
    expect(withinWorkingHours([{ day: 0, from: '09:00', to: '10:00' }], new Date(sunday9.getTime() + 30_000), 1)).toBe(false);
  });
});

describe('bookingProblem', () => {
  const teacher = { working_hours: [{ day: 0, from: '00:00', to: '24:00' }], busy: [{ starts_at: at(4).toISOString(), ends_at: at(5).toISOString() }] };
  it('names the first rule broken', () => {
    expect(bookingProblem({ type: 'schedule', startsAt: at(0.99), durationHours: 1 }, teacher, sunday9)).toBe('schedule_too_soon');
    expect(bookingProblem({ type: 'schedule', startsAt: at(1), durationHours: 1 }, teacher, sunday9)).toBeNull();
    expect(bookingProblem({ type: 'schedule', startsAt: at(1), durationHours: 7 }, teacher, sunday9)).toBe('duration_range');
    expect(bookingProblem({ type: 'schedule', startsAt: at(3.5), durationHours: 1 }, teacher, sunday9)).toBe('teacher_busy');
    expect(bookingProblem({ type: 'schedule', startsAt: at(13), durationHours: 3 }, teacher, sunday9)).toBe('outside_working_hours');
    expect(bookingProblem({ type: 'schedule', startsAt: null, durationHours: 1 }, teacher, sunday9)).toBe('schedule_too_soon');
    // Urgent starts now: no lead time, but the hours still apply.
    expect(bookingProblem({ type: 'urgent', startsAt: null, durationHours: 1 }, teacher, sunday9)).toBeNull();
  });
  it('treats touching sessions as not overlapping', () => {
    expect(overlapsBusy(teacher.busy, at(3), at(4))).toBe(false);
    expect(overlapsBusy(teacher.busy, at(5), at(6))).toBe(false);
  });
});

describe('canPay', () => {
  it('uses package minutes, or the free trial for a session of up to one hour', () => {
    expect(canPay(2, { minutes_remaining: 120, free_trial_available: false })).toBe(true);
    expect(canPay(2, { minutes_remaining: 119, free_trial_available: true })).toBe(false);
    expect(canPay(1, { minutes_remaining: 0, free_trial_available: true })).toBe(true);
  });
});
