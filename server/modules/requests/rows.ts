// What every part of the requests module shares: the refusal type, the viewer, the request row as
// read from the database, the change a write reports, and the small writes (history, refund) that
// booking, transitions and the sweep all make.
import type { RequestErrorCode, RequestStatus, RequestType } from '../../../contract/requests';
import type { SeriesValidationKey } from '../../../contract/series';
import type { Queryable } from '../../db';
import { resumeRequest, transition, type RequestContext, type RequestEvent, type RequestRole } from '../../../machines/request.machine';
import { refundHours, restoreFreeTrial } from '../packages';

/** A refusal with its HTTP status and code (the routes localize it). */
export class RequestFailure extends Error {
  constructor(
    readonly status: 400 | 402 | 403 | 404 | 409,
    readonly code: RequestErrorCode | SeriesValidationKey | 'request_not_found' | 'requests_students_only' | 'series_not_found',
    /** For a 400: the field the message belongs to. */
    readonly field?: string,
    /** More the answer carries beside `code` (a series: which week was refused). */
    readonly detail?: Record<string, unknown>,
  ) {
    super(code);
    this.name = 'RequestFailure';
  }
}

export interface Viewer {
  id: number;
  role: 'student' | 'teacher';
}

export interface RequestRow {
  id: number;
  student_id: number;
  /** The child the lesson is for (one of the family `student_id`'s children). */
  child_id: number;
  teacher_id: number;
  requested_teacher_id: number;
  subject_id: number;
  type: RequestType;
  status: RequestStatus;
  starts_at: Date;
  ends_at: Date;
  duration_hours: number;
  expires_at: Date;
  comment: string | null;
  broadcast: boolean;
  preferred_gender: 'male' | 'female' | null;
  paid_with: 'hours' | 'free_trial';
  channel_name: string;
  created_at: Date;
}

/** What a change did, for the realtime notices sent after the commit. */
export interface RequestChange {
  id: number;
  status: RequestStatus;
  studentId: number;
  teacherId: number;
  /** Every teacher the request was offered to (the requested one included). */
  offeredTo: number[];
}

export const ROW_COLUMNS = `r.id, r.student_id, r.child_id, r.teacher_id, r.requested_teacher_id, r.subject_id, r.type, r.status, r.starts_at, r.ends_at,
  r.duration_hours, r.expires_at, r.comment, r.broadcast, r.preferred_gender, r.paid_with, r.channel_name, r.created_at`;

export function contextOf(row: RequestRow, rated: boolean): RequestContext {
  return {
    type: row.type,
    broadcast: row.broadcast,
    startsAt: row.starts_at.getTime(),
    endsAt: row.ends_at.getTime(),
    expiresAt: row.expires_at.getTime(),
    rated,
  };
}

export const ledgerRef = (id: number) => ({ type: 'request', id });

export async function addHistory(
  q: Queryable,
  requestId: number,
  status: RequestStatus,
  role: RequestRole,
  actorId: number | null,
  at: Date,
) {
  await q.query('INSERT INTO request_history (request_id, status, actor_role, actor_id, at) VALUES ($1, $2, $3, $4, $5)', [
    requestId,
    status,
    role,
    actorId,
    at,
  ]);
}

export async function refund(tx: Queryable, row: RequestRow, now: Date): Promise<void> {
  if (row.paid_with === 'free_trial') await restoreFreeTrial(tx, row.student_id);
  else await refundHours(tx, row.student_id, ledgerRef(row.id), { now });
}

/**
 * What the machine makes of a request that is overdue at `now` (a pending one past its deadline
 * expires, an approved one past its end finishes), or null when nothing is due. The sweep writes it;
 * reads show it at once, so a row the timer has not reached yet is never shown stale.
 */
export function overdue(row: RequestRow, now: Date) {
  const event: RequestEvent | null =
    row.status === 'pending'
      ? { type: 'expire', now: now.getTime() }
      : row.status === 'approved'
        ? { type: 'finish', now: now.getTime() }
        : null;
  if (!event) return null;
  return transition(resumeRequest(row.status, contextOf(row, false)), event) ?? null;
}

/** When an overdue change happened by the rules (not when someone noticed). */
export const overdueAt = (row: RequestRow, status: RequestStatus): Date => (status === 'expired' ? row.expires_at : row.ends_at);
