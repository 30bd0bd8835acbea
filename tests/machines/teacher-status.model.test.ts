// Model-based paths through the teacher-status statechart (every state and transition, replayed), the
// promises the screens and the server rely on checked at every step, and the server's use of it
// (nextTeacherStatus) as a table of every stored status × every action.
import { describe, expect, it } from 'vitest';
import { TEACHER_STATUSES } from '../../contract/account';
import { createActor, waitFor, fromPromise, type AnyMachineSnapshot } from 'xstate';
import {
  nextTeacherStatus,
  resumeTeacherStatus,
  selectTeacherBusy,
  selectTeacherFailed,
  selectTeacherReason,
  teacherStatusMachine,
  wireStatusOf,
  type TeacherAction,
  type TeacherStatus,
  type TeacherStatusEvent,
} from '../../machines/teacher-status.machine';
import { runModel } from './model';

const files = { id_front: 'front.png' };
const events: TeacherStatusEvent[] = [
  ...TEACHER_STATUSES.map((status) => ({
    type: 'status.changed' as const,
    status,
    reason: status === 'rejected' ? 'صورة غير واضحة' : null,
  })),
  { type: 'status.changed', status: 'suspended', reason: 'شكوى' },
  { type: 'review.approve' },
  { type: 'review.reject', reason: 'صورة الهوية غير واضحة' },
  // A rejection without a reason must be refused.
  { type: 'review.reject', reason: '   ' },
  { type: 'review.suspend' },
  { type: 'review.reinstate' },
  { type: 'terms.accept' },
  { type: 'documents.resubmit', files },
  { type: 'documents.replace', files },
];

describe('teacher-status machine, model-based', () => {
  it('reaches every state and every transition, keeping its promises to the screens', () => {
    const run = runModel({
      machine: teacherStatusMachine,
      events,
      actors: { acceptTerms: { done: [null], error: [new Error('409')] }, submitDocuments: { done: [null], error: [new Error('400')] } },
      invariant: (s: AnyMachineSnapshot) => {
        expect(JSON.parse(JSON.stringify(s.context))).toEqual(s.context);
        // Only the transient states are busy, and they have no stored status.
        const busy = s.hasTag('state:busy');
        expect(busy).toBe(['accepting', 'submittingDocuments'].includes(s.value as string));
        // The reason is shown only on the rejected and suspended screens.
        if (!['rejected', 'suspended', 'submittingDocuments'].includes(s.value as string)) expect(s.context.reason).toBeNull();
      },
      expectations: {
        inReview: (s) => {
          expect(s.hasTag('review:pending')).toBe(true);
          expect(s.can({ type: 'review.reject', reason: '' })).toBe(false);
          expect(s.can({ type: 'terms.accept' })).toBe(false);
        },
        policy: (s) => {
          expect(s.can({ type: 'terms.accept' })).toBe(true);
          expect(s.can({ type: 'review.approve' })).toBe(false);
        },
        rejected: (s) => {
          expect(s.context.reason).toBeTruthy();
          expect(s.can({ type: 'documents.resubmit', files })).toBe(true);
        },
        active: (s) => {
          expect(s.can({ type: 'review.approve' })).toBe(false);
          expect(s.can({ type: 'documents.replace', files })).toBe(true);
        },
        suspended: (s) => expect(s.can({ type: 'terms.accept' })).toBe(false),
      },
      simplePaths: {
        fromState: resumeTeacherStatus('in_review') as AnyMachineSnapshot,
        // Reviewer and teacher actions only (status.changed would connect everything to everything).
        events: events.filter((e) => e.type !== 'status.changed'),
      },
    });
    console.log(run.summary);
    expect(run.coverage.states.missing).toEqual([]);
    expect(run.coverage.transitions.missing).toEqual([]);
    expect(run.coverage.transitions.covered).toBe(run.coverage.transitions.total);
    expect(run.simplePaths).toBeGreaterThanOrEqual(5);
  });
});

