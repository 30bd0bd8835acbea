// Model-based paths through the request statechart: every state and transition is reached by replayed
// generated paths, with the promises the server and the client rely on checked at every step — only a
// party acts, nobody acts for someone else, the clock decides expiry and finishing, and the actions
// the client shows (`allowedActions`) are exactly what the machine accepts.
import { describe, expect, it } from 'vitest';
import { createMachine, initialTransition, type AnyMachineSnapshot } from 'xstate';
import { REQUEST_ACTIONS } from '../../contract/requests';
import {
  actionEvent,
  allowedActions,
  requestDeadlines,
  requestMachine,
  resumeRequest,
  transition,
  type RequestActor,
  type RequestContext,
  type RequestEvent,
  type RequestStatus,
} from '../../machines/request.machine';
import { runModel } from './model';

const HOUR = 3_600_000;
const created = 1_800_000_000_000;
const sample: RequestContext = {
  type: 'schedule',
  broadcast: true,
  startsAt: created + 10 * HOUR,
  endsAt: created + 12 * HOUR,
  expiresAt: created + 10 * HOUR,
  rated: false,
  proposal: null,
};

// Addressed to one teacher (not a broadcast), so its student may move it while pending.
const modelMachine = createMachine(
  { ...requestMachine.config, context: { ...sample, broadcast: false } },
  requestMachine.implementations as never,
);

const student: RequestActor = { role: 'student', party: true };
const otherStudent: RequestActor = { role: 'student', party: false };
const teacher: RequestActor = { role: 'teacher', party: true };
const otherTeacher: RequestActor = { role: 'teacher', party: false };

const early = created + HOUR;
/** Less than 6 hours before the start: too late to cancel an approved session. */
const lateCancel = created + 7 * HOUR;
const inSession = created + 11 * HOUR;
const after = created + 13 * HOUR;
/** A move half an hour later: every instant above keeps its meaning for the moved session. */
const movedStart = created + 10.5 * HOUR;

const events: RequestEvent[] = [
  { type: 'approve', actor: teacher, now: early },
  { type: 'approve', actor: otherTeacher, now: early },
  { type: 'approve', actor: student, now: early },
  { type: 'approve', actor: teacher, now: after },
  { type: 'reject', actor: teacher, now: early, openOffers: 1 },
  { type: 'reject', actor: teacher, now: early, openOffers: 2 },
  { type: 'reject', actor: otherTeacher, now: early, openOffers: 1 },
  { type: 'cancel', actor: student, now: early },
  { type: 'cancel', actor: otherStudent, now: early },
  { type: 'cancel', actor: teacher, now: early },
  { type: 'cancel', actor: otherTeacher, now: early },
  { type: 'cancel', actor: teacher, now: inSession },
  { type: 'cancel', actor: student, now: lateCancel },
  { type: 'cancel', actor: student, now: inSession },
  { type: 'expire', now: early },
  { type: 'expire', now: after },
  { type: 'finish', now: inSession },
  { type: 'finish', now: after },
  { type: 'end', actor: teacher, now: inSession },
  { type: 'end', actor: teacher, now: early },
  { type: 'end', actor: student, now: inSession },
  { type: 'end', actor: otherTeacher, now: inSession },
  { type: 'join', actor: student, now: early },
  { type: 'join', actor: student, now: inSession },
  { type: 'join', actor: otherTeacher, now: inSession },
  { type: 'rate', actor: student, now: after },
  { type: 'rate', actor: otherStudent, now: after },
  { type: 'rate', actor: teacher, now: after },
  { type: 'reschedule', actor: student, now: early, startsAt: movedStart },
  { type: 'reschedule', actor: otherStudent, now: early, startsAt: movedStart },
  { type: 'reschedule', actor: teacher, now: early, startsAt: movedStart },
  { type: 'reschedule', actor: student, now: after, startsAt: movedStart },
  // Proposals on an approved session: the family until the cut-off, the teacher until the start.
  { type: 'reschedule', actor: student, now: lateCancel, startsAt: movedStart },
  { type: 'reschedule', actor: teacher, now: lateCancel, startsAt: movedStart },
  { type: 'reschedule', actor: otherTeacher, now: early, startsAt: movedStart },
  { type: 'reschedule_accept', actor: student, now: early },
  { type: 'reschedule_accept', actor: teacher, now: early },
  { type: 'reschedule_accept', actor: otherTeacher, now: early },
  { type: 'reschedule_accept', actor: student, now: lateCancel },
  { type: 'reschedule_accept', actor: teacher, now: lateCancel },
  { type: 'reschedule_decline', actor: student, now: early },
  { type: 'reschedule_decline', actor: teacher, now: early },
  { type: 'reschedule_decline', actor: otherStudent, now: early },
  { type: 'reschedule_lapse', now: early },
  { type: 'reschedule_lapse', now: lateCancel },
  { type: 'reschedule_lapse', now: inSession },
];

