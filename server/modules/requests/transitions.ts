// A request's changes by its parties (approve, reject, cancel, rate, reschedule), each checked by
// machines/request.machine.ts. Every change locks the request row (SELECT … FOR UPDATE), asks the
// machine, then writes with a conditional UPDATE … WHERE status = <the status read> RETURNING, so two
// teachers approving at once end with exactly one approval, and a refund happens once.
import { endedEarlyRefundMinutes, REQUEST_ERROR } from '../../../contract/requests';
import type { Db, Queryable } from '../../db';
import { actionEvent, resumeRequest, statusOf, transition, type RequestEvent } from '../../../machines/request.machine';
import { busyByTeacher } from '../teachers';
import { isParty, readAccess } from './access';
import { checkNewStart, proposeMove, type ProposalChange } from './proposals';
import { addHistory, contextOf, refund, RequestFailure, type RequestChange, type Viewer } from './rows';

export type ChangeAction = 'approve' | 'reject' | 'cancel' | 'end';

/**
 * A viewer's approve / reject / cancel / end, checked by the machine. Approving also checks the
 * approving teacher has no other approved session at that time. Refunds (reject, cancel: everything;
 * end: the whole half-hours not taught) in the same transaction. A teacher's cancel needs a reason,
 * kept on its history row with who cancelled.
 */
export async function changeRequest(
  db: Db,
  id: number,
  viewer: Viewer,
  action: ChangeAction,
  now: Date,
  /**
   * A reject's reason for the student (kept only when the request itself becomes rejected); a
   * teacher's cancel reason (required).
   */
  options: { reason?: string | null } = {},
): Promise<RequestChange> {
  return db.transaction((tx) => applyChange(tx, id, viewer, action, now, options));
}

/** `changeRequest` inside the caller's transaction (cancelling a series cancels each lesson with it). */
export async function applyChange(
  tx: Queryable,
  id: number,
  viewer: Viewer,
  action: ChangeAction,
  now: Date,
  options: { reason?: string | null } = {},
): Promise<RequestChange> {
  // Serialize a teacher's approvals, so two of their requests at one time cannot both be approved.
  // A teacher no longer active (suspended since the offer) cannot take sessions.
  if (action === 'approve' && viewer.role === 'teacher') {
    const me = await tx.one<{ status: string }>('SELECT status FROM users WHERE id = $1 FOR UPDATE', [viewer.id]);
    if (me?.status !== 'active') {
      // Someone else's request answers 404 first, as for anybody: a 409 would tell a stranger that the request exists.
      await readAccess(tx, id, viewer);
      throw new RequestFailure(409, REQUEST_ERROR.teacherUnavailable);
    }
  }
  const a = await readAccess(tx, id, viewer, { lock: true });
  const party = isParty(a, viewer);
  const event: RequestEvent =
    action === 'end'
      ? { type: 'end', actor: { role: viewer.role, party }, now: now.getTime() }
      : actionEvent(action, { role: viewer.role, party, openOffers: a.openOffers }, now.getTime());
  const next = transition(resumeRequest(a.row.status, contextOf(a.row, a.rated)), event);
  if (!next) throw new RequestFailure(409, REQUEST_ERROR.notAllowed);
  const status = statusOf(next);
  const offered = a.offeredTo;
  const teacherCancels = action === 'cancel' && viewer.role === 'teacher';
  if (teacherCancels && !options.reason) throw new RequestFailure(400, REQUEST_ERROR.cancelReasonRequired, 'reason');

  if (status === a.row.status) {
    // One teacher of a broadcast declines their offer; the request stays open for the others.
    await tx.query('UPDATE request_offers SET declined_at = $3 WHERE request_id = $1 AND teacher_id = $2 AND declined_at IS NULL', [
      id,
      viewer.id,
      now,
    ]);
    return { id, status, studentId: a.row.student_id, teacherId: a.row.teacher_id, offeredTo: offered };
  }

  const startsAt = new Date(next.context.startsAt);
  const endsAt = new Date(next.context.endsAt);
  const teacherId = action === 'approve' ? viewer.id : a.row.teacher_id;
  if (action === 'approve') {
    const busy = await busyByTeacher(tx, [viewer.id], startsAt, endsAt);
    if ((busy.get(viewer.id) ?? []).length > 0) throw new RequestFailure(409, REQUEST_ERROR.teacherBusy);
  }
  const updated = await tx.one<{ id: number }>(
    `UPDATE requests SET status = $2, teacher_id = $3, starts_at = $4, ends_at = $5, updated_at = $6
      WHERE id = $1 AND status = $7 RETURNING id`,
    [id, status, teacherId, startsAt, endsAt, now, a.row.status],
  );
  if (!updated) throw new RequestFailure(409, REQUEST_ERROR.notAllowed);
  if (action === 'reject') {
    if (options.reason) await tx.query('UPDATE requests SET reject_reason = $2 WHERE id = $1', [id, options.reason]);
    await tx.query('UPDATE request_offers SET declined_at = $3 WHERE request_id = $1 AND teacher_id = $2 AND declined_at IS NULL', [
      id,
      viewer.id,
      now,
    ]);
  }
  if (next.hasTag('request:refunded')) await refund(tx, a.row, now);
  let refundedMinutes: number | undefined;
  if (action === 'end') {
    // Ended early for both: the whole half-hours not taught go back (the rest was taught).
    const owed = endedEarlyRefundMinutes(a.row.starts_at.getTime(), a.row.ends_at.getTime(), now.getTime());
    refundedMinutes = owed > 0 ? await refund(tx, a.row, now, owed) : 0;
  }
  await addHistory(tx, id, status, viewer.role, viewer.id, now, {
    reason: teacherCancels ? options.reason : null,
    ...(refundedMinutes !== undefined ? { refundedMinutes } : {}),
  });
  return {
    id,
    status,
    studentId: a.row.student_id,
    teacherId,
    offeredTo: offered,
    by: viewer.role,
    ...(teacherCancels ? { reason: options.reason ?? null } : {}),
    ...(action === 'end' ? { endedEarly: true } : {}),
  };
}

