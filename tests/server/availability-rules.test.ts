// The one booking rule (server/modules/availability/rules.ts) without a database: working hours in two
// zones, the lead time at its edges, overlaps, a session across midnight and a daylight-saving change,
// several ranges a day, and time off (across midnight and over a daylight-saving change).
// Every start `availableStarts` offers passes `slotProblem`, the check POST v1/requests runs.
import { describe, expect, it } from 'vitest';
import type { WorkingHour } from '../../contract/teachers';
import { availableNow, availableStarts, slotProblem, type TeacherSchedule } from '../../server/modules/availability/rules';
import { timeOffSpan, todayIn } from '../../server/modules/time-off/days';

const MIN = 60_000;
const HOUR = 60 * MIN;
const iso = (d: Date) => d.toISOString();

function starts(schedule: TeacherSchedule, now: string, days = 1, durationHours = 1, from = now): string[] {
  const out = availableStarts(schedule, { from: new Date(from), days, durationHours, now: new Date(now) }).map(iso);
  // One source of truth: whatever is offered is accepted at submit.
  for (const s of out) expect(slotProblem(schedule, { type: 'schedule', startsAt: new Date(s), durationHours }, new Date(now))).toBeNull();
  return out;
}

const sunday9to12: WorkingHour[] = [{ day: 0, from: '09:00', to: '12:00' }];

