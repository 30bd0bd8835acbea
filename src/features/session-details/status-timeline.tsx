// Where a booking stands, drawn from the request machine: the steps it went through (its history),
// the current state highlighted, and the steps the machine allows next from that state, each with
// its deadline ("free cancellation until …"). The next steps are read off the machine's transitions,
// so a new transition in machines/request.machine.ts shows up here without a second list. Next steps
// are listed in the order they happen (by their instant; those without one last), a step whose time has
// come reads as "now", and a free-trial booking speaks of the trial being given back, never of hours.
import type { ReactNode } from 'react';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { RequestDetail, RequestHistoryEntry, RequestStatus } from '../../../contract/requests';
import { requestDeadlines, requestMachine, resumeRequest } from '../../../machines/request.machine';
import { refundsOn, requestContextOf } from '../../domain/request-state';
import { requestStatusTexts } from '../../domain/request-status';
import { formatSessionTime } from '../../domain/time';

type Role = 'student' | 'teacher';

export interface NextStep {
  /** The machine's event. */
  event: string;
  /** The state it leads to; null when it stays (join, rate). */
  target: RequestStatus | null;
  /** The instant that bounds it, ISO, if any. */
  at: string | null;
}

/** Steps a person takes before a deadline; once it has passed they are no longer possible. */
const BOUNDED = new Set(['approve', 'reject', 'cancel', 'reschedule', 'reschedule_accept']);

/**
 * The machine's transitions out of `status`, one per event and target, with the detail's deadlines;
 * a person's step whose deadline has passed at `now` is left out.
 */
export function nextSteps(detail: RequestDetail, now: number, role: Role = 'student'): NextStep[] {
  const node = requestMachine.root.states[detail.status];
  if (!node) return [];
  const snapshot = resumeRequest(detail.status, requestContextOf(detail));
  // A pending request is moved by its family; an approved session's new time is proposed by either side.
  const mover: Role = detail.status === 'pending' ? 'student' : role;
  const steps: NextStep[] = [];
  for (const [event, transitions] of Object.entries(node.on)) {
    const targets = new Set(transitions.map((tr) => (tr.target?.[0]?.key as RequestStatus | undefined) ?? null));
    // A broadcast reject that only declines one offer stays pending: the reject → rejected step says it.
    const meaningful = targets.size > 1 ? [...targets].filter((x) => x !== null) : [...targets];
    for (const target of meaningful) {
      if (event === 'rate' && detail.evaluation) continue;
      // Only a scheduled request addressed to one teacher moves: asked of the machine, as its student.
      if (event === 'reschedule' && !snapshot.can({ type: 'reschedule', actor: { role: mover, party: true }, now })) continue;
      // An open proposal: one step for its answer (accept or decline), to the side that gives it, and its lapse.
      if (event === 'reschedule_decline') continue;
      if (event === 'reschedule_accept' && !snapshot.can({ type: 'reschedule_accept', actor: { role, party: true }, now })) continue;
      if (event === 'reschedule_lapse' && !detail.proposal) continue;
      const at = deadlineOf(event, detail, role);
      if (BOUNDED.has(event) && (at === null || Date.parse(at) <= now)) continue;
      steps.push({ event, target, at });
    }
  }
  // Chronological: "joining opens" before "finished". Stable for steps with the same instant.
  const time = (step: NextStep) => (step.at === null ? Number.POSITIVE_INFINITY : Date.parse(step.at));
  return steps
    .map((step, i) => ({ step, i }))
    .sort((a, b) => time(a.step) - time(b.step) || a.i - b.i)
    .map(({ step }) => step);
}

/** The deadlines as the machine computes them from the request (the same function the server uses). */
function deadlineOf(event: string, detail: RequestDetail, role: Role): string | null {
  const deadlines = requestDeadlines(detail.status, requestContextOf(detail));
  const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
  switch (event) {
    case 'reschedule':
      // A family proposes until the cut-off, a teacher until the start.
      if (detail.status === 'approved') return role === 'student' ? iso(deadlines.cancelFreeUntil) : detail.starts_at;
      return iso(deadlines.expiresAt);
    case 'reschedule_accept':
    case 'reschedule_lapse':
      return detail.proposal?.lapses_at ?? null;
    case 'approve':
    case 'reject':
    case 'expire':
      return iso(deadlines.expiresAt);
    case 'cancel':
      return iso(deadlines.cancelFreeUntil);
    case 'join':
      return iso(deadlines.joinOpensAt);
    case 'finish':
    case 'end':
      return detail.ends_at;
    default:
      return null;
  }
}

