// A weekly series (contract/series.ts): the same teacher at the same wall-clock time every week. The
// preview checks each week with booking's own rule (`slotProblem`: working hours, time off, lead time,
// the 90-day horizon, overlaps) and prices them one after another with `bookingCost`; the create books
// exactly the confirmed weeks in one transaction under booking's locks (the family's row, then the
// teacher's), each week its own paid request; cancelling the rest cancels each future lesson through
// the single cancel (`applyChange`), with its refund rule.
import { Temporal } from 'temporal-polyfill';
import { bookingCost } from '../../../contract/booking-cost';
import { REQUEST_ERROR, type CreateRequestParsed } from '../../../contract/requests';
import { seriesValidationKeys, type SeriesPreview, type SeriesWeek } from '../../../contract/series';
import type { Db, Queryable } from '../../db';
import { getBalance } from '../packages';
import { schedulesByTeacher, slotProblem } from '../availability';
import type { TeacherSchedule } from '../availability/rules';
import { bookingParties, insertPaidRequest, lockParties, offerRequest } from './booking';
import { RequestFailure, type RequestChange, type Viewer } from './rows';
import { applyChange } from './transitions';

const HOUR_MS = 3_600_000;

/** The week's starts: `first`, then the same wall-clock time in `zone` each following week. */
export function weekStarts(first: Date, zone: string, weeks: number): Date[] {
  const start = Temporal.Instant.fromEpochMilliseconds(first.getTime()).toZonedDateTimeISO(zone);
  return Array.from({ length: weeks }, (_, i) => new Date(start.add({ weeks: i }).epochMilliseconds));
}

interface Plan {
  teacherId: number;
  named: Awaited<ReturnType<typeof bookingParties>>['named'];
  zone: string;
  /** Every week of the series, 1-based, with its start and end. */
  weeks: { week: number; startsAt: Date; endsAt: Date }[];
}

async function planOf(db: Db, familyId: number, body: CreateRequestParsed): Promise<Plan> {
  if (body.type !== 'schedule' || !body.starts_at || !body.repeat_weeks) {
    throw new RequestFailure(400, seriesValidationKeys.scheduleOnly, 'repeat_weeks');
  }
  const { named, teacherId } = await bookingParties(db, familyId, body);
  const zone =
    body.time_zone ?? (await db.one<{ time_zone: string }>('SELECT time_zone FROM users WHERE id = $1', [familyId]))?.time_zone ?? 'UTC';
  const weeks = weekStarts(new Date(body.starts_at), zone, body.repeat_weeks).map((startsAt, i) => ({
    week: i + 1,
    startsAt,
    endsAt: new Date(startsAt.getTime() + body.duration_hours * HOUR_MS),
  }));
  return { teacherId, named, zone, weeks };
}

async function scheduleFor(q: Queryable, plan: Plan, now: Date): Promise<TeacherSchedule> {
  const last = plan.weeks[plan.weeks.length - 1]!;
  const schedule = (await schedulesByTeacher(q, [plan.teacherId], plan.weeks[0]!.startsAt, last.endsAt, now)).get(plan.teacherId);
  if (!schedule) throw new RequestFailure(400, REQUEST_ERROR.teacherUnavailable, 'teacher_id');
  return schedule;
}

const draftOf = (startsAt: Date, body: CreateRequestParsed) => ({
  type: 'schedule' as const,
  startsAt,
  durationHours: body.duration_hours,
});

/** Week by week: free, taken, unavailable (and why) or over the balance; what the free weeks cost and leave. */
export async function previewSeries(db: Db, familyId: number, body: CreateRequestParsed, now: Date): Promise<SeriesPreview> {
  const plan = await planOf(db, familyId, body);
  const schedule = await scheduleFor(db, plan, now);
  const balance = await getBalance(db, familyId, { now });
  let held = { minutes_remaining: balance.minutes, free_trial_available: balance.freeTrialAvailable };
  let minutes = 0;
  let freeTrial = false;
  const weeks = plan.weeks.map(({ week, startsAt, endsAt }): SeriesWeek => {
    const base = { week, starts_at: startsAt.toISOString(), ends_at: endsAt.toISOString() };
    const problem = slotProblem(schedule, draftOf(startsAt, body), now);
    if (problem) return { ...base, state: problem === REQUEST_ERROR.teacherBusy ? 'taken' : 'unavailable', code: problem, pay: null };
    const cost = bookingCost(body.duration_hours, held);
    if (cost.pay === 'none') return { ...base, state: 'over_balance', code: REQUEST_ERROR.insufficientHours, pay: null };
    // The trial pays at most one lesson: once it has, the next weeks see it used.
    if (cost.pay === 'free_trial') freeTrial = true;
    minutes += cost.minutes;
    held = { minutes_remaining: cost.minutesLeft, free_trial_available: held.free_trial_available && cost.pay !== 'free_trial' };
    return { ...base, state: 'free', code: null, pay: cost.pay };
  });
  return { time_zone: plan.zone, weeks, minutes, free_trial: freeTrial, minutes_left: held.minutes_remaining };
}