describe('availableStarts', () => {
  it('reads working hours in the teacher’s zone: the same 09:00–12:00 is 06:00Z in Qatar and 09:00Z in London', () => {
    // Saturday 2030-01-05 12:00Z; the next Sunday is 2030-01-06.
    const now = '2030-01-05T12:00:00.000Z';
    expect(starts({ zone: 'Asia/Qatar', hours: sunday9to12, busy: [] }, now, 2)).toEqual([
      '2030-01-06T06:00:00.000Z',
      '2030-01-06T06:30:00.000Z',
      '2030-01-06T07:00:00.000Z',
      '2030-01-06T07:30:00.000Z',
      '2030-01-06T08:00:00.000Z',
    ]);
    const london = starts({ zone: 'Europe/London', hours: sunday9to12, busy: [] }, now, 2, 2);
    expect(london).toEqual(['2030-01-06T09:00:00.000Z', '2030-01-06T09:30:00.000Z', '2030-01-06T10:00:00.000Z']);
  });

  it('keeps the lead time of one hour at its edges and stays on the teacher’s half-hour grid', () => {
    const q = { zone: 'Asia/Qatar', hours: sunday9to12, busy: [] };
    // Sunday 08:00 Qatar: 09:00 is exactly one hour away and offered.
    expect(starts(q, '2030-01-06T05:00:00.000Z')[0]).toBe('2030-01-06T06:00:00.000Z');
    // One second later 09:00 is too soon; the next grid point is 09:30.
    expect(starts(q, '2030-01-06T05:00:01.000Z')[0]).toBe('2030-01-06T06:30:00.000Z');
    const now = new Date('2030-01-06T05:00:00.000Z');
    expect(slotProblem(q, { type: 'schedule', startsAt: new Date(now.getTime() + 59 * MIN), durationHours: 1 }, now)).toBe(
      'schedule_too_soon',
    );
    expect(slotProblem(q, { type: 'schedule', startsAt: new Date(now.getTime() + 60 * MIN), durationHours: 1 }, now)).toBeNull();
    // Ninety days ahead is the horizon: a start just past it is refused and never offered.
    const horizon = now.getTime() + 90 * 24 * HOUR;
    expect(slotProblem(q, { type: 'schedule', startsAt: new Date(horizon), durationHours: 1 }, now)).not.toBe('schedule_too_far');
    expect(slotProblem(q, { type: 'schedule', startsAt: new Date(horizon + 30 * MIN), durationHours: 1 }, now)).toBe('schedule_too_far');
    const late = starts(q, iso(now), 14, 1, iso(new Date(horizon - 7 * 24 * HOUR)));
    expect(late.length).toBeGreaterThan(0);
    expect(late.every((s) => new Date(s).getTime() <= horizon)).toBe(true);
    expect(starts(q, iso(now), 14, 1, iso(new Date(horizon + 1)))).toEqual([]);
    // A zone 45 minutes off the hour still gets its own clock's :00 and :30.
    const kathmandu = starts({ zone: 'Asia/Kathmandu', hours: sunday9to12, busy: [] }, '2030-01-05T12:00:00.000Z', 2);
    expect(kathmandu[0]).toBe('2030-01-06T03:15:00.000Z');
    expect(kathmandu[1]).toBe('2030-01-06T03:45:00.000Z');
  });

  it('leaves out every start that would overlap a session the teacher holds', () => {
    const busy = [{ starts_at: '2030-01-06T07:00:00.000Z', ends_at: '2030-01-06T08:00:00.000Z' }]; // 10:00–11:00 Qatar
    const q = { zone: 'Asia/Qatar', hours: sunday9to12, busy };
    expect(starts(q, '2030-01-05T12:00:00.000Z', 2)).toEqual(['2030-01-06T06:00:00.000Z', '2030-01-06T08:00:00.000Z']);
    expect(starts(q, '2030-01-05T12:00:00.000Z', 2, 2)).toEqual([]);
    const now = new Date('2030-01-05T12:00:00.000Z');
    expect(slotProblem(q, { type: 'schedule', startsAt: new Date('2030-01-06T06:30:00.000Z'), durationHours: 1 }, now)).toBe(
      'teacher_busy',
    );
    expect(slotProblem(q, { type: 'schedule', startsAt: new Date('2030-01-06T08:30:00.000Z'), durationHours: 1 }, now)).toBe(
      'outside_working_hours',
    );
  });

  it('runs a session across midnight when the next day’s hours start at 00:00', () => {
    const hours: WorkingHour[] = [
      { day: 0, from: '22:00', to: '24:00' },
      { day: 1, from: '00:00', to: '01:00' },
    ];
    const q = { zone: 'Asia/Qatar', hours, busy: [] };
    // Sunday 22:00 Qatar = 19:00Z; three hours end Monday 01:00.
    expect(starts(q, '2030-01-05T12:00:00.000Z', 3, 3)).toEqual(['2030-01-06T19:00:00.000Z']);
    expect(starts(q, '2030-01-05T12:00:00.000Z', 3, 1)).toHaveLength(5);
    const now = new Date('2030-01-05T12:00:00.000Z');
    expect(slotProblem(q, { type: 'schedule', startsAt: new Date('2030-01-06T19:00:00.000Z'), durationHours: 4 }, now)).toBe(
      'outside_working_hours',
    );
    // Old editors store 23:59 for "until midnight": it joins the same way.
    const q2 = { ...q, hours: [{ day: 0, from: '22:00', to: '23:59' }, hours[1]!] };
    expect(slotProblem(q2, { type: 'schedule', startsAt: new Date('2030-01-06T19:00:00.000Z'), durationHours: 3 }, now)).toBeNull();
  });

  it('follows a daylight-saving change: London’s 00:00–04:00 on 31 March 2030 lasts three hours', () => {
    const hours: WorkingHour[] = [
      { day: 0, from: '00:00', to: '04:00' },
      { day: 1, from: '09:00', to: '10:00' },
    ];
    const q = { zone: 'Europe/London', hours, busy: [] };
    const now = '2030-03-29T12:00:00.000Z';
    const slots = starts(q, now, 4);
    // 00:00 and 00:30 GMT, then 02:00 … 03:00 BST (01:00Z … 02:00Z): 01:xx local never happens.
    expect(slots.slice(0, 5)).toEqual([
      '2030-03-31T00:00:00.000Z',
      '2030-03-31T00:30:00.000Z',
      '2030-03-31T01:00:00.000Z',
      '2030-03-31T01:30:00.000Z',
      '2030-03-31T02:00:00.000Z',
    ]);
    // Monday 09:00 is now BST: 08:00Z.
    expect(slots.slice(5)).toEqual(['2030-04-01T08:00:00.000Z']);
    expect(starts(q, now, 4, 3)[0]).toBe('2030-03-31T00:00:00.000Z');
    expect(starts(q, now, 4, 4)).toEqual([]);
    // The same hours a week earlier (GMT) are four real hours.
    expect(starts(q, '2030-03-22T12:00:00.000Z', 3, 4)).toEqual(['2030-03-24T00:00:00.000Z']);
  });

  it('offers nothing for a teacher without working hours, and starts the window at now', () => {
    expect(starts({ zone: 'Asia/Qatar', hours: [], busy: [] }, '2030-01-05T12:00:00.000Z', 14)).toEqual([]);
    const everyDay: WorkingHour[] = [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, from: '00:00', to: '24:00' }));
    const slots = starts({ zone: 'Asia/Qatar', hours: everyDay, busy: [] }, '2030-01-05T12:00:00.000Z', 14, 1, '2030-01-01T00:00:00.000Z');
    expect(slots[0]).toBe('2030-01-05T13:00:00.000Z');
  });
});

describe('availableNow (urgent requests)', () => {
  it('is true inside working hours when nothing holds the teacher for the whole duration', () => {
    const q = { zone: 'Asia/Qatar', hours: sunday9to12, busy: [] };
    const at10 = new Date('2030-01-06T07:00:00.000Z');
    expect(availableNow(q, 1, at10)).toBe(true);
    expect(availableNow(q, 2, at10)).toBe(true);
    expect(availableNow(q, 3, at10)).toBe(false); // ends 13:00, past the hours
    expect(availableNow({ ...q, busy: [{ starts_at: '2030-01-06T07:30:00.000Z', ends_at: '2030-01-06T08:30:00.000Z' }] }, 1, at10)).toBe(
      false,
    );
    expect(availableNow(q, 1, new Date(at10.getTime() + 5 * HOUR))).toBe(false);
  });
});

