// The end of a live session, where the lesson continues: what was taught (subject, teacher, the child,
// its length) and who attended for how long, for the family the rating in place and "book the same time next week" (the teacher's
// booking opens on its review with that time), for the teacher the way to write the lesson report (on
// the session details), and for both joining again while the window is open. Left early: the same,
// without the booking offer until the lesson is over. Ended early by the teacher ("End for both"):
// says so to both, and what went back to the family's balance (the request's history has it).
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { selectCanRejoin, selectEndReason, selectRequestId, selectRole } from '../../../machines/live-session.machine';
import { requestQuery, type RequestDetail } from '../../api/requests';
import { actionsAt } from '../../domain/request-state';
import { sessionKeys } from '../../api/sessions';
import type { LiveSessionActor } from '../../bindings/live-session';
import { seedBookingReview } from '../../bindings/booking';
import { ForChild } from '../../domain/child-label';
import { AttendanceList } from '../../domain/attendance-list';
import type { Attendance } from '../../../contract/sessions';
import { LessonRating } from '../../domain/lesson-rating';
import type { LessonParty } from '../../domain/viewer';
import { Button } from '../../ui/button';
import { endedEarlyEntry } from './ended-early';
import { Notice } from './notice';

const WEEK_MS = 7 * 24 * 3_600_000;

export function EndedNotice({
  actor,
  viewerId,
  attendance,
}: {
  actor: LiveSessionActor;
  viewerId: number | null;
  /** The session's attendance as it stands now (the session API's, read once when the screen appears). */
  attendance: () => Promise<Attendance>;
}) {
  const { i18n } = useLingui();
  // The side comes with the session's grant; the account id keys the booking draft as the booking page does.
  const viewer: LessonParty = { id: viewerId, role: useSelector(actor, selectRole) };
  const reason = useSelector(actor, selectEndReason);
  const timeUp = reason === 'timeUp';
  const endedEarly = reason === 'endedEarly';
  const requestId = useSelector(actor, selectRequestId);
  const canRejoin = useSelector(actor, selectCanRejoin);
  const request = useQuery({ ...requestQuery(requestId ?? 0, i18n.locale), enabled: requestId !== null });
  // Silent: the summary stands without it.
  const present = useQuery({
    queryKey: sessionKeys.attendance(requestId ?? 0),
    queryFn: attendance,
    meta: { silent: true },
    staleTime: 0,
  });
  const detail = request.data;
  // What may be done is judged at the moment the end screen appeared (rating stays open for days).
  const [shownAt] = useState(() => Date.now());
  return (
    <Notice testId="session-ended" heading={<EndHeading reason={reason} role={viewer.role} />}>
      {detail ? <LessonSummary detail={detail} viewer={viewer} /> : null}
      {endedEarly && detail ? <GivenBack detail={detail} role={viewer.role} /> : null}
      {present.data && present.data.participants.length > 0 ? <AttendanceList attendance={present.data} /> : null}
      {detail ? <LessonRating detail={detail} actions={actionsAt(detail, viewer.role, shownAt)} side={viewer.role} /> : null}
      <div className="live-session-actions">
        {detail && viewer.role === 'student' && (timeUp || detail.status === 'finished') ? (
          <BookNextWeek detail={detail} viewer={viewer} />
        ) : null}
        {requestId !== null ? (
          <Link to="/session-details/$requestId" params={{ requestId: String(requestId) }} data-testid="session-details-link">
            {/* For the teacher, the lesson's next step lives on its details: the report. */}
            {viewer.role === 'teacher' && (timeUp || detail?.status === 'finished') ? (
              <Trans>Write the lesson report</Trans>
            ) : (
              <Trans>Session details</Trans>
            )}
          </Link>
        ) : null}
        {canRejoin ? (
          <Button variant="secondary" onClick={() => actor.send({ type: 'session.rejoin' })}>
            <Trans>Join again</Trans>
          </Button>
        ) : null}
      </div>
    </Notice>
  );
}

function EndHeading({ reason, role }: { reason: ReturnType<typeof selectEndReason>; role: LessonParty['role'] }) {
  if (reason === 'endedEarly') {
    return role === 'teacher' ? <Trans>You ended the lesson early for both</Trans> : <Trans>The teacher ended the lesson early</Trans>;
  }
  return reason === 'timeUp' ? <Trans>The session has ended</Trans> : <Trans>You left the session</Trans>;
}

/**
 * What the early end gave back: the whole half-hours not taught, in hours when they make whole hours,
 * or the free trial. Shown once the request's history has the teacher's `finished` row.
 */
function GivenBack({ detail, role }: { detail: RequestDetail; role: LessonParty['role'] }) {
  const entry = endedEarlyEntry(detail);
  if (!entry) return null;
  const minutes = entry.refunded_minutes ?? 0;
  const hours = minutes / 60;
  const family = role === 'student';
  let text;
  if (minutes === 0) {
    text = <Trans>Nothing was left untaught, so no hours went back.</Trans>;
  } else if (detail.paid_with === 'free_trial') {
    text = family ? <Trans>Your free trial session was given back.</Trans> : <Trans>The family's free trial session was given back.</Trans>;
  } else if (minutes % 60 === 0) {
    text = family ? (
      <Plural value={hours} one="# hour came back to your balance." other="# hours came back to your balance." />
    ) : (
      <Plural value={hours} one="# hour went back to the family's balance." other="# hours went back to the family's balance." />
    );
  } else {
    text = family ? (
      <Plural value={minutes} one="# minute came back to your balance." other="# minutes came back to your balance." />
    ) : (
      <Plural value={minutes} one="# minute went back to the family's balance." other="# minutes went back to the family's balance." />
    );
  }
  return (
    <p className="live-ended-refund" data-testid="ended-early-refund">
      {text}
    </p>
  );
}

/** "Mathematics with هدى — 1 hour", and the child it was for. */
function LessonSummary({ detail, viewer }: { detail: RequestDetail; viewer: LessonParty }) {
  const subject = detail.subject.name;
  const teacher = detail.teacher.first_name;
  const hours = detail.duration_hours;
  return (
    <div className="live-ended-summary" data-testid="ended-summary">
      <p>
        {viewer.role === 'student' ? (
          <Trans>
            {subject} with <bdi>{teacher}</bdi>
          </Trans>
        ) : (
          subject
        )}
        {' — '}
        <Plural value={hours} one="# hour" other="# hours" />
      </p>
      {detail.child ? <ForChild child={detail.child} side={viewer.role === 'teacher' ? 'teacher' : 'student'} as="line" /> : null}
    </div>
  );
}

/** The same teacher, subject, child and length, one week after this lesson's start: straight to the review. */
function BookNextWeek({ detail, viewer }: { detail: RequestDetail; viewer: LessonParty }) {
  const navigate = useNavigate();
  const book = () => {
    seedBookingReview(String(viewer.id ?? 'family'), detail.teacher.id, {
      childId: detail.child ? String(detail.child.id) : '',
      subjectId: String(detail.subject.id),
      startsAt: new Date(Date.parse(detail.starts_at) + WEEK_MS).toISOString(),
      durationHours: detail.duration_hours,
    });
    void navigate({ to: '/teachers/$id', params: { id: String(detail.teacher.id) } });
  };
  return (
    <Button onClick={book} data-testid="book-next-week">
      <Trans>Book the same time next week</Trans>
    </Button>
  );
}
