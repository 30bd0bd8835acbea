// A teacher's review status: in review → policy (approved, must accept the terms) → active,
// plus what a real reviewer needs: rejected (with the reviewer's reason, and a way to resubmit
// corrected documents) and suspended.
//
// One machine, two users:
// - the browser runs it for the in-review and terms screens: the profile's status arrives as
//   `status.changed`, the teacher's actions (`terms.accept`, `documents.resubmit`) invoke the named
//   actors `acceptTerms` / `submitDocuments`, which the app binds with `provide()`;
// - the server moves `users.status` ONLY through it (`nextTeacherStatus` below): it rebuilds the
//   snapshot from the stored status, asks `snapshot.can(event)`, and plays the actor's success so the
//   stored status is where the teacher lands (accepting the terms → active). A reviewer's action the
//   machine does not accept in that state (approving an active teacher, rejecting without a reason)
//   is refused, so the rules live in one place that is also drawn (docs/flows/teacher-status.md).
import { assign, fromPromise, getNextSnapshot, setup, type SnapshotFrom } from 'xstate';
import type { TeacherStatus } from '../contract/account';

export type { TeacherStatus };

export interface TeacherStatusContext {
  /** The reviewer's reason of a rejection (or a suspension, when one was given). */
  reason: string | null;
  /** Where a failed document upload returns to: the rejected screen or the active profile. */
  submittedFrom: 'rejected' | 'active';
  /** The last teacher action failed (the screen shows the server's message through its presenter). */
  failed: boolean;
}

/** Reviewer actions (the reviewer CLI / admin API) and teacher actions, by their wire names. */
export type TeacherAction = 'approve' | 'reject' | 'suspend' | 'reinstate' | 'accept_terms' | 'resubmit' | 'replace_documents';

export type TeacherStatusEvent =
  /** The profile says the status is now this (start-up, reload, the realtime channel). */
  | { type: 'status.changed'; status: TeacherStatus; reason?: string | null }
  | { type: 'review.approve' }
  | { type: 'review.reject'; reason: string }
  | { type: 'review.suspend'; reason?: string | null }
  | { type: 'review.reinstate' }
  | { type: 'terms.accept' }
  | { type: 'documents.resubmit'; files: unknown }
  | { type: 'documents.replace'; files: unknown };

function notProvided(name: string): never {
  throw new Error(`${name} not provided: bind it with teacherStatusMachine.provide()`);
}

const hasReason = (reason: string | null | undefined) => typeof reason === 'string' && reason.trim().length > 0;

