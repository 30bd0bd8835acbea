// Every change of a teacher's review status goes through here: the reviewer's (CLI → admin API, tests)
// and the teacher's own (accepting the terms, resubmitting documents). The transition is checked by
// the teacher-status statechart (machines/teacher-status.machine.ts) on the row locked in a
// transaction, recorded in teacher_status_history, and — after the commit — published on the
// teacher's private realtime channel so an open page moves on without a reload.
import { nextTeacherStatus, type TeacherAction } from '../../../machines/teacher-status.machine';
import type { TeacherStatus } from '../../../contract/account';
import type { ReviewAction, ReviewResult, TeacherStatusChange } from '../../../contract/teacher-review';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { Db, Queryable } from '../../db';
import { ApiFailure, type FailureExtras, type Wording } from '../../http/errors';
import { tr, type Locale } from '../../i18n';
import type { Publisher } from '../../realtime/publisher';
import { instructorStatusChannel, instructorStatusEvent } from '../../../contract/realtime-names';
import { notifyTeacherStatus } from '../notifications/producers';
import { revokeAllTokens } from '../auth/tokens';

export type ReviewFailureCode = 'not_found' | 'not_teacher' | 'refused' | 'reason_required';

/** Who asked for the change: the answer differs (a teacher is told about themselves, a reviewer about the teacher). */
type Actor = 'reviewer' | 'teacher';

/** The refusal as the actor is told it: its status, words and what else the answer carries. */
function refusalFor(code: ReviewFailureCode, current: TeacherStatus | null, actor: Actor): [ContentfulStatusCode, Wording, FailureExtras] {
  if (actor === 'teacher') {
    if (code === 'not_teacher') return [403, 'instructor_only', {}];
    if (code === 'not_found') return [401, 'auth_unauthorized', {}];
    return [409, 'teacher_status_conflict', {}];
  }
  if (code === 'not_found' || code === 'not_teacher') return [404, 'teacher_not_found', {}];
  if (code === 'reason_required') return [422, 'review_reason_required', {}];
  // A refused change names the teacher's current status, so the reviewer knows why.
  const words = (locale: Locale) => {
    const status = current ? tr(`teacher_status_${current}`, locale) : '';
    return `${tr('review_refused', locale)}${status ? ` (${status})` : ''}`;
  };
  return [409, words, { code: 'review_refused', detail: { current_status: current } }];
}

/** A refused change (an ApiFailure as its actor is told it); the CLI prints the admin API's answer. */
export class ReviewFailure extends ApiFailure {
  constructor(
    readonly reason: ReviewFailureCode,
    readonly current: TeacherStatus | null = null,
    actor: Actor = 'reviewer',
  ) {
    super(...refusalFor(reason, current, actor));
    this.message = reason === 'refused' ? `not allowed while ${current ?? 'unknown'}` : reason;
    this.name = 'ReviewFailure';
  }
}

export interface TeacherRow {
  id: number;
  type: string;
  phone: string;
  first_name: string;
  last_name: string;
  status: TeacherStatus;
  review_reason: string | null;
}

export interface StatusChange {
  teacher: TeacherRow;
  from: TeacherStatus;
  to: TeacherStatus;
  reason: string | null;
}

/**
 * Inside the caller's transaction: locks the teacher, asks the statechart, writes the new status and
 * the history row. Throws ReviewFailure (writing nothing) when the machine refuses.
 */
export async function changeTeacherStatus(
  tx: Queryable,
  teacherId: number,
  action: TeacherAction,
  options: { actor: Actor; reason?: string | null; now?: Date; staffId?: number | null },
): Promise<StatusChange> {
  const teacher = await tx.one<TeacherRow>(
    'SELECT id, type, phone, first_name, last_name, status, review_reason FROM users WHERE id = $1 FOR UPDATE',
    [teacherId],
  );
  if (!teacher) throw new ReviewFailure('not_found', null, options.actor);
  if (teacher.type !== 'instructor') throw new ReviewFailure('not_teacher', null, options.actor);
  const reason = options.reason?.trim() ? options.reason.trim() : null;
  if (action === 'reject' && !reason) throw new ReviewFailure('reason_required', teacher.status, options.actor);
  const next = nextTeacherStatus(teacher.status, action, reason, teacher.review_reason);
  if (!next) throw new ReviewFailure('refused', teacher.status, options.actor);
  const at = options.now ?? new Date();
  await tx.query('UPDATE users SET status = $2, review_reason = $3, updated_at = $4 WHERE id = $1', [
    teacherId,
    next.status,
    next.reason,
    at,
  ]);
  await tx.query(
    'INSERT INTO teacher_status_history (teacher_id, from_status, to_status, action, reason, actor, at, staff_id) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)',
    [teacherId, teacher.status, next.status, action, reason, options.actor, at, options.staffId ?? null],
  );
  // A suspension signs the teacher out everywhere; sign-in is refused until a reinstatement.
  if (next.status === 'suspended') await revokeAllTokens(tx, teacherId, at);
  return { teacher, from: teacher.status, to: next.status, reason: next.reason };
}

/** Tells the teacher's open pages (pusher-js) that their status changed; never throws. */
export function publishStatus(publisher: Publisher | undefined, change: StatusChange): Promise<boolean> {
  if (!publisher) return Promise.resolve(false);
  const payload: TeacherStatusChange = { status: change.to, review_reason: change.reason };
  return publisher.publish(instructorStatusChannel(change.teacher.id), instructorStatusEvent(change.teacher.id), payload);
}

/** A teacher by E.164 phone (the `+` may be left out) or numeric id. */
export async function findTeacher(q: Queryable, phoneOrId: string): Promise<TeacherRow | undefined> {
  const key = phoneOrId.trim().replace(/[\s-]/g, '');
  if (/^\d{1,9}$/.test(key)) {
    return q.one<TeacherRow>(
      `SELECT id, type, phone, first_name, last_name, status, review_reason FROM users WHERE id = $1 AND type = 'instructor'`,
      [Number(key)],
    );
  }
  const phone = key.startsWith('+') ? key : key.startsWith('00') ? `+${key.slice(2)}` : `+${key}`;
  return q.one<TeacherRow>(
    `SELECT id, type, phone, first_name, last_name, status, review_reason FROM users WHERE phone = $1 AND type = 'instructor'`,
    [phone],
  );
}

/**
 * The reviewer's action on one teacher (CLI via the admin API, and tests): approve (in review →
 * policy), reject with a reason (in review → rejected), suspend (policy/active → suspended), reinstate
 * (suspended → active). Publishes the new status on the teacher's channel.
 */
export async function reviewTeacher(
  db: Db,
  publisher: Publisher | undefined,
  phoneOrId: string,
  action: ReviewAction,
  reason?: string | null,
  /** The staff member acting (null: the command line's token). */
  staffId: number | null = null,
): Promise<ReviewResult> {
  const found = await findTeacher(db, phoneOrId);
  if (!found) throw new ReviewFailure('not_found');
  const change = await db.transaction((tx) =>
    changeTeacherStatus(tx, found.id, action, { actor: 'reviewer', reason: reason ?? null, staffId }),
  );
  const published = await publishStatus(publisher, change);
  // the teacher's notifications list keeps the decision (and a rejection's reason).
  await notifyTeacherStatus(db, publisher, { teacherId: change.teacher.id, from: change.from, to: change.to, reason: change.reason });
  return {
    teacher: { id: change.teacher.id, phone: change.teacher.phone, name: `${change.teacher.first_name} ${change.teacher.last_name}` },
    from: change.from,
    to: change.to,
    review_reason: change.reason,
    published,
  };
}
