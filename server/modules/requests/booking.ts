// Booking a session: the rules checked against the teacher's hours and busy times, the
// request with its offers and first history row, and the payment — all in one transaction.
import { randomBytes } from 'node:crypto';
import { bookingCost } from '../../../contract/booking-cost';
import { REQUEST_ERROR, URGENT_ACCEPT_MS, type CreateRequestParsed, type RequestType } from '../../../contract/requests';
import type { Db, Queryable } from '../../db';
import { consumeFreeTrial, debitHours, getBalance, InsufficientHoursError } from '../packages';
import { freeBetween, inHoursAt, schedulesByTeacher, slotProblem } from '../availability';
import { addHistory, ledgerRef, RequestFailure, type RequestChange } from './rows';

const HOUR_MS = 3_600_000;
/** How many other teachers a broadcast reaches at most. */
export const MAX_BROADCAST_TEACHERS = 50;

export interface ChildRow {
  id: number;
  phase_id: number;
  archived_at: Date | null;
}

/**
 * The child a booking is for: the one named (the family's own and active), else the family's only
 * active child. Another family's child answers 404; several active children and none named, 400.
 */
async function bookedChild(tx: Queryable, familyId: number, childId: number | undefined): Promise<ChildRow> {
  if (childId !== undefined) {
    const child = await tx.one<ChildRow>('SELECT id, phase_id, archived_at FROM children WHERE id = $1 AND family_id = $2', [
      childId,
      familyId,
    ]);
    if (!child) throw new RequestFailure(404, REQUEST_ERROR.childNotFound);
    if (child.archived_at) throw new RequestFailure(400, REQUEST_ERROR.childArchived, 'child_id');
    return child;
  }
  // A family from before children, with none yet, gets its first child from the account.
  await tx.query('SELECT family_first_child($1)', [familyId]);
  const active = await tx.query<ChildRow>(
    'SELECT id, phase_id, archived_at FROM children WHERE family_id = $1 AND archived_at IS NULL ORDER BY id LIMIT 2',
    [familyId],
  );
  if (active.length !== 1) throw new RequestFailure(400, REQUEST_ERROR.childRequired, 'child_id');
  return active[0]!;
}

/**
 * Candidates read per broadcast: the SQL cut below (in hours at the start, free then) is close to the
 * rule, so twice the offers leaves room for the few it lets through and the rule turns away.
 */
const BROADCAST_CANDIDATES = 2 * MAX_BROADCAST_TEACHERS;

/**
 * Other active teachers a broadcast reaches: same subject, the student's phase, the preferred gender,
 * free then. SQL picks teachers whose hours hold the start and who have no session then (so a few
 * rows, not every teacher of the subject, travel back); the availability rule has the last word.
 */
async function broadcastTeachers(
  tx: Queryable,
  input: {
    exclude: number;
    subjectId: number;
    phaseId: number | null;
    gender: 'male' | 'female' | null;
    startsAt: Date;
    endsAt: Date;
    durationHours: number;
    type: RequestType;
    now: Date;
  },
): Promise<number[]> {
  const candidates = await tx.query<{ id: number }>(
    `SELECT u.id FROM users u
      WHERE u.type = 'instructor' AND u.status = 'active' AND u.id <> $1
        AND EXISTS (SELECT 1 FROM teacher_subjects ts WHERE ts.teacher_id = u.id AND ts.subject_id = $2)
        AND ($3::int IS NULL OR EXISTS (SELECT 1 FROM teacher_phases tp WHERE tp.teacher_id = u.id AND tp.phase_id = $3))
        AND ($4::text IS NULL OR u.gender = $4)
        AND ${inHoursAt('$5')} AND ${freeBetween('$5', '$6', '$7')}
      ORDER BY u.id LIMIT ${BROADCAST_CANDIDATES}`,
    [input.exclude, input.subjectId, input.phaseId, input.gender, input.startsAt, input.endsAt, input.now],
  );
  const ids = candidates.map((c) => c.id);
  const schedules = await schedulesByTeacher(tx, ids, input.startsAt, input.endsAt, input.now);
  const draft = { type: input.type, startsAt: input.startsAt, durationHours: input.durationHours };
  return ids
    .filter((id) => {
      const schedule = schedules.get(id);
      return schedule !== undefined && slotProblem(schedule, draft, input.now) === null;
    })
    .slice(0, MAX_BROADCAST_TEACHERS);
}

