// The life of one session request: pending → approved → finished, or rejected, canceled,
// expired. Stored values are these state names (requests.status).
//
// The SAME machine serves the server and the client: the server rebuilds a request's snapshot from its
// row (`resumeRequest`), asks `snapshot.can(event)` and stores the next value; it also answers every
// viewer with `allowedActions(...)`, which asks the machine the same question for each button, so the
// client never keeps a second table of who may do what when.
//
// Pure: no actors, no delays. Who acts and when arrive on the event (`actor`, `now`), which keeps the
// guards testable and lets the clock be injected (the server's sweep sends `expire` / `finish`).
//
// Decisions (docs/decisions.md):
// - approve / reject: a teacher who is a party to the request — its teacher or, for a broadcast, a
//   teacher it was offered to — while it is pending and not past its deadline. For a broadcast, one
//   teacher's reject only declines that teacher's offer; the request is rejected when no open offer is
//   left (`openOffers` on the event counts the offers still open, the rejecting one included).
// - approving an urgent request starts its session at the approval time (it was "now" for the student).
// - cancel: its student, while pending (before it expires) or approved until 6 hours before the start
//   (CANCEL_CUTOFF_MS, the site's published policy); its teacher, approved, until the start (the server
//   asks the teacher for a reason). The hours (or the free trial) are refunded either way.
// - expire (system): a pending request whose deadline passed: urgent 15 min after it was made,
//   scheduled at its start time; refunded.
// - finish (system): an approved session after it ends.
// - end (teacher): its teacher ends a session early for both, inside the session window before its
//   end; it is finished, and the server gives back the whole half-hours not taught.
// - join: its student or teacher, approved, from JOIN_EARLY_MS before the start until the end.
// - rate: its student, once, after it finished.
// - reschedule (pending): its student moves a scheduled request addressed to one teacher (not a
//   broadcast) to another start before it expires; it stays pending, keeps its payment, and its new
//   deadline is the new start. Whether the new start is free is the availability rule's answer
//   (server), as for booking; the machine only says who may move it and when.
// - reschedule (approved): a proposal of a new start. Its family may propose until the cut-off
//   (CANCEL_CUTOFF_MS before the start), its teacher at any time before the start; one proposal at a
//   time, never the start it already has. The session keeps its time until the other side answers:
//   reschedule_accept moves it (same length, same payment), reschedule_decline drops the proposal. An
//   unanswered proposal lapses (system, reschedule_lapse) at the cut-off, or at the start when it was
//   made after the cut-off (a teacher's late proposal still gets until the start).
import { assign, getNextSnapshot, setup, type SnapshotFrom } from 'xstate';
import {
  CANCEL_CUTOFF_MS,
  JOIN_EARLY_MS,
  REQUEST_ACTIONS,
  type RequestAction,
  type RequestStatus,
  type RequestType,
} from '../contract/requests';

export type { RequestStatus } from '../contract/requests';

export type RequestRole = 'student' | 'teacher' | 'system';

export interface RequestActor {
  role: RequestRole;
  /**
   * Whether this person is a party: for a student, the request is theirs; for a teacher, it is
   * addressed to them or (broadcast) offered to them and not declined.
   */
  party: boolean;
}

/** An open proposal to move an approved session (`reschedule` on approved). */
export interface RequestProposal {
  /** The proposed start (epoch ms); the length stays. */
  startsAt: number;
  /** Who proposed: the other side answers. */
  by: 'student' | 'teacher';
  /** Unanswered by then, it lapses. */
  lapsesAt: number;
}

export interface RequestContext {
  type: RequestType;
  broadcast: boolean;
  /** Epoch milliseconds. */
  startsAt: number;
  endsAt: number;
  /** A pending request not approved by then expires. */
  expiresAt: number;
  /** The student has rated the finished session. */
  rated: boolean;
  /** An approved session's open proposal of a new start; absent or null when there is none. */
  proposal?: RequestProposal | null;
}

export type RequestEvent =
  | { type: 'approve'; actor: RequestActor; now: number }
  | { type: 'reject'; actor: RequestActor; now: number; openOffers: number }
  | { type: 'cancel'; actor: RequestActor; now: number }
  | { type: 'expire'; now: number }
  | { type: 'finish'; now: number }
  /** The teacher ends the live session for both before its booked end ("End for both"). */
  | { type: 'end'; actor: RequestActor; now: number }
  | { type: 'join'; actor: RequestActor; now: number }
  | { type: 'rate'; actor: RequestActor; now: number }
  /** `startsAt` is the new start; absent when only asking whether the viewer may move it. */
  | { type: 'reschedule'; actor: RequestActor; now: number; startsAt?: number }
  /** The other side of an approved session's proposal answers it. */
  | { type: 'reschedule_accept'; actor: RequestActor; now: number }
  | { type: 'reschedule_decline'; actor: RequestActor; now: number }
  /** The sweep: an unanswered proposal whose time passed. */
  | { type: 'reschedule_lapse'; now: number };