describe('several ranges a day and time off', () => {
  const away = (first: string, last: string, zone: string) => {
    const span = timeOffSpan(first, last, zone);
    return { starts_at: iso(span.startsAt), ends_at: iso(span.endsAt) };
  };

  it('offers each range of a split day and nothing across its noon break', () => {
    // Sunday 09:00–11:00 and 13:00–14:00, London in winter (GMT = UTC).
    const hours: WorkingHour[] = [
      { day: 0, from: '13:00', to: '14:00' },
      { day: 0, from: '09:00', to: '11:00' },
    ];
    const q = { zone: 'Europe/London', hours, busy: [] };
    const now = '2030-01-05T12:00:00.000Z';
    expect(starts(q, now, 2)).toEqual([
      '2030-01-06T09:00:00.000Z',
      '2030-01-06T09:30:00.000Z',
      '2030-01-06T10:00:00.000Z',
      '2030-01-06T13:00:00.000Z',
    ]);
    expect(starts(q, now, 2, 2)).toEqual(['2030-01-06T09:00:00.000Z']);
    expect(slotProblem(q, { type: 'schedule', startsAt: new Date('2030-01-06T10:30:00.000Z'), durationHours: 1 }, new Date(now))).toBe(
      'outside_working_hours',
    );
    expect(slotProblem(q, { type: 'schedule', startsAt: new Date('2030-01-06T11:30:00.000Z'), durationHours: 1 }, new Date(now))).toBe(
      'outside_working_hours',
    );
  });

  it('cuts a day off out of hours that run across midnight', () => {
    // Saturday 22:00 – Sunday 02:00 Qatar, with Sunday 2030-01-06 off.
    const hours: WorkingHour[] = [
      { day: 6, from: '22:00', to: '24:00' },
      { day: 0, from: '00:00', to: '02:00' },
    ];
    const q: TeacherSchedule = { zone: 'Asia/Qatar', hours, busy: [], away: [away('2030-01-06', '2030-01-06', 'Asia/Qatar')] };
    const now = '2030-01-04T12:00:00.000Z';
    // Saturday 22:00 and 22:30 and 23:00 Qatar (19:00Z …); a one-hour start at 23:30 would run into Sunday.
    expect(starts(q, now, 3)).toEqual(['2030-01-05T19:00:00.000Z', '2030-01-05T19:30:00.000Z', '2030-01-05T20:00:00.000Z']);
    expect(slotProblem(q, { type: 'schedule', startsAt: new Date('2030-01-05T20:30:00.000Z'), durationHours: 1 }, new Date(now))).toBe(
      'outside_working_hours',
    );
    expect(slotProblem(q, { type: 'schedule', startsAt: new Date('2030-01-05T21:00:00.000Z'), durationHours: 1 }, new Date(now))).toBe(
      'outside_working_hours',
    );
    // Without the day off, the whole night is offered.
    expect(starts({ ...q, away: [] }, now, 3)).toHaveLength(7);
    // An urgent request at Sunday 00:30 Qatar is refused during the time off.
    expect(availableNow(q, 1, new Date('2030-01-05T21:30:00.000Z'))).toBe(false);
    expect(availableNow({ ...q, away: [] }, 1, new Date('2030-01-05T21:30:00.000Z'))).toBe(true);
  });

  it('a day off on the daylight-saving change in London is the 23 hours of that day', () => {
    const span = timeOffSpan('2030-03-31', '2030-03-31', 'Europe/London');
    expect(iso(span.startsAt)).toBe('2030-03-31T00:00:00.000Z');
    expect(iso(span.endsAt)).toBe('2030-03-31T23:00:00.000Z');
    const autumn = timeOffSpan('2030-10-27', '2030-10-27', 'Europe/London');
    expect(autumn.endsAt.getTime() - autumn.startsAt.getTime()).toBe(25 * HOUR);
    const everyDay: WorkingHour[] = [0, 1, 2, 3, 4, 5, 6].map((day) => ({ day, from: '00:00', to: '24:00' }));
    const q: TeacherSchedule = {
      zone: 'Europe/London',
      hours: everyDay,
      busy: [],
      away: [away('2030-03-31', '2030-03-31', 'Europe/London')],
    };
    const slots = starts(q, '2030-03-30T12:00:00.000Z', 2);
    // Saturday until 23:00 GMT (the last one-hour start), nothing on Sunday, Monday from 00:00 BST.
    expect(slots.filter((s) => s < '2030-03-31T00:00:00.000Z').at(-1)).toBe('2030-03-30T23:00:00.000Z');
    expect(slots.filter((s) => s >= '2030-03-31T00:00:00.000Z' && s < '2030-03-31T23:00:00.000Z')).toEqual([]);
    expect(slots.find((s) => s >= '2030-03-31T00:00:00.000Z')).toBe('2030-03-31T23:00:00.000Z');
    expect(todayIn('Europe/London', new Date('2030-03-31T23:30:00.000Z'))).toBe('2030-04-01');
  });
});
