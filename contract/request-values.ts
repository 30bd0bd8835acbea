// The plain values of the requests contract — statuses, filters, limits, error keys, realtime event
// names — with no schema library, so a route's search validation or the shell can use them without
// pulling zod into the first download (contract/requests.ts re-exports everything here).
export const REQUEST_STATUSES = ['pending', 'approved', 'rejected', 'canceled', 'expired', 'finished'] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];

export const REQUEST_TYPES = ['urgent', 'schedule'] as const;
export type RequestType = (typeof REQUEST_TYPES)[number];

// The list filters have a file of their own: the requests route's search check reads them in the entry.
export { REQUEST_FILTERS, type RequestFilter } from './request-filters';

/** What the viewer may do now; computed by the server from the request machine (`allowedActions`). */
export const REQUEST_ACTIONS = [
  'approve',
  'reject',
  'cancel',
  'join',
  'rate',
  'reschedule',
  'reschedule_accept',
  'reschedule_decline',
] as const;
export type RequestAction = (typeof REQUEST_ACTIONS)[number];

export const MIN_DURATION_HOURS = 1;
export const MAX_DURATION_HOURS = 6;
/** A scheduled session starts at least this long after the booking. */
export const MIN_LEAD_MS = 60 * 60 * 1000;
/**
 * …and at most this many days after it: a teacher's hours and prices three months on are a promise
 * nobody has made, and an unbounded start let one family hold slots years ahead.
 */
export const BOOKING_HORIZON_DAYS = 90;
export const MAX_LEAD_MS = BOOKING_HORIZON_DAYS * 24 * 60 * 60 * 1000;
/** An urgent request not accepted within this long expires (refunded). */
export const URGENT_ACCEPT_MS = 15 * 60 * 1000;
/**
 * An approved session can be canceled (hours refunded) until this long before its start — the policy the
 * site publishes (docs/decisions.md, Content: "cancelled up to 6 hours before with its hours returned").
 * A pending request can be canceled until it expires: no teacher has committed to it yet.
 */
export const CANCEL_CUTOFF_MS = 6 * 60 * 60 * 1000;
/** A session its teacher ends early gives back the untaught time in whole units of this length. */
export const REFUND_UNIT_MS = 30 * 60 * 1000;

/**
 * The minutes a session its teacher ended at `endedAt` gives back (docs/decisions.md, "ended early"):
 * the whole half-hours between then and the booked end, never more than booked.
 */
export function endedEarlyRefundMinutes(startsAt: number, endsAt: number, endedAt: number): number {
  const untaught = Math.max(0, endsAt - Math.max(startsAt, endedAt));
  return (Math.floor(untaught / REFUND_UNIT_MS) * REFUND_UNIT_MS) / 60_000;
}

/** The join button opens this long before the start. */
export const JOIN_EARLY_MS = 10 * 60 * 1000;
/** A free trial covers one session of at most this many hours. */
export const FREE_TRIAL_MAX_HOURS = 1;
export const COMMENT_MAX_LENGTH = 500;

/** Keys of the booking and request refusals; the server localizes them (server/i18n.ts), the client via Lingui. */
export const REQUEST_ERROR = {
  /** «The session time must be at least one hour from now». */
  scheduleTooSoon: 'schedule_too_soon',
  /** «…at most 90 days ahead» (BOOKING_HORIZON_DAYS). */
  scheduleTooFar: 'schedule_too_far',
  outsideWorkingHours: 'outside_working_hours',
  teacherBusy: 'teacher_busy',
  /** 409 at submit: the time was free when offered and someone booked it meanwhile. */
  slotTaken: 'slot_taken',
  subjectNotTaught: 'subject_not_taught',
  durationRange: 'duration_range',
  insufficientHours: 'insufficient_hours',
  teacherUnavailable: 'teacher_unavailable',
  notAllowed: 'request_not_allowed',
  alreadyRated: 'already_rated',
  /** 400 on reason: a teacher cancelling a booked session must say why. */
  cancelReasonRequired: 'cancel_reason_required',
  /** 400 on child_id: the family has several active children and did not say which one. */
  childRequired: 'child_required',
  /** 400 on child_id: the child is archived (kept in history, not booked for). */
  childArchived: 'child_archived',
  /** 404: not a child of the caller's family (or no such child). */
  childNotFound: 'child_not_found',
  /** 409 on a proposal to move an approved session: one is already waiting for an answer. */
  proposalOpen: 'reschedule_proposal_open',
  /** 409 on accept / decline: no proposal is waiting (answered already, lapsed at the cut-off, or never made). */
  proposalClosed: 'reschedule_proposal_closed',
} as const;

/** Realtime events on `private-user-{id}` (contract/realtime-names.ts userChannel). */
export const REQUEST_EVENTS = {
  /** To the student and the teacher: { id, status, ended_early? } (ended_early: its teacher ended it for both). */
  updated: 'request.updated',
  /** To each teacher a new request is offered to (and the teacher it is addressed to): { id }. */
  offered: 'request.offered',
} as const;