const refunded = ['rejected', 'canceled', 'expired'];

describe('request machine, model-based', () => {
  it('reaches every state and transition; only parties act, and only in time', () => {
    const run = runModel({
      machine: modelMachine,
      events,
      actors: {},
      invariant: (s: AnyMachineSnapshot) => {
        const status = s.value as string;
        expect(s.hasTag('request:refunded')).toBe(refunded.includes(status));
        expect(s.hasTag('request:debited')).toBe(!refunded.includes(status));
        // Someone who is not a party can never do anything.
        for (const e of events) {
          if ('actor' in e && !e.actor.party) expect(s.can(e)).toBe(false);
        }
        // A student never approves nor ends a session; a teacher never rates, and cancels only a booked
        // session before it starts.
        expect(s.can({ type: 'approve', actor: student, now: early })).toBe(false);
        expect(s.can({ type: 'end', actor: student, now: inSession })).toBe(false);
        expect(s.can({ type: 'cancel', actor: teacher, now: early })).toBe(status === 'approved');
        expect(s.can({ type: 'cancel', actor: teacher, now: inSession })).toBe(false);
        expect(s.can({ type: 'rate', actor: teacher, now: after })).toBe(false);
        // A teacher never moves a pending request; only an approved one gets proposals.
        if (status !== 'approved') expect(s.can({ type: 'reschedule', actor: teacher, now: early, startsAt: movedStart })).toBe(false);
        // Only a pending request moves at once; a move keeps its length and its deadline is its start.
        if (status !== 'pending' && status !== 'approved') {
          expect(s.can({ type: 'reschedule', actor: student, now: early, startsAt: movedStart })).toBe(false);
        }
        const proposal = (s.context as RequestContext).proposal;
        // A proposal lives only beside an approved session; only the other side answers it, in time.
        if (status !== 'approved') expect(proposal ?? null).toBeNull();
        if (proposal) {
          const proposer = proposal.by === 'student' ? student : teacher;
          const answerer = proposal.by === 'student' ? teacher : student;
          expect(s.can({ type: 'reschedule_accept', actor: proposer, now: early })).toBe(false);
          expect(s.can({ type: 'reschedule_accept', actor: answerer, now: proposal.lapsesAt - 1 })).toBe(true);
          expect(s.can({ type: 'reschedule_accept', actor: answerer, now: proposal.lapsesAt })).toBe(false);
          expect(s.can({ type: 'reschedule_lapse', now: proposal.lapsesAt })).toBe(true);
          // One proposal at a time.
          expect(s.can({ type: 'reschedule', actor: answerer, now: early, startsAt: movedStart + HOUR })).toBe(false);
          expect(proposal.lapsesAt).toBeLessThanOrEqual(s.context.startsAt);
        } else {
          expect(s.can({ type: 'reschedule_accept', actor: student, now: early })).toBe(false);
          expect(s.can({ type: 'reschedule_lapse', now: after })).toBe(false);
        }
        expect(s.context.endsAt - s.context.startsAt).toBe(sample.endsAt - sample.startsAt);
        expect(s.context.expiresAt).toBe(s.context.startsAt);
        if (refunded.includes(status)) for (const e of events) expect(s.can(e)).toBe(false);
        // The client's buttons are the machine's answer.
        for (const viewer of [
          { role: 'student' as const, party: true },
          { role: 'teacher' as const, party: true },
        ]) {
          for (const now of [early, lateCancel, inSession, after]) {
            const shown = allowedActions(status as RequestStatus, s.context as RequestContext, viewer, now);
            const accepted = REQUEST_ACTIONS.filter((a) => s.can(actionEvent(a, viewer, now)));
            expect(shown).toEqual(accepted);
          }
        }
      },
      expectations: {
        pending: (s) => {
          expect(s.can({ type: 'expire', now: early })).toBe(false);
          expect(s.can({ type: 'expire', now: after })).toBe(true);
          expect(s.can({ type: 'approve', actor: teacher, now: after })).toBe(false);
          expect(s.can({ type: 'reschedule', actor: student, now: early, startsAt: movedStart })).toBe(true);
          expect(s.can({ type: 'reschedule', actor: student, now: after, startsAt: movedStart })).toBe(false);
        },
        approved: (s) => {
          expect(s.can({ type: 'cancel', actor: student, now: early })).toBe(true);
          expect(s.can({ type: 'cancel', actor: student, now: lateCancel })).toBe(false);
          expect(s.can({ type: 'cancel', actor: student, now: inSession })).toBe(false);
          expect(s.can({ type: 'join', actor: student, now: early })).toBe(false);
          expect(s.can({ type: 'join', actor: teacher, now: inSession })).toBe(true);
          expect(s.can({ type: 'finish', now: inSession })).toBe(false);
          // Its teacher cancels until the start, even inside the family's cut-off.
          expect(s.can({ type: 'cancel', actor: teacher, now: lateCancel })).toBe(true);
          expect(s.can({ type: 'cancel', actor: teacher, now: s.context.startsAt })).toBe(false);
          // Ending early: from the join window until the booked end.
          expect(s.can({ type: 'end', actor: teacher, now: s.context.startsAt - 10 * 60_000 })).toBe(true);
          expect(s.can({ type: 'end', actor: teacher, now: s.context.startsAt - 10 * 60_000 - 1 })).toBe(false);
          expect(s.can({ type: 'end', actor: teacher, now: s.context.endsAt })).toBe(false);
        },
        finished: (s) => {
          expect(s.can({ type: 'rate', actor: student, now: after })).toBe(!s.context.rated);
        },
      },
      simplePaths: { fromState: initialTransition(modelMachine)[0] },
    });
    console.log(run.summary);
    expect(run.coverage.states.missing).toEqual([]);
    expect(run.coverage.transitions.missing).toEqual([]);
    expect(run.coverage.transitions.covered).toBe(run.coverage.transitions.total);
  });
});

