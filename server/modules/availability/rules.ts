// The booking rule for one teacher's time, pure: the single source of truth behind both
// POST v1/requests validation (`slotProblem`) and GET v1/teachers/:id/availability (`availableStarts`,
// `availableNow`). Both go through `check`, so a start the calendar offers passes at submit unless
// the teacher's sessions changed in between.
//
// Working hours are weekly wall-clock slots in the teacher's IANA zone. They become instants with
// Temporal (temporal-polyfill, docs/decisions.md): each local day's slot is resolved in the zone, so
// a daylight-saving change shortens or lengthens that day's slot as the teacher's clock does; no
// offset arithmetic. Touching slots merge, so a session may run across midnight when the next day's
// slot starts at 00:00. Time off (instants the teacher is away) is cut out of the working spans, so
// every use of the rule — free slots, the booking check, "available now", a broadcast's teachers —
// honours it the same way.
import { Temporal } from 'temporal-polyfill';
import { SLOT_GRID_MINUTES } from '../../../contract/availability';
import {
  MAX_DURATION_HOURS,
  MIN_DURATION_HOURS,
  MAX_LEAD_MS,
  MIN_LEAD_MS,
  REQUEST_ERROR,
  type RequestErrorCode,
  type RequestType,
} from '../../../contract/requests';
import type { BusySlot, WorkingHour } from '../../../contract/teachers';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

export interface TeacherSchedule {
  /** IANA zone the working hours are written in. */
  zone: string;
  hours: readonly WorkingHour[];
  /** Sessions that hold the teacher (approved, and pending ones addressed to them). */
  busy: readonly BusySlot[];
  /** The teacher's time off overlapping the window read, as instants; absent means none. */
  away?: readonly BusySlot[];
}

export interface SlotDraft {
  type: RequestType;
  /** Scheduled start; ignored for urgent (it starts at `now`). */
  startsAt: Date | null;
  durationHours: number;
}

/** A half-open span of epoch milliseconds. */
interface Span {
  start: number;
  end: number;
}

/** "until midnight": 24:00, or 23:59 as some time inputs write it. */
const untilMidnight = (to: string) => to.startsWith('24:00') || to.startsWith('23:59');

/** The teacher's working time overlapping [fromMs, toMs) as merged instant spans. */
export function workingSpans(hours: readonly WorkingHour[], zone: string, fromMs: number, toMs: number): Span[] {
  if (hours.length === 0 || toMs <= fromMs) return [];
  // A slot lies within one local day, so starting a day early catches one running into the window.
  let day = Temporal.Instant.fromEpochMilliseconds(fromMs).toZonedDateTimeISO(zone).toPlainDate().subtract({ days: 1 });
  const last = Temporal.Instant.fromEpochMilliseconds(toMs).toZonedDateTimeISO(zone).toPlainDate();
  const spans: Span[] = [];
  for (; Temporal.PlainDate.compare(day, last) <= 0; day = day.add({ days: 1 })) {
    const weekday = day.dayOfWeek % 7; // Temporal: Monday 1 … Sunday 7; ours: Sunday 0 … Saturday 6.
    for (const slot of hours) {
      if (slot.day !== weekday) continue;
      const start = day.toZonedDateTime({ timeZone: zone, plainTime: Temporal.PlainTime.from(slot.from) }).epochMilliseconds;
      const end = untilMidnight(slot.to)
        ? day.add({ days: 1 }).toZonedDateTime({ timeZone: zone }).epochMilliseconds
        : day.toZonedDateTime({ timeZone: zone, plainTime: Temporal.PlainTime.from(slot.to) }).epochMilliseconds;
      if (end > start && end > fromMs && start < toMs) spans.push({ start, end });
    }
  }
  spans.sort((a, b) => a.start - b.start);
  const merged: Span[] = [];
  for (const s of spans) {
    const prev = merged[merged.length - 1];
    if (prev && s.start <= prev.end) prev.end = Math.max(prev.end, s.end);
    else merged.push({ ...s });
  }
  return merged;
}

function busySpans(busy: readonly BusySlot[]): Span[] {
  return busy.map((b) => ({ start: Date.parse(b.starts_at), end: Date.parse(b.ends_at) }));
}

/** `working` (sorted, disjoint) with every `away` span cut out. */
function withoutAway(working: readonly Span[], away: readonly BusySlot[] | undefined): Span[] {
  if (!away?.length) return [...working];
  const cuts = busySpans(away).sort((a, b) => a.start - b.start);
  const out: Span[] = [];
  for (const w of working) {
    let start = w.start;
    for (const cut of cuts) {
      if (cut.end <= start || cut.start >= w.end) continue;
      if (cut.start > start) out.push({ start, end: cut.start });
      start = Math.max(start, cut.end);
      if (start >= w.end) break;
    }
    if (start < w.end) out.push({ start, end: w.end });
  }
  return out;
}