/** The teacher a booking names (active, teaching the subject) and the child named in it, checked before any lock. */
export async function bookingParties(
  db: Db,
  studentId: number,
  body: CreateRequestParsed,
): Promise<{ named: ChildRow | null; teacherId: number }> {
  // A named child is checked first: another family's child is 404 whatever else the body says.
  const named = body.child_id === undefined ? null : await bookedChild(db, studentId, body.child_id);
  const teacher = await db.one<{ id: number }>(`SELECT id FROM users WHERE id = $1 AND type = 'instructor' AND status = 'active'`, [
    body.teacher_id,
  ]);
  if (!teacher) throw new RequestFailure(400, REQUEST_ERROR.teacherUnavailable, 'teacher_id');
  const teaches = await db.one('SELECT 1 AS x FROM teacher_subjects WHERE teacher_id = $1 AND subject_id = $2', [
    body.teacher_id,
    body.subject_id,
  ]);
  if (!teaches) throw new RequestFailure(400, REQUEST_ERROR.subjectNotTaught, 'subject_id');
  return { named, teacherId: teacher.id };
}

/**
 * Under the family's lock: the family itself (a student account) and the child the booking is for.
 * Then the teacher's row lock, so two bookings of the teacher's same time queue and the second reads
 * the first (booking, a move and a new time off all take it).
 */
export async function lockParties(tx: Queryable, studentId: number, teacherId: number, named: ChildRow | null): Promise<ChildRow> {
  const family = await tx.one<{ id: number }>(`SELECT id FROM users WHERE id = $1 AND type = 'student' FOR UPDATE`, [studentId]);
  if (!family) throw new RequestFailure(403, 'requests_students_only');
  const child = named ?? (await bookedChild(tx, studentId, undefined));
  await tx.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [teacherId]);
  return child;
}

interface NewRequest {
  studentId: number;
  teacherId: number;
  child: ChildRow;
  body: CreateRequestParsed;
  startsAt: Date;
  endsAt: Date;
  expiresAt: Date;
  now: Date;
  /** A lesson of a weekly series: the series and its place in it. */
  series?: { id: number; week: number };
}

/**
 * Inserts one request and pays it from the family's one balance (the free trial is the account's: once
 * per family, whichever child it is for), by the rule the review showed (contract/booking-cost.ts). The
 * family's row is locked by the caller, so the balance read here is the one the payment sees. Not
 * enough: RequestFailure 402 (the caller's transaction rolls back).
 */
export async function insertPaidRequest(tx: Queryable, r: NewRequest): Promise<number> {
  const channel = `session-${randomBytes(16).toString('hex')}`;
  const row = await tx.one<{ id: number }>(
    `INSERT INTO requests (student_id, teacher_id, requested_teacher_id, subject_id, type, status, starts_at, ends_at, duration_hours,
                           expires_at, comment, broadcast, preferred_gender, paid_with, channel_name, created_at, updated_at, child_id,
                           series_id, series_week)
     VALUES ($1, $2, $2, $3, $4, 'pending', $5, $6, $7, $8, $9, $10, $11, 'hours', $12, $13, $13, $14, $15, $16) RETURNING id`,
    [
      r.studentId,
      r.teacherId,
      r.body.subject_id,
      r.body.type,
      r.startsAt,
      r.endsAt,
      r.body.duration_hours,
      r.expiresAt,
      r.body.comment,
      r.body.broadcast,
      r.body.preferred_gender ?? null,
      channel,
      r.now,
      r.child.id,
      r.series?.id ?? null,
      r.series?.week ?? null,
    ],
  );
  const id = row!.id;
  const balance = await getBalance(tx, r.studentId, { now: r.now });
  const cost = bookingCost(r.body.duration_hours, { minutes_remaining: balance.minutes, free_trial_available: balance.freeTrialAvailable });
  if (cost.pay === 'free_trial' && (await consumeFreeTrial(tx, r.studentId, ledgerRef(id)))) {
    await tx.query(`UPDATE requests SET paid_with = 'free_trial' WHERE id = $1`, [id]);
  } else {
    try {
      await debitHours(tx, r.studentId, r.body.duration_hours, ledgerRef(id), { now: r.now });
    } catch (err) {
      if (err instanceof InsufficientHoursError) {
        throw new RequestFailure(
          402,
          REQUEST_ERROR.insufficientHours,
          undefined,
          r.series ? { week: r.series.week, starts_at: r.startsAt.toISOString() } : undefined,
        );
      }
      throw err;
    }
  }
  return id;
}