export interface StatusTimelineProps {
  detail: RequestDetail;
  now: number;
  role: Role;
  timeZone?: string | undefined;
}

export function StatusTimeline({ detail, now, role, timeZone }: StatusTimelineProps) {
  const { i18n } = useLingui();
  const when = (iso: string) => formatSessionTime(iso, i18n.locale, timeZone);
  // The history starts with the request being made; an older record without one still shows its state.
  const history: RequestHistoryEntry[] =
    detail.history.length > 0 ? detail.history : [{ status: detail.status, at: detail.created_at, actor_role: 'student' }];
  // A broadcast another teacher took: nothing more happens to it for this teacher (no join, no finish).
  const steps = detail.taken_by_other ? [] : nextSteps(detail, now, role);
  const refunded = refundsOn(detail.status);

  return (
    <section className="timeline-section" aria-labelledby="timeline-title">
      <h2 id="timeline-title">
        <Trans>Where the booking stands</Trans>
      </h2>
      <ol className="timeline" data-testid="timeline">
        {history.map((entry, i) => {
          const current = i === history.length - 1;
          return (
            <li
              key={`${entry.status}-${entry.at}-${i}`}
              className={`timeline-step timeline-done${current ? ' timeline-current' : ''}`}
              aria-current={current ? 'step' : undefined}
              data-status={entry.status}
            >
              <span className="timeline-dot" aria-hidden="true" />
              <div>
                <p className="timeline-label">
                  {entry.moved_to && entry.proposal && entry.proposal !== 'accepted' ? (
                    <ProposalText step={entry.proposal} at={<time dateTime={entry.moved_to}>{when(entry.moved_to)}</time>} />
                  ) : entry.moved_to ? (
                    <Trans>
                      Moved to <time dateTime={entry.moved_to}>{when(entry.moved_to)}</time>
                    </Trans>
                  ) : (
                    i18n._(requestStatusTexts[entry.status])
                  )}
                  {current ? (
                    <span className="timeline-now">
                      {' '}
                      <Trans>(now)</Trans>
                    </span>
                  ) : null}
                </p>
                <p className="timeline-meta">
                  <time dateTime={entry.at}>{when(entry.at)}</time> ·{' '}
                  <ActorText role={entry.actor_role} status={entry.status} index={i} taken={detail.taken_by_other} />
                </p>
                {entry.reason ? (
                  <p className="timeline-meta timeline-reason" data-testid="timeline-reason">
                    <Trans>Reason: {entry.reason}</Trans>
                  </p>
                ) : null}
                {entry.status === 'finished' && entry.actor_role === 'teacher' ? (
                  <p className="timeline-meta" data-testid="timeline-ended-early">
                    <EndedEarlyText minutes={entry.refunded_minutes ?? 0} trial={detail.paid_with === 'free_trial'} />
                  </p>
                ) : null}
                {current && refunded ? (
                  <p className="timeline-meta">
                    {detail.paid_with === 'free_trial' ? (
                      <Trans>The free trial session was given back.</Trans>
                    ) : (
                      <Trans>The hours were returned to the balance.</Trans>
                    )}
                  </p>
                ) : null}
              </div>
            </li>
          );
        })}
        {steps.map((step) => (
          <li key={`${step.event}-${step.target ?? 'stay'}`} className="timeline-step timeline-next" data-event={step.event}>
            <span className="timeline-dot" aria-hidden="true" />
            <div>
              <p className="timeline-label">
                <span className="visually-hidden">
                  <Trans>Possible next step:</Trans>{' '}
                </span>
                <StepText
                  step={step}
                  role={role}
                  when={when}
                  now={now}
                  trial={detail.paid_with === 'free_trial'}
                  approved={detail.status === 'approved'}
                />
              </p>
            </div>
          </li>
        ))}
      </ol>
      {steps.length === 0 ? (
        <p className="muted">
          <Trans>This request is closed; nothing more will happen to it.</Trans>
        </p>
      ) : null}
    </section>
  );
}