/** The working spans of `schedule` over [fromMs, toMs), time off cut out. */
function teachingSpans(schedule: TeacherSchedule, fromMs: number, toMs: number): Span[] {
  return withoutAway(workingSpans(schedule.hours, schedule.zone, fromMs, toMs), schedule.away);
}

/** The rule itself: the first thing wrong with [start, start + duration) for this teacher at `now`. */
function check(
  working: readonly Span[],
  busy: readonly Span[],
  type: RequestType,
  start: number,
  durationHours: number,
  now: number,
): RequestErrorCode | null {
  if (!Number.isInteger(durationHours) || durationHours < MIN_DURATION_HOURS || durationHours > MAX_DURATION_HOURS) {
    return REQUEST_ERROR.durationRange;
  }
  if (type === 'schedule' && start < now + MIN_LEAD_MS) return REQUEST_ERROR.scheduleTooSoon;
  if (type === 'schedule' && start > now + MAX_LEAD_MS) return REQUEST_ERROR.scheduleTooFar;
  const end = start + durationHours * HOUR_MS;
  if (!working.some((w) => w.start <= start && end <= w.end)) return REQUEST_ERROR.outsideWorkingHours;
  if (busy.some((b) => b.start < end && start < b.end)) return REQUEST_ERROR.teacherBusy;
  return null;
}

/** The first booking rule the draft breaks at `now`, or null (POST v1/requests). */
export function slotProblem(schedule: TeacherSchedule, draft: SlotDraft, now: Date): RequestErrorCode | null {
  const start = draft.type === 'urgent' ? now.getTime() : draft.startsAt?.getTime();
  if (start === undefined || Number.isNaN(start)) return REQUEST_ERROR.scheduleTooSoon;
  const span = Math.max(0, draft.durationHours) * HOUR_MS;
  const working = teachingSpans(schedule, start - DAY_MS, start + span + DAY_MS);
  return check(working, busySpans(schedule.busy), draft.type, start, draft.durationHours, now.getTime());
}

/** Whether an urgent request of `durationHours` starting now would be accepted. */
export function availableNow(schedule: TeacherSchedule, durationHours: number, now: Date): boolean {
  return slotProblem(schedule, { type: 'urgent', startsAt: null, durationHours }, now) === null;
}

export interface AvailabilityWindow {
  from: Date;
  days: number;
  durationHours: number;
  now: Date;
}

/**
 * Every start in [from, from + days) on the grid of the teacher's wall clock that `check` accepts for a
 * scheduled session of `durationHours`, as UTC instants ascending.
 */
export function availableStarts(schedule: TeacherSchedule, window: AvailabilityWindow): Date[] {
  const from = Math.max(window.from.getTime(), window.now.getTime());
  // Nothing is offered past the booking horizon, the same bound `check` refuses at submit.
  const to = Math.min(window.from.getTime() + window.days * DAY_MS, window.now.getTime() + MAX_LEAD_MS + 1);
  const span = window.durationHours * HOUR_MS;
  const working = teachingSpans(schedule, from, to + span);
  const busy = busySpans(schedule.busy);
  const now = window.now.getTime();
  const grid = SLOT_GRID_MINUTES * 60_000;
  const out: Date[] = [];
  for (const w of working) {
    const earliest = Math.max(w.start, from, now + MIN_LEAD_MS);
    if (earliest >= w.end || earliest >= to) continue;
    // The first grid point of the teacher's clock at or after `earliest`; then exact steps, which
    // stay on the local grid across a whole-hour daylight-saving change.
    let start = Temporal.Instant.fromEpochMilliseconds(earliest)
      .toZonedDateTimeISO(schedule.zone)
      .round({ smallestUnit: 'minute', roundingIncrement: SLOT_GRID_MINUTES, roundingMode: 'ceil' }).epochMilliseconds;
    for (; start < to && start + span <= w.end; start += grid) {
      if (check(working, busy, 'schedule', start, window.durationHours, now) === null) out.push(new Date(start));
    }
  }
  return out;
}

/**
 * The first `count` starts `availableStarts` would offer for a session of `durationHours` within `days`
 * from now (the teachers list's "next free" and the guest preview). It looks two days ahead first and
 * the whole window only when those hold nothing, so a card costs a day or two of the rule, not two weeks.
 */
export function nextStarts(
  schedule: TeacherSchedule,
  now: Date,
  { days, durationHours, count }: { days: number; durationHours: number; count: number },
): Date[] {
  if (schedule.hours.length === 0) return [];
  const near = availableStarts(schedule, { from: now, days: Math.min(2, days), durationHours, now });
  if (near.length >= count || days <= 2) return near.slice(0, count);
  return availableStarts(schedule, { from: now, days, durationHours, now }).slice(0, count);
}