/** The offers of a new request (its teacher first) and its first history row. */
export async function offerRequest(tx: Queryable, id: number, studentId: number, offered: readonly number[], now: Date): Promise<void> {
  await tx.query(`INSERT INTO request_offers (request_id, teacher_id, created_at) SELECT $1, t, $3 FROM unnest($2::int[]) AS t`, [
    id,
    offered,
    now,
  ]);
  await addHistory(tx, id, 'pending', 'student', studentId, now);
}

/**
 * Books a session: checks the rules, inserts the request, its offers and first history row, and pays
 * (by `bookingCost`: the free trial for a short session while it is unused, otherwise package hours) — all in one transaction. Not enough hours: RequestFailure 402 and nothing written.
 */
export async function createRequest(db: Db, studentId: number, body: CreateRequestParsed, now: Date): Promise<RequestChange> {
  const { named, teacherId } = await bookingParties(db, studentId, body);
  const startsAt = body.type === 'urgent' ? now : new Date(body.starts_at!);
  const endsAt = new Date(startsAt.getTime() + body.duration_hours * HOUR_MS);
  const draft = { type: body.type, startsAt, durationHours: body.duration_hours };
  // No schedule: the teacher's stored zone is unusable (reported), so nobody can book them for now.
  const schedule = (await schedulesByTeacher(db, [teacherId], startsAt, endsAt, now)).get(teacherId);
  if (!schedule) throw new RequestFailure(400, REQUEST_ERROR.teacherUnavailable, 'teacher_id');
  const problem = slotProblem(schedule, draft, now);
  if (problem === REQUEST_ERROR.teacherBusy) throw new RequestFailure(409, REQUEST_ERROR.slotTaken);
  if (problem) throw new RequestFailure(400, problem, problem === REQUEST_ERROR.durationRange ? 'duration_hours' : 'starts_at');

  // Urgent: a teacher must take it within 15 minutes. Scheduled: by its start.
  const expiresAt = body.type === 'urgent' ? new Date(now.getTime() + URGENT_ACCEPT_MS) : startsAt;

  return db.transaction(async (tx) => {
    const child = await lockParties(tx, studentId, teacherId, named);
    // Two students booking the teacher's same time at once: the teacher's row lock serializes them and
    // the second one, reading again under the lock, is told the slot was just taken.
    const locked = (await schedulesByTeacher(tx, [teacherId], startsAt, endsAt, now)).get(teacherId);
    if (!locked) throw new RequestFailure(400, REQUEST_ERROR.teacherUnavailable, 'teacher_id');
    const again = slotProblem(locked, draft, now);
    if (again === REQUEST_ERROR.teacherBusy) throw new RequestFailure(409, REQUEST_ERROR.slotTaken);
    // Time off the teacher set meanwhile (under the same lock) takes the time out of their hours.
    if (again) throw new RequestFailure(400, again, 'starts_at');
    const id = await insertPaidRequest(tx, { studentId, teacherId, child, body, startsAt, endsAt, expiresAt, now });

    const others = body.broadcast
      ? await broadcastTeachers(tx, {
          exclude: teacherId,
          subjectId: body.subject_id,
          phaseId: child.phase_id,
          gender: body.preferred_gender ?? null,
          startsAt,
          endsAt,
          durationHours: body.duration_hours,
          type: body.type,
          now,
        })
      : [];
    const offered = [teacherId, ...others];
    await offerRequest(tx, id, studentId, offered, now);
    return { id, status: 'pending' as const, studentId, teacherId, offeredTo: offered };
  });
}