/** The student's rating of a finished session: once (machine `rate`, and a unique index). */
export async function rateRequest(
  db: Db,
  id: number,
  viewer: Viewer,
  input: { rating: number; comment: string | null },
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    const a = await readAccess(tx, id, viewer, { lock: true });
    const event: RequestEvent = { type: 'rate', actor: { role: viewer.role, party: isParty(a, viewer) }, now: now.getTime() };
    if (!resumeRequest(a.row.status, contextOf(a.row, a.rated)).can(event)) {
      throw new RequestFailure(409, a.rated ? REQUEST_ERROR.alreadyRated : REQUEST_ERROR.notAllowed);
    }
    const row = await tx.one(
      `INSERT INTO evaluations (teacher_id, student_id, rating, comment, request_id, created_at)
       VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (request_id) WHERE request_id IS NOT NULL DO NOTHING RETURNING id`,
      [a.row.teacher_id, a.row.student_id, input.rating, input.comment, id, now],
    );
    if (!row) throw new RequestFailure(409, REQUEST_ERROR.alreadyRated);
  });
}

/** A move's change: the request (still pending), and its history row (the notification's key). */
export interface RequestMove extends RequestChange {
  historyId: number;
  /** Set when the request was approved: the move is a proposal the other side answers. */
  proposal?: ProposalChange['proposal'];
}

/**
 * Its student moves a pending scheduled request to another start of the same teacher (the machine's
 * `reschedule`), checked by the booking rule (`slotProblem`: the teacher's hours, lead time, the
 * horizon, overlaps) with its own current time left out of the teacher's busy times. The payment
 * stays; the new start is also its new deadline. Locks the teacher's row before the request's, the
 * order approving takes, so a move and an approval of the same teacher queue instead of deadlocking;
 * under the teacher's lock a booking of the same time meanwhile is seen and answers 409 slot_taken.
 */
export async function rescheduleRequest(db: Db, id: number, viewer: Viewer, startsAtIso: string, now: Date): Promise<RequestMove> {
  return db.transaction(async (tx) => {
    const seen = await readAccess(tx, id, viewer);
    const teacher = await tx.one<{ status: string }>('SELECT status FROM users WHERE id = $1 FOR UPDATE', [seen.row.teacher_id]);
    const a = await readAccess(tx, id, viewer, { lock: true });
    const startsAt = new Date(startsAtIso);
    const event: RequestEvent = {
      type: 'reschedule',
      actor: { role: viewer.role, party: isParty(a, viewer) },
      now: now.getTime(),
      startsAt: startsAt.getTime(),
    };
    const next = transition(resumeRequest(a.row.status, contextOf(a.row, a.rated, a.proposal)), event);
    if (!next || a.row.teacher_id !== seen.row.teacher_id) {
      throw new RequestFailure(409, a.proposal && a.row.status === 'approved' ? REQUEST_ERROR.proposalOpen : REQUEST_ERROR.notAllowed);
    }
    if (teacher?.status !== 'active') throw new RequestFailure(400, REQUEST_ERROR.teacherUnavailable, 'starts_at');
    // An approved session: the new start becomes a proposal; the session keeps its time until an answer.
    if (a.row.status === 'approved') return proposeMove(tx, a, viewer, startsAt, next, now);

    const endsAt = new Date(next.context.endsAt);
    await checkNewStart(tx, a.row, startsAt, now);

    const updated = await tx.one<{ id: number }>(
      `UPDATE requests SET starts_at = $2, ends_at = $3, expires_at = $4, updated_at = $5 WHERE id = $1 AND status = 'pending' RETURNING id`,
      [id, startsAt, endsAt, new Date(next.context.expiresAt), now],
    );
    if (!updated) throw new RequestFailure(409, REQUEST_ERROR.notAllowed);
    const history = await tx.one<{ id: number }>(
      `INSERT INTO request_history (request_id, status, actor_role, actor_id, at, moved_from, moved_to) VALUES ($1, 'pending', $2, $3, $4, $5, $6) RETURNING id`,
      [id, viewer.role, viewer.id, now, a.row.starts_at, startsAt],
    );
    return {
      id,
      status: 'pending',
      studentId: a.row.student_id,
      teacherId: a.row.teacher_id,
      offeredTo: a.offeredTo,
      historyId: history!.id,
    };
  });
}