/** When a proposal made at `now` lapses: the cut-off, or the start for one made after the cut-off. */
export function proposalLapsesAt(startsAt: number, now: number): number {
  return now < startsAt - CANCEL_CUTOFF_MS ? startsAt - CANCEL_CUTOFF_MS : startsAt;
}

export const requestMachine = setup({
  types: {
    context: {} as RequestContext,
    events: {} as RequestEvent,
    input: {} as RequestContext,
  },
  actions: {
    /** An urgent session starts when a teacher takes it. */
    startNow: assign(({ context }, params: { now: number }) =>
      context.type === 'urgent' ? { startsAt: params.now, endsAt: params.now + (context.endsAt - context.startsAt) } : {},
    ),
    markRated: assign({ rated: true }),
    /** A pending scheduled request moves: same length, and it now expires at its new start. */
    move: assign(({ context }, params: { startsAt: number | undefined }) =>
      params.startsAt === undefined
        ? {}
        : { startsAt: params.startsAt, endsAt: params.startsAt + (context.endsAt - context.startsAt), expiresAt: params.startsAt },
    ),
    /** An approved session gets a proposal of a new start; it keeps its own time until an answer. */
    propose: assign(({ context }, params: { startsAt: number | undefined; by: RequestRole; now: number }) =>
      params.startsAt === undefined || params.by === 'system'
        ? {}
        : { proposal: { startsAt: params.startsAt, by: params.by, lapsesAt: proposalLapsesAt(context.startsAt, params.now) } },
    ),
    /** The proposal accepted: the session moves to it (same length). */
    applyProposal: assign(({ context }) =>
      context.proposal
        ? {
            startsAt: context.proposal.startsAt,
            endsAt: context.proposal.startsAt + (context.endsAt - context.startsAt),
            expiresAt: context.proposal.startsAt,
            proposal: null,
          }
        : {},
    ),
    dropProposal: assign({ proposal: null }),
    // Targetless transitions need an action for `snapshot.can` to count them; these name what the
    // server does outside the machine (marks that teacher's offer declined / lets them into the room).
    declineOffer: () => {},
    admit: () => {},
  },
  guards: {
    isPartyTeacher: (_, params: { actor: RequestActor }) => params.actor.role === 'teacher' && params.actor.party,
    isPartyStudent: (_, params: { actor: RequestActor }) => params.actor.role === 'student' && params.actor.party,
    isParty: (_, params: { actor: RequestActor }) => params.actor.role !== 'system' && params.actor.party,
    canDecide: ({ context }, params: { actor: RequestActor; now: number }) =>
      params.actor.role === 'teacher' && params.actor.party && params.now < context.expiresAt,
    isLastOffer: ({ context }, params: { actor: RequestActor; now: number; openOffers: number }) =>
      params.actor.role === 'teacher' && params.actor.party && params.now < context.expiresAt && params.openOffers <= 1,
    isOneOfSeveralOffers: ({ context }, params: { actor: RequestActor; now: number; openOffers: number }) =>
      params.actor.role === 'teacher' && params.actor.party && params.now < context.expiresAt && params.openOffers > 1,
    studentBeforeDeadline: ({ context }, params: { actor: RequestActor; now: number }) =>
      params.actor.role === 'student' && params.actor.party && params.now < context.expiresAt,
    studentBeforeCutoff: ({ context }, params: { actor: RequestActor; now: number }) =>
      params.actor.role === 'student' && params.actor.party && params.now < context.startsAt - CANCEL_CUTOFF_MS,
    teacherBeforeStart: ({ context }, params: { actor: RequestActor; now: number }) =>
      params.actor.role === 'teacher' && params.actor.party && params.now < context.startsAt,
    teacherInSession: ({ context }, params: { actor: RequestActor; now: number }) =>
      params.actor.role === 'teacher' &&
      params.actor.party &&
      params.now >= context.startsAt - JOIN_EARLY_MS &&
      params.now < context.endsAt,
    studentMayMovePending: ({ context }, params: { actor: RequestActor; now: number }) =>
      params.actor.role === 'student' &&
      params.actor.party &&
      context.type === 'schedule' &&
      !context.broadcast &&
      params.now < context.expiresAt,
    mayPropose: ({ context }, params: { actor: RequestActor; now: number; startsAt: number | undefined }) =>
      params.actor.party &&
      !context.proposal &&
      params.startsAt !== context.startsAt &&
      ((params.actor.role === 'student' && params.now < context.startsAt - CANCEL_CUTOFF_MS) ||
        (params.actor.role === 'teacher' && params.now < context.startsAt)),
    mayAnswerProposal: ({ context }, params: { actor: RequestActor; now: number }) =>
      params.actor.role !== 'system' &&
      params.actor.party &&
      !!context.proposal &&
      context.proposal.by !== params.actor.role &&
      params.now < context.proposal.lapsesAt,
    proposalLapsed: ({ context }, params: { now: number }) => !!context.proposal && params.now >= context.proposal.lapsesAt,
    isPastDeadline: ({ context }, params: { now: number }) => params.now >= context.expiresAt,
    hasEnded: ({ context }, params: { now: number }) => params.now >= context.endsAt,
    insideSessionWindow: ({ context }, params: { actor: RequestActor; now: number }) =>
      params.actor.role !== 'system' && params.actor.party && params.now >= context.startsAt - JOIN_EARLY_MS && params.now < context.endsAt,
    canRate: ({ context }, params: { actor: RequestActor }) => params.actor.role === 'student' && params.actor.party && !context.rated,
  },
}).createMachine({
  id: 'request',
  description:
    'One session request: pending until a teacher approves or rejects it, the student cancels it, or it expires; an approved session finishes after it ends. Server and client share it.',
  context: ({ input }) => input,
  initial: 'pending',
  states: {
    pending: {
      description:
        'Hours (or the free trial) already debited. Waiting for the teacher, or any offered teacher of a broadcast. Its student may move a scheduled one (not a broadcast) to another free start of the teacher.',
      tags: ['request:open', 'request:debited'],
      on: {
        approve: {
          target: 'approved',
          guard: { type: 'canDecide', params: ({ event }) => ({ actor: event.actor, now: event.now }) },
          actions: { type: 'startNow', params: ({ event }) => ({ now: event.now }) },
        },
        reject: [
          {
            target: 'rejected',
            guard: { type: 'isLastOffer', params: ({ event }) => ({ actor: event.actor, now: event.now, openOffers: event.openOffers }) },
          },
          {
            // One offered teacher of a broadcast declines; the others can still take it.
            guard: {
              type: 'isOneOfSeveralOffers',
              params: ({ event }) => ({ actor: event.actor, now: event.now, openOffers: event.openOffers }),
            },
            actions: 'declineOffer',
          },
        ],
        cancel: {
          target: 'canceled',
          guard: { type: 'studentBeforeDeadline', params: ({ event }) => ({ actor: event.actor, now: event.now }) },
        },
        reschedule: {
          // Stays pending (a new start, the same payment); the server writes the new times.
          guard: { type: 'studentMayMovePending', params: ({ event }) => ({ actor: event.actor, now: event.now }) },
          actions: { type: 'move', params: ({ event }) => ({ startsAt: event.startsAt }) },
        },
        expire: {
          target: 'expired',
          guard: { type: 'isPastDeadline', params: ({ event }) => ({ now: event.now }) },
        },
      },
    },
    approved: {
      description:
        'A teacher took it; the session is booked. Join opens 10 minutes before the start. Either side may propose a new start (the family until 6 hours before); the time holds until the other side accepts or declines, or the proposal lapses. Its teacher may cancel it (with a reason) until the start, or end it early for both once it runs.',
      tags: ['request:open', 'request:debited', 'request:booked'],
      // However it ends (cancelled, finished), an open proposal goes with it.
      exit: 'dropProposal',
      on: {
        cancel: [
          {
            target: 'canceled',
            guard: { type: 'studentBeforeCutoff', params: ({ event }) => ({ actor: event.actor, now: event.now }) },
          },
          {
            target: 'canceled',
            guard: { type: 'teacherBeforeStart', params: ({ event }) => ({ actor: event.actor, now: event.now }) },
          },
        ],
        finish: {
          target: 'finished',
          guard: { type: 'hasEnded', params: ({ event }) => ({ now: event.now }) },
        },
        end: {
          // The server gives back the whole half-hours not taught (docs/decisions.md, "ended early").
          target: 'finished',
          guard: { type: 'teacherInSession', params: ({ event }) => ({ actor: event.actor, now: event.now }) },
        },
        join: {
          guard: { type: 'insideSessionWindow', params: ({ event }) => ({ actor: event.actor, now: event.now }) },
          actions: 'admit',
        },
        reschedule: {
          // A proposal: the server checks the new start with booking's rule and keeps it beside the session.
          guard: { type: 'mayPropose', params: ({ event }) => ({ actor: event.actor, now: event.now, startsAt: event.startsAt }) },
          actions: { type: 'propose', params: ({ event }) => ({ startsAt: event.startsAt, by: event.actor.role, now: event.now }) },
        },
        reschedule_accept: {
          guard: { type: 'mayAnswerProposal', params: ({ event }) => ({ actor: event.actor, now: event.now }) },
          actions: 'applyProposal',
        },
        reschedule_decline: {
          guard: { type: 'mayAnswerProposal', params: ({ event }) => ({ actor: event.actor, now: event.now }) },
          actions: 'dropProposal',
        },
        reschedule_lapse: {
          guard: { type: 'proposalLapsed', params: ({ event }) => ({ now: event.now }) },
          actions: 'dropProposal',
        },
      },
    },
    finished: {
      description:
        'The session ended (its time was up, or its teacher ended it early and the half-hours not taught went back). Its student may rate the teacher once.',
      tags: ['request:debited'],
      on: {
        rate: {
          guard: { type: 'canRate', params: ({ event }) => ({ actor: event.actor }) },
          actions: 'markRated',
        },
      },
    },
    rejected: {
      description: 'The teacher (or every offered teacher) declined. Refunded.',
      tags: ['request:refunded'],
      type: 'final',
    },
    canceled: {
      description:
        'The student canceled while pending, or approved until 6 hours before the start; or the teacher canceled before the start, with a reason. Refunded.',
      tags: ['request:refunded'],
      type: 'final',
    },
    expired: {
      description: 'No teacher accepted in time (urgent: 15 minutes; scheduled: by its start). Refunded.',
      tags: ['request:refunded'],
      type: 'final',
    },
  },
});