describe('request machine, as the server uses it', () => {
  it('an urgent request starts when a teacher approves it', () => {
    const urgent: RequestContext = {
      type: 'urgent',
      broadcast: true,
      startsAt: created,
      endsAt: created + 2 * HOUR,
      expiresAt: created + 15 * 60_000,
      rated: false,
    };
    const next = transition(resumeRequest('pending', urgent), { type: 'approve', actor: teacher, now: created + 5 * 60_000 });
    expect(next?.value).toBe('approved');
    expect(next?.context.startsAt).toBe(created + 5 * 60_000);
    expect(next?.context.endsAt).toBe(created + 5 * 60_000 + 2 * HOUR);
    // Not accepted within 15 minutes: too late to approve, and the sweep expires it.
    const late = created + 16 * 60_000;
    expect(transition(resumeRequest('pending', urgent), { type: 'approve', actor: teacher, now: late })).toBeNull();
    expect(transition(resumeRequest('pending', urgent), { type: 'expire', now: late })?.value).toBe('expired');
  });

  it('one teacher of a broadcast declining leaves it pending for the others', () => {
    const s = resumeRequest('pending', sample);
    expect(transition(s, { type: 'reject', actor: teacher, now: early, openOffers: 3 })?.value).toBe('pending');
    expect(transition(s, { type: 'reject', actor: teacher, now: early, openOffers: 1 })?.value).toBe('rejected');
  });

  it('moves only a pending scheduled request addressed to one teacher; the move keeps its length', () => {
    const single: RequestContext = { ...sample, broadcast: false };
    const moved = transition(resumeRequest('pending', single), {
      type: 'reschedule',
      actor: student,
      now: early,
      startsAt: created + 30 * HOUR,
    });
    expect(moved?.value).toBe('pending');
    expect(moved?.context).toMatchObject({ startsAt: created + 30 * HOUR, endsAt: created + 32 * HOUR, expiresAt: created + 30 * HOUR });
    // Asking whether the button shows (no new start) changes nothing.
    expect(transition(resumeRequest('pending', single), { type: 'reschedule', actor: student, now: early })?.context).toEqual(single);
    expect(
      transition(resumeRequest('pending', sample), { type: 'reschedule', actor: student, now: early, startsAt: created + 30 * HOUR }),
    ).toBeNull();
    const urgent: RequestContext = { ...single, type: 'urgent', expiresAt: created + 15 * 60_000 };
    expect(
      transition(resumeRequest('pending', urgent), { type: 'reschedule', actor: student, now: created, startsAt: created + 30 * HOUR }),
    ).toBeNull();
    expect(allowedActions('pending', single, { role: 'student', party: true }, early)).toEqual(['cancel', 'reschedule']);
    expect(allowedActions('approved', single, { role: 'student', party: true }, early)).toEqual(['cancel', 'reschedule']);
  });

  it('an approved session: a proposal holds the time until the other side answers, or it lapses', () => {
    const approved = resumeRequest('approved', { ...sample, broadcast: false });
    const newStart = created + 30 * HOUR;
    const proposed = transition(approved, { type: 'reschedule', actor: student, now: early, startsAt: newStart });
    expect(proposed?.value).toBe('approved');
    expect(proposed?.context).toMatchObject({
      startsAt: sample.startsAt,
      proposal: { startsAt: newStart, by: 'student', lapsesAt: sample.startsAt - 6 * HOUR },
    });
    expect(allowedActions('approved', proposed!.context, { role: 'teacher', party: true }, early)).toEqual([
      'cancel',
      'reschedule_accept',
      'reschedule_decline',
    ]);
    expect(allowedActions('approved', proposed!.context, { role: 'student', party: true }, early)).toEqual(['cancel']);
    const accepted = transition(proposed!, { type: 'reschedule_accept', actor: teacher, now: early });
    expect(accepted?.context).toMatchObject({ startsAt: newStart, endsAt: newStart + 2 * HOUR, expiresAt: newStart, proposal: null });
    expect(transition(proposed!, { type: 'reschedule_decline', actor: teacher, now: early })?.context).toMatchObject({
      startsAt: sample.startsAt,
      proposal: null,
    });
    // The family: not after the cut-off, nor to the time it has. The teacher: until the start, and then
    // the proposal lapses at the start.
    expect(transition(approved, { type: 'reschedule', actor: student, now: lateCancel, startsAt: newStart })).toBeNull();
    expect(transition(approved, { type: 'reschedule', actor: student, now: early, startsAt: sample.startsAt })).toBeNull();
    const late = transition(approved, { type: 'reschedule', actor: teacher, now: lateCancel, startsAt: newStart });
    expect(late?.context.proposal).toEqual({ startsAt: newStart, by: 'teacher', lapsesAt: sample.startsAt });
    expect(transition(approved, { type: 'reschedule', actor: teacher, now: sample.startsAt, startsAt: newStart })).toBeNull();
    expect(transition(proposed!, { type: 'reschedule_lapse', now: sample.startsAt - 6 * HOUR - 1 })).toBeNull();
    expect(transition(proposed!, { type: 'reschedule_lapse', now: sample.startsAt - 6 * HOUR })?.context.proposal).toBeNull();
  });

  it('lists the buttons per viewer and the deadlines', () => {
    expect(allowedActions('pending', sample, { role: 'teacher', party: true }, early)).toEqual(['approve', 'reject']);
    expect(allowedActions('pending', sample, { role: 'student', party: true }, early)).toEqual(['cancel']);
    expect(allowedActions('pending', sample, { role: 'teacher', party: false }, early)).toEqual([]);
    expect(allowedActions('approved', sample, { role: 'student', party: true }, inSession)).toEqual(['join']);
    expect(allowedActions('approved', sample, { role: 'teacher', party: true }, lateCancel)).toEqual(['cancel', 'reschedule']);
    expect(allowedActions('approved', sample, { role: 'teacher', party: true }, inSession)).toEqual(['join']);
    expect(allowedActions('finished', sample, { role: 'student', party: true }, after)).toEqual(['rate']);
    expect(allowedActions('finished', { ...sample, rated: true }, { role: 'student', party: true }, after)).toEqual([]);
    expect(requestDeadlines('approved', sample)).toEqual({
      cancelFreeUntil: sample.startsAt - 6 * HOUR,
      joinOpensAt: sample.startsAt - 10 * 60_000,
      expiresAt: sample.expiresAt,
    });
    expect(requestDeadlines('canceled', sample).cancelFreeUntil).toBeNull();
  });
});