export const teacherStatusMachine = setup({
  types: {
    context: {} as TeacherStatusContext,
    events: {} as TeacherStatusEvent,
  },
  actors: {
    /** POST v1/instructor/update/status. */
    acceptTerms: fromPromise<unknown, void>(async () => notProvided('acceptTerms')),
    /** POST v1/instructor/documents (multipart). */
    submitDocuments: fromPromise<unknown, { files: unknown }>(async () => notProvided('submitDocuments')),
  },
  actions: {
    rememberReason: assign((_, params: { reason: string | null | undefined }) => ({
      reason: hasReason(params.reason) ? (params.reason as string).trim() : null,
    })),
    clearReason: assign({ reason: null }),
    markFailed: assign({ failed: true }),
    clearFailed: assign({ failed: false }),
    rememberOrigin: assign((_, params: { from: 'rejected' | 'active' }) => ({ submittedFrom: params.from })),
  },
  guards: {
    isStatus: (_, params: { actual: TeacherStatus; expected: TeacherStatus }) => params.actual === params.expected,
    /** A rejection must tell the teacher what to correct. */
    hasReason: (_, params: { reason: string | null | undefined }) => hasReason(params.reason),
    cameFromRejected: ({ context }) => context.submittedFrom === 'rejected',
  },
}).createMachine({
  id: 'teacher-status',
  description:
    "A teacher's review status. The server moves it with reviewer and teacher actions; the browser follows it from the profile and the realtime channel.",
  context: { reason: null, submittedFrom: 'rejected', failed: false },
  initial: 'unknown',
  on: {
    'status.changed': [
      {
        guard: { type: 'isStatus', params: ({ event }) => ({ actual: event.status, expected: 'in_review' }) },
        target: '.inReview',
        actions: ['clearReason', 'clearFailed'],
      },
      {
        guard: { type: 'isStatus', params: ({ event }) => ({ actual: event.status, expected: 'policy' }) },
        target: '.policy',
        actions: ['clearReason', 'clearFailed'],
      },
      {
        guard: { type: 'isStatus', params: ({ event }) => ({ actual: event.status, expected: 'active' }) },
        target: '.active',
        actions: ['clearReason', 'clearFailed'],
      },
      {
        guard: { type: 'isStatus', params: ({ event }) => ({ actual: event.status, expected: 'rejected' }) },
        target: '.rejected',
        actions: [{ type: 'rememberReason', params: ({ event }) => ({ reason: event.reason }) }, 'clearFailed'],
      },
      {
        target: '.suspended',
        actions: [{ type: 'rememberReason', params: ({ event }) => ({ reason: event.reason }) }, 'clearFailed'],
      },
    ],
  },
  states: {
    unknown: {
      description: 'The profile has not told us the status yet (the browser before its first profile).',
    },
    inReview: {
      description: 'Documents submitted, waiting for a reviewer (1–2 working days). The teacher is held on the in-review screen.',
      tags: ['review:pending'],
      on: {
        'review.approve': { target: 'policy', description: 'A reviewer approved the documents.' },
        'review.reject': {
          target: 'rejected',
          guard: { type: 'hasReason', params: ({ event }) => ({ reason: event.reason }) },
          description: 'A reviewer rejected the application; the reason is required.',
          actions: { type: 'rememberReason', params: ({ event }) => ({ reason: event.reason }) },
        },
      },
    },
    policy: {
      description: 'Approved; the teacher must accept the terms (held on the teacher-terms screen).',
      tags: ['review:terms'],
      on: {
        'terms.accept': { target: 'accepting', actions: 'clearFailed' },
        'review.suspend': {
          target: 'suspended',
          actions: { type: 'rememberReason', params: ({ event }) => ({ reason: event.reason }) },
        },
      },
    },
    accepting: {
      description: 'The acceptance of the terms is being sent (POST v1/instructor/update/status).',
      tags: ['review:terms', 'state:busy'],
      invoke: {
        id: 'acceptTerms',
        src: 'acceptTerms',
        onDone: { target: 'active' },
        onError: { target: 'policy', actions: 'markFailed' },
      },
    },
    active: {
      description:
        'Reviewed and terms accepted: full access. Replacing an ID document or the qualification scan sends the account back to review.',
      tags: ['review:active'],
      on: {
        'documents.replace': {
          target: 'submittingDocuments',
          actions: ['clearFailed', { type: 'rememberOrigin', params: { from: 'active' } }],
        },
        'review.suspend': {
          target: 'suspended',
          actions: { type: 'rememberReason', params: ({ event }) => ({ reason: event.reason }) },
        },
      },
    },
    rejected: {
      description:
        "The reviewer rejected the application; the screen shows the reviewer's reason and a form to resubmit corrected documents.",
      tags: ['review:rejected'],
      on: {
        'documents.resubmit': {
          target: 'submittingDocuments',
          actions: ['clearFailed', { type: 'rememberOrigin', params: { from: 'rejected' } }],
        },
      },
    },
    submittingDocuments: {
      description: 'New documents are being uploaded (POST v1/instructor/documents); success puts the account back in review.',
      tags: ['state:busy'],
      invoke: {
        id: 'submitDocuments',
        src: 'submitDocuments',
        input: ({ event }) => ({
          files: event.type === 'documents.resubmit' || event.type === 'documents.replace' ? event.files : null,
        }),
        onDone: { target: 'inReview', actions: 'clearReason' },
        onError: [
          { guard: 'cameFromRejected', target: 'rejected', actions: 'markFailed' },
          { target: 'active', actions: 'markFailed' },
        ],
      },
    },
    suspended: {
      description: 'A reviewer suspended the account; the teacher sees a suspended notice until reinstated.',
      tags: ['review:suspended'],
      on: {
        'review.reinstate': { target: 'active', actions: 'clearReason' },
      },
    },
  },
});