export type RequestMachine = typeof requestMachine;
export type RequestSnapshot = SnapshotFrom<RequestMachine>;

/** Rebuilds a stored request's snapshot to send it the next event. */
export function resumeRequest(status: RequestStatus, context: RequestContext): RequestSnapshot {
  return requestMachine.resolveState({ value: status, context });
}

export function statusOf(snapshot: RequestSnapshot): RequestStatus {
  return snapshot.value as RequestStatus;
}

export interface RequestViewer {
  role: 'student' | 'teacher';
  party: boolean;
  /** Open offers of the request (for reject); 1 when it is addressed to one teacher only. */
  openOffers?: number;
}

/** The event a viewer's button would send, for `can`. */
export function actionEvent(action: RequestAction, viewer: RequestViewer, now: number): RequestEvent {
  const actor: RequestActor = { role: viewer.role, party: viewer.party };
  if (action === 'reject') return { type: 'reject', actor, now, openOffers: viewer.openOffers ?? 1 };
  return { type: action, actor, now };
}

/** What the viewer may do now, asked of the machine (never a separate table). */
export function allowedActions(status: RequestStatus, context: RequestContext, viewer: RequestViewer, now: number): RequestAction[] {
  const snapshot = resumeRequest(status, context);
  return REQUEST_ACTIONS.filter((action) => snapshot.can(actionEvent(action, viewer, now)));
}

/** The deadlines shown on the session details: until when cancel works, when join opens, when it expires. */
export function requestDeadlines(
  status: RequestStatus,
  context: RequestContext,
): { cancelFreeUntil: number | null; joinOpensAt: number; expiresAt: number } {
  const cancelFreeUntil = status === 'pending' ? context.expiresAt : status === 'approved' ? context.startsAt - CANCEL_CUTOFF_MS : null;
  return { cancelFreeUntil, joinOpensAt: context.startsAt - JOIN_EARLY_MS, expiresAt: context.expiresAt };
}

/** The next snapshot if the machine accepts the event, else null (nothing to write). */
export function transition(snapshot: RequestSnapshot, event: RequestEvent): RequestSnapshot | null {
  if (!snapshot.can(event)) return null;
  return getNextSnapshot(requestMachine, snapshot, event);
}