/** A proposal's step in the history (an accepted one reads as the move it made). */
function ProposalText({ step, at }: { step: 'proposed' | 'declined' | 'lapsed'; at: ReactNode }) {
  if (step === 'proposed') return <Trans>New time proposed: {at}</Trans>;
  if (step === 'declined') return <Trans>Proposed time declined: {at}</Trans>;
  return <Trans>Proposed time lapsed unanswered: {at}</Trans>;
}

function ActorText({
  role,
  status,
  index,
  taken,
}: {
  role: RequestHistoryEntry['actor_role'];
  status: RequestStatus;
  index: number;
  taken: boolean;
}) {
  if (index === 0 && status === 'pending') return <Trans>requested by the student</Trans>;
  if (role === 'student') return <Trans>by the student</Trans>;
  // Seen by a teacher who lost the broadcast: the approval was the other teacher's.
  if (role === 'teacher' && taken && status === 'approved') return <Trans>by another teacher</Trans>;
  if (role === 'teacher') return <Trans>by the teacher</Trans>;
  return <Trans>automatically</Trans>;
}

/** A session its teacher ended early: what went back to the family. */
function EndedEarlyText({ minutes, trial }: { minutes: number; trial: boolean }) {
  if (minutes === 0) return <Trans>Ended early by the teacher; nothing was left untaught to give back.</Trans>;
  if (trial) return <Trans>Ended early by the teacher before it began; the free trial session was given back.</Trans>;
  return (
    <Plural
      value={minutes}
      one="Ended early by the teacher; # minute not taught went back to the balance."
      other="Ended early by the teacher; # minutes not taught went back to the balance."
    />
  );
}

interface StepTextProps {
  step: NextStep;
  role: Role;
  when: (iso: string) => string;
  now: number;
  /** Paid with the free trial: what comes back is the trial, not hours. */
  trial: boolean;
  /** An approved session: a new time is proposed, not moved at once. */
  approved: boolean;
}

function StepText({ step, role, when, now, trial, approved }: StepTextProps) {
  // The instant as a <time> element; formatSessionTime keeps its clock on one line.
  const at = step.at ? <time dateTime={step.at}>{when(step.at)}</time> : null;
  switch (step.event) {
    case 'approve':
      return role === 'teacher' ? <Trans>You can approve it until {at}</Trans> : <Trans>A teacher can approve it until {at}</Trans>;
    case 'reject':
      if (trial)
        return role === 'teacher' ? (
          <Trans>You can reject it (the student gets the free trial back)</Trans>
        ) : (
          <Trans>The teacher may reject it (you get the free trial back)</Trans>
        );
      return role === 'teacher' ? (
        <Trans>You can reject it (the student gets the hours back)</Trans>
      ) : (
        <Trans>The teacher may reject it (you get the hours back)</Trans>
      );
    case 'cancel':
      return role === 'student' ? (
        <Trans>You can cancel for free until {at}</Trans>
      ) : (
        <Trans>The student can cancel for free until {at}</Trans>
      );
    case 'expire':
      return trial ? (
        <Trans>Expires on {at} if no teacher approves it (the free trial is given back)</Trans>
      ) : (
        <Trans>Expires on {at} if no teacher approves it (the hours are returned)</Trans>
      );
    case 'finish':
      return <Trans>Finished when the session ends on {at}</Trans>;
    case 'end':
      return role === 'teacher' ? (
        <Trans>During the session you can end it early for both (the whole half-hours not taught go back)</Trans>
      ) : (
        <Trans>The teacher may end it early (the whole half-hours not taught come back to you)</Trans>
      );
    case 'join':
      return step.at && Date.parse(step.at) <= now ? <Trans>Joining is open now</Trans> : <Trans>Joining opens on {at}</Trans>;
    case 'rate':
      return role === 'student' ? <Trans>You can rate the teacher</Trans> : <Trans>The student can rate you</Trans>;
    case 'reschedule':
      if (approved) return <Trans>You can propose another time until {at}</Trans>;
      return role === 'student' ? (
        <Trans>You can move it to another free time until {at}</Trans>
      ) : (
        <Trans>The student can move it to another time until {at}</Trans>
      );
    case 'reschedule_accept':
      return <Trans>You can accept or decline the proposed time until {at}</Trans>;
    case 'reschedule_lapse':
      return <Trans>If nobody answers by {at}, the proposal lapses and the session keeps its time</Trans>;
    default:
      return <>{step.event}</>;
  }
}