export type TeacherStatusMachine = typeof teacherStatusMachine;
export type TeacherStatusSnapshot = SnapshotFrom<TeacherStatusMachine>;

/** The wire value of each stored state (the transient states are never stored). */
const WIRE: Record<string, TeacherStatus> = {
  inReview: 'in_review',
  policy: 'policy',
  active: 'active',
  rejected: 'rejected',
  suspended: 'suspended',
};
const STATE_OF: Record<TeacherStatus, string> = {
  in_review: 'inReview',
  policy: 'policy',
  active: 'active',
  rejected: 'rejected',
  suspended: 'suspended',
};

/** Rebuilds a snapshot from what the database stores. */
export function resumeTeacherStatus(status: TeacherStatus, reason: string | null = null): TeacherStatusSnapshot {
  return teacherStatusMachine.resolveState({ value: STATE_OF[status], context: { reason, submittedFrom: 'rejected', failed: false } });
}

/** The wire status of a snapshot, or null in a transient state (unknown, accepting, submitting). */
export function wireStatusOf(snapshot: TeacherStatusSnapshot): TeacherStatus | null {
  return WIRE[snapshot.value as string] ?? null;
}

/** The event of an action, as the server sends it. */
export function actionEvent(action: TeacherAction, reason?: string | null): TeacherStatusEvent {
  switch (action) {
    case 'approve':
      return { type: 'review.approve' };
    case 'reject':
      return { type: 'review.reject', reason: reason ?? '' };
    case 'suspend':
      return { type: 'review.suspend', reason: reason ?? null };
    case 'reinstate':
      return { type: 'review.reinstate' };
    case 'accept_terms':
      return { type: 'terms.accept' };
    case 'resubmit':
      return { type: 'documents.resubmit', files: null };
    case 'replace_documents':
      return { type: 'documents.replace', files: null };
  }
}

/**
 * The server's check: where `action` takes a teacher in `status`, or null when the machine refuses it.
 * A teacher action's effect is the server's own work, so its success is played here: accepting the
 * terms lands in active, submitted documents in review.
 */
export function nextTeacherStatus(
  status: TeacherStatus,
  action: TeacherAction,
  reason: string | null = null,
  currentReason: string | null = null,
): { status: TeacherStatus; reason: string | null } | null {
  const from = resumeTeacherStatus(status, currentReason);
  const event = actionEvent(action, reason);
  if (!from.can(event)) return null;
  let next = getNextSnapshot(teacherStatusMachine, from, event);
  if (next.matches('accepting')) {
    next = getNextSnapshot(teacherStatusMachine, next, {
      type: 'xstate.done.actor.acceptTerms',
      output: undefined,
      actorId: 'acceptTerms',
    } as unknown as TeacherStatusEvent);
  } else if (next.matches('submittingDocuments')) {
    next = getNextSnapshot(teacherStatusMachine, next, {
      type: 'xstate.done.actor.submitDocuments',
      output: undefined,
      actorId: 'submitDocuments',
    } as unknown as TeacherStatusEvent);
  }
  const wire = wireStatusOf(next);
  return wire ? { status: wire, reason: next.context.reason } : null;
}

/** What the in-review and terms screens ask. */
export const selectTeacherReason = (s: TeacherStatusSnapshot) => s.context.reason;
export const selectTeacherBusy = (s: TeacherStatusSnapshot) => s.hasTag('state:busy');
/** @internal read only by the tests */
export const selectTeacherFailed = (s: TeacherStatusSnapshot) => s.context.failed;
