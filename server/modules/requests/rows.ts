// What every part of the requests module shares: the refusal type, the viewer, the request row as
// read from the database, the change a write reports, and the small writes (history, refund) that
// booking, transitions and the sweep all make.
import type { RequestErrorCode, RequestStatus, RequestType } from '../../../contract/requests';
import type { SeriesValidationKey } from '../../../contract/series';
import type { Queryable } from '../../db';
import { ApiFailure } from '../../http/errors';
import { tr, trValidation, type Locale } from '../../i18n';
import {
  resumeRequest,
  transition,
  type RequestContext,
  type RequestEvent,
  type RequestProposal,
  type RequestRole,
} from '../../../machines/request.machine';
import { refundHours, restoreFreeTrial } from '../packages';

type RequestRefusalCode = RequestErrorCode | SeriesValidationKey | 'request_not_found' | 'requests_students_only' | 'series_not_found';

/** The refusal's words: the three with a message of their own, else the code's validation text. */
function refusalText(code: RequestRefusalCode, locale: Locale): string {
  return code === 'request_not_found' || code === 'requests_students_only' || code === 'series_not_found'
    ? tr(code, locale)
    : trValidation(code, locale);
}

/** A refusal with its HTTP status and `code`; a 400 puts its words on `field` (app.onError answers it). */
export class RequestFailure extends ApiFailure {
  constructor(
    override readonly status: 400 | 402 | 403 | 404 | 409,
    override readonly code: RequestRefusalCode,
    /** For a 400: the field the message belongs to. */
    readonly field?: string,
    /** More the answer carries beside `code` (a series: which week was refused). */
    detail?: Record<string, unknown>,
  ) {
    super(
      status,
      status === 400 ? 'validation_failed' : (locale) => refusalText(code, locale),
      status === 400 ? { code, fields: (locale) => ({ [field ?? '_']: [refusalText(code, locale)] }), detail } : { code, detail },
    );
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
  /** Who made the change, when a party did (a teacher's cancellation tells the family, not the teacher). */
  by?: 'student' | 'teacher';
  /** A teacher's cancellation: their reason, for the family's notification. */
  reason?: string | null;
  /** The teacher ended the session early for both (the family's live screen says so). */
  endedEarly?: boolean;
}

export const ROW_COLUMNS = `r.id, r.student_id, r.child_id, r.teacher_id, r.requested_teacher_id, r.subject_id, r.type, r.status, r.starts_at, r.ends_at,
  r.duration_hours, r.expires_at, r.comment, r.broadcast, r.preferred_gender, r.paid_with, r.channel_name, r.created_at`;

/** An approved session's open proposal of a new start, as stored (request_proposals, outcome NULL). */
export interface ProposalRow {
  id: number;
  request_id: number;
  starts_at: Date;
  ends_at: Date;
  by_role: 'student' | 'teacher';
  by_id: number;
  created_at: Date;
  lapses_at: Date;
}

export const PROPOSAL_COLUMNS = 'p.id, p.request_id, p.starts_at, p.ends_at, p.by_role, p.by_id, p.created_at, p.lapses_at';

/** The open proposals of these requests (at most one each), by request id. */
export async function openProposals(q: Queryable, ids: readonly number[]): Promise<Map<number, ProposalRow>> {
  if (ids.length === 0) return new Map();
  const rows = await q.query<ProposalRow>(
    `SELECT ${PROPOSAL_COLUMNS} FROM request_proposals p WHERE p.request_id = ANY($1::int[]) AND p.outcome IS NULL`,
    [ids],
  );
  return new Map(rows.map((r) => [r.request_id, r]));
}

const proposalOf = (p: ProposalRow): RequestProposal => ({
  startsAt: p.starts_at.getTime(),
  by: p.by_role,
  lapsesAt: p.lapses_at.getTime(),
});

export function contextOf(row: RequestRow, rated: boolean, proposal?: ProposalRow | null): RequestContext {
  return {
    type: row.type,
    broadcast: row.broadcast,
    startsAt: row.starts_at.getTime(),
    endsAt: row.ends_at.getTime(),
    expiresAt: row.expires_at.getTime(),
    rated,
    // Only an approved session holds a proposal; one left over from before a cancel or the end is void.
    proposal: proposal && row.status === 'approved' ? proposalOf(proposal) : null,
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
  /** A teacher's cancellation reason; the minutes an early end gave back. */
  extra: { reason?: string | null; refundedMinutes?: number } = {},
) {
  await q.query(
    'INSERT INTO request_history (request_id, status, actor_role, actor_id, at, reason, refunded_minutes) VALUES ($1, $2, $3, $4, $5, $6, $7)',
    [requestId, status, role, actorId, at, extra.reason ?? null, extra.refundedMinutes ?? null],
  );
}

/**
 * Gives the family back what the request was paid with: everything, or (`upToMinutes`, a session
 * its teacher ended early) at most that many minutes. A free trial comes back only when the whole of
 * it does. Returns the minutes given back (a free trial's booked length when it came back).
 */
export async function refund(tx: Queryable, row: RequestRow, now: Date, upToMinutes?: number): Promise<number> {
  const booked = Math.round((row.ends_at.getTime() - row.starts_at.getTime()) / 60_000);
  if (row.paid_with === 'free_trial') {
    if (upToMinutes !== undefined && upToMinutes < booked) return 0;
    return (await restoreFreeTrial(tx, row.student_id)) ? booked : 0;
  }
  return refundHours(tx, row.student_id, ledgerRef(row.id), { now, ...(upToMinutes !== undefined ? { upTo: upToMinutes } : {}) });
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