/**
 * Books the confirmed weeks (`weeks`, default all) as one series, all or nothing: under the family's
 * and the teacher's locks each week is checked again, so a week booked meanwhile is 409 `slot_taken`
 * naming the week, and a week the rule refuses is 400 on `weeks`; then each is inserted and paid in
 * order (the free trial covers at most the first, by `bookingCost`); a week the balance no longer
 * pays is 402 naming it. Any refusal rolls everything back.
 */
export async function createSeries(
  db: Db,
  familyId: number,
  body: CreateRequestParsed,
  now: Date,
): Promise<{ seriesId: number; lessons: RequestChange[] }> {
  const plan = await planOf(db, familyId, body);
  const confirmed = new Set(body.weeks ?? plan.weeks.map((w) => w.week));
  const chosen = plan.weeks.filter((w) => confirmed.has(w.week));
  return db.transaction(async (tx) => {
    const child = await lockParties(tx, familyId, plan.teacherId, plan.named);
    const schedule = await scheduleFor(tx, plan, now);
    for (const { week, startsAt } of chosen) {
      const problem = slotProblem(schedule, draftOf(startsAt, body), now);
      const detail = { week, starts_at: startsAt.toISOString() };
      if (problem === REQUEST_ERROR.teacherBusy) throw new RequestFailure(409, REQUEST_ERROR.slotTaken, undefined, detail);
      if (problem) throw new RequestFailure(400, problem, 'weeks', detail);
    }
    const series = await tx.one<{ id: number }>(
      'INSERT INTO request_series (family_id, teacher_id, weeks, created_at) VALUES ($1, $2, $3, $4) RETURNING id',
      [familyId, plan.teacherId, plan.weeks.length, now],
    );
    const changes: RequestChange[] = [];
    for (const [i, { startsAt, endsAt }] of chosen.entries()) {
      const id = await insertPaidRequest(tx, {
        studentId: familyId,
        teacherId: plan.teacherId,
        child,
        body,
        startsAt,
        endsAt,
        expiresAt: startsAt,
        now,
        series: { id: series!.id, week: i + 1 },
      });
      await offerRequest(tx, id, familyId, [plan.teacherId], now);
      changes.push({ id, status: 'pending', studentId: familyId, teacherId: plan.teacherId, offeredTo: [plan.teacherId] });
    }
    return { seriesId: series!.id, lessons: changes };
  });
}

/**
 * Cancels every lesson of the family's series that is still ahead, each by the single cancel's rule
 * and refund (pending: until it expires; approved: until the 6-hour cut-off). Lessons past the cut-off
 * are kept and listed. Every lesson row is locked first, in id order, before any refund takes the
 * family's row: a single cancel of one of them (request, then family) then queues instead of
 * deadlocking. Another family's series is 404; nothing left to cancel is 409.
 */
export async function cancelSeries(
  db: Db,
  familyId: number,
  seriesId: number,
  now: Date,
): Promise<{ changes: RequestChange[]; kept: number[] }> {
  const viewer: Viewer = { id: familyId, role: 'student' };
  return db.transaction(async (tx) => {
    const series = await tx.one('SELECT id FROM request_series WHERE id = $1 AND family_id = $2', [seriesId, familyId]);
    if (!series) throw new RequestFailure(404, 'series_not_found');
    const ahead = await tx.query<{ id: number }>(
      `SELECT id FROM requests WHERE series_id = $1 AND status IN ('pending', 'approved') AND starts_at > $2 ORDER BY id FOR UPDATE`,
      [seriesId, now],
    );
    const changes: RequestChange[] = [];
    const kept: number[] = [];
    for (const { id } of ahead) {
      try {
        changes.push(await applyChange(tx, id, viewer, 'cancel', now));
      } catch (err) {
        // The machine refuses before anything is written (an approved lesson inside the cut-off).
        if (err instanceof RequestFailure && err.status === 409) kept.push(id);
        else throw err;
      }
    }
    if (changes.length === 0) throw new RequestFailure(409, REQUEST_ERROR.notAllowed);
    return { changes, kept };
  });
}

/** A lesson's place in its series for the detail: "Week 2 of 4" (the lessons booked in it). */
export async function seriesRefOf(q: Queryable, requestId: number): Promise<{ id: number; week: number; weeks: number } | null> {
  const row = await q.one<{ series_id: number | null; series_week: number | null; weeks: number }>(
    `SELECT r.series_id, r.series_week, (SELECT count(*) FROM requests m WHERE m.series_id = r.series_id)::int AS weeks
       FROM requests r WHERE r.id = $1`,
    [requestId],
  );
  if (!row?.series_id || !row.series_week) return null;
  return { id: row.series_id, week: row.series_week, weeks: row.weeks };
}