describe('teacher-status machine, as the server uses it', () => {
  const table: Record<TeacherStatus, Partial<Record<TeacherAction, TeacherStatus>>> = {
    in_review: { approve: 'policy', reject: 'rejected' },
    policy: { accept_terms: 'active', suspend: 'suspended' },
    active: { suspend: 'suspended', replace_documents: 'in_review' },
    rejected: { resubmit: 'in_review' },
    suspended: { reinstate: 'active' },
  };
  const actions: TeacherAction[] = ['approve', 'reject', 'suspend', 'reinstate', 'accept_terms', 'resubmit', 'replace_documents'];

  it('allows exactly the documented transitions from every stored status', () => {
    for (const status of TEACHER_STATUSES) {
      for (const action of actions) {
        const next = nextTeacherStatus(status, action, 'سبب');
        expect(next?.status ?? null, `${status} × ${action}`).toBe(table[status][action] ?? null);
      }
    }
  });

  it('keeps the reason of a rejection or suspension, clears it on the way back', () => {
    expect(nextTeacherStatus('in_review', 'reject', '  صورة غير واضحة ')).toEqual({ status: 'rejected', reason: 'صورة غير واضحة' });
    expect(nextTeacherStatus('in_review', 'reject', null)).toBeNull();
    expect(nextTeacherStatus('in_review', 'reject', ' ')).toBeNull();
    expect(nextTeacherStatus('rejected', 'resubmit', null, 'صورة غير واضحة')).toEqual({ status: 'in_review', reason: null });
    expect(nextTeacherStatus('active', 'suspend', null)).toEqual({ status: 'suspended', reason: null });
    expect(nextTeacherStatus('suspended', 'reinstate', null, 'شكوى')).toEqual({ status: 'active', reason: null });
  });

  it('round-trips every stored status', () => {
    for (const status of TEACHER_STATUSES) expect(wireStatusOf(resumeTeacherStatus(status))).toBe(status);
  });
});

describe('teacher-status machine, as the screens drive it', () => {
  function start(acceptTerms: () => Promise<unknown>, submitDocuments: () => Promise<unknown> = async () => null) {
    const actor = createActor(
      teacherStatusMachine.provide({
        actors: { acceptTerms: fromPromise(acceptTerms), submitDocuments: fromPromise(submitDocuments) },
      }),
    );
    actor.start();
    return actor;
  }

  it('follows the profile, accepts the terms, and goes back to policy when the call fails', async () => {
    const ok = start(async () => ({ status: 'active' }));
    expect(ok.getSnapshot().value).toBe('unknown');
    ok.send({ type: 'status.changed', status: 'policy' });
    ok.send({ type: 'terms.accept' });
    expect(selectTeacherBusy(ok.getSnapshot())).toBe(true);
    await waitFor(ok, (s) => s.matches('active'));

    const failing = start(() => Promise.reject(new Error('409')));
    failing.send({ type: 'status.changed', status: 'policy' });
    failing.send({ type: 'terms.accept' });
    await waitFor(failing, (s) => s.matches('policy'));
    expect(selectTeacherFailed(failing.getSnapshot())).toBe(true);
  });

  it('shows the reason when rejected, resubmits, and returns to rejected (with the reason) when the upload fails', async () => {
    const inputs: unknown[] = [];
    const actor = start(
      async () => null,
      async () => {
        inputs.push('called');
        throw new Error('400');
      },
    );
    actor.send({ type: 'status.changed', status: 'rejected', reason: 'صورة غير واضحة' });
    expect(selectTeacherReason(actor.getSnapshot())).toBe('صورة غير واضحة');
    actor.send({ type: 'documents.resubmit', files });
    await waitFor(actor, (s) => s.matches('rejected'));
    expect(inputs).toEqual(['called']);
    expect(selectTeacherReason(actor.getSnapshot())).toBe('صورة غير واضحة');
    expect(selectTeacherFailed(actor.getSnapshot())).toBe(true);
    // The realtime channel's reload wins over anything in flight.
    actor.send({ type: 'status.changed', status: 'in_review' });
    expect(actor.getSnapshot().value).toBe('inReview');
    expect(selectTeacherReason(actor.getSnapshot())).toBeNull();
  });
});
