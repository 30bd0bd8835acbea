// Session details (spec §2 `session-details/{requestId}`): what was booked — subject, teacher and
// the child it is for, date, time and duration in the viewer's locale, the comment — where the booking stands
// (the status timeline from the request machine), the join button, enabled only inside the session
// window and leading to `session/{channelName}`, the buttons the viewer may use now, and after a
// finished session the student's rating. Live: the user's channel refreshes it when it changes.
import './session-details.css';
import { useEffect, useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { requestQuery, type RequestDetail } from '../../api/requests';
import { actionsAt } from '../../domain/request-state';
import { useRequestUpdates, type Connect } from '../../realtime/use-request-updates';
import { Button } from '../../ui/button';
import { BookAnotherTeacher, RequestActions } from '../../domain/request-actions';
import { Avatar } from '../../domain/avatar';
import { genderKey, teacherLabel } from '../../domain/teacher-gender';
import { ForChild } from '../../domain/child-label';
import { LessonRating } from '../../domain/lesson-rating';
import { MessageOtherParty } from '../../domain/message-button';
import { RequestStatusBadge, requestActionTexts, requestTypeTexts } from '../../domain/request-status';
import { deviceZone, formatSessionRange, formatSessionTime } from '../../domain/time';
import { Spinner } from '../../ui/spinner';
import { AddToCalendar, canAddToCalendar } from './add-to-calendar';
import { AttendancePanel } from './attendance';
import { LessonReportSection, lessonIsOver } from './lesson-report';
import { ProposalPanel } from './proposal-panel';
import { CancelSeries, SeriesFact } from './series-part';
import { StatusTimeline } from './status-timeline';
import { Fact } from '../../ui/fact';

export interface SessionDetailsPageProps {
  requestId: number;
  viewer: { id: number | null; role: 'student' | 'teacher' };
  /** Tests pin the clock and the time zone; the app uses the device's. */
  now?: () => number;
  timeZone?: string;
  connect?: Connect;
  /**
   * Moving a pending request to another time, or proposing one for an approved session: booking's
   * dialog, handed in by the route (features stay apart).
   */
  moveRequest?: (detail: RequestDetail) => ReactNode;
}

/** The time, re-read every `everyMs` so the join button opens (and deadlines close) without a reload. */
function useNow(read: () => number, everyMs = 15_000): number {
  const [now, setNow] = useState(read);
  useEffect(() => {
    const id = setInterval(() => setNow(read()), everyMs);
    return () => clearInterval(id);
  }, [read, everyMs]);
  return now;
}

const systemNow = () => Date.now();

export function SessionDetailsPage({
  requestId,
  viewer,
  now: readNow = systemNow,
  timeZone,
  connect,
  moveRequest,
}: SessionDetailsPageProps) {
  const { i18n } = useLingui();
  useRequestUpdates(viewer.id, connect);
  const request = useQuery(requestQuery(requestId, i18n.locale));
  const now = useNow(readNow);

  return (
    <section className="page container session-details">
      {request.data ? (
        <Details detail={request.data} role={viewer.role} now={now} timeZone={timeZone} moveRequest={moveRequest} />
      ) : request.isError ? (
        <>
          <h1>
            <Trans>Session details</Trans>
          </h1>
          <p className="muted">
            <Trans>This request could not be found.</Trans>
          </p>
          <Link to="/requests/{-$studentId}/{-$teacherId}/{-$requestId}" params={{}}>
            <Trans>Back to requests</Trans>
          </Link>
        </>
      ) : (
        <>
          <h1>
            <Trans>Session details</Trans>
          </h1>
          <Spinner />
        </>
      )}
    </section>
  );
}

function Details({
  detail,
  role,
  now,
  timeZone,
  moveRequest,
}: {
  detail: RequestDetail;
  role: 'student' | 'teacher';
  now: number;
  timeZone: string | undefined;
  moveRequest: SessionDetailsPageProps['moveRequest'];
}) {
  const { i18n } = useLingui();
  const actions = actionsAt(detail, role, now);
  const person = (p: { first_name: string; last_name: string }) => `${p.first_name} ${p.last_name}`.trim();
  const hours = detail.duration_hours;
  const joinOpens = formatSessionTime(detail.deadlines.join_opens_at, i18n.locale, timeZone);
  // The teacher cancelled it: who and why are on its last history row.
  const last = detail.history.at(-1);
  const teacherCanceled = detail.status === 'canceled' && last?.status === 'canceled' && last.actor_role === 'teacher' ? last : null;

  return (
    <>
      <header className="session-details-head">
        <h1>
          <Trans>Session details</Trans>: {detail.subject.name}
        </h1>
        <RequestStatusBadge status={detail.status} taken={detail.taken_by_other} />
      </header>

      <dl className="session-facts">
        <Fact term={<Trans>Subject</Trans>}>{detail.subject.name}</Fact>
        <Fact term={i18n._(teacherLabel(genderKey(detail.teacher.gender)))} valueClassName="request-person">
          <Avatar person={detail.teacher} />
          <bdi>{person(detail.teacher)}</bdi>
        </Fact>
        {/* The learner is the child: the family account's own name is shown to nobody. For the family
            the child's name opens the child's progress. */}
        <ForChild child={detail.child} side={role} testId="session-child" linkToProgress />
        <Fact term={<Trans>Date and time</Trans>} valueTestId="session-time">
          {/* One short line, the zone named once; the end's date only when it differs from the start's. */}
          <time dateTime={detail.starts_at}>{formatSessionRange(i18n, detail.starts_at, detail.ends_at, timeZone ?? deviceZone())}</time>
        </Fact>
        <Fact term={<Trans>Duration</Trans>}>
          <Plural value={hours} one="# hour" other="# hours" />
        </Fact>
        <SeriesFact detail={detail} />
        <Fact term={<Trans>Type</Trans>}>{i18n._(requestTypeTexts[detail.type])}</Fact>
        <Fact term={<Trans>Paid with</Trans>}>
          {detail.paid_with === 'free_trial' ? <Trans>The free trial session</Trans> : <Trans>Package hours</Trans>}
        </Fact>
        <Fact term={<Trans>Comment</Trans>} className="session-facts-wide">
          {detail.comment ?? <span className="muted">{<Trans>No comment</Trans>}</span>}
        </Fact>
      </dl>

      {detail.taken_by_other ? (
        <p className="session-taken" data-testid="taken-panel">
          <Trans>Another teacher accepted this request first. It is not one of your sessions, and there is nothing to join.</Trans>
        </p>
      ) : null}

      {detail.status === 'approved' && detail.channel_name && !detail.taken_by_other ? (
        <div className="session-join">
          {actions.includes('join') ? (
            <Link
              to="/session/$channelName"
              params={{ channelName: detail.channel_name }}
              className="button button-primary"
              data-testid="join-session"
            >
              {i18n._(requestActionTexts.join)}
            </Link>
          ) : (
            <>
              <Button disabled aria-describedby="join-hint" data-testid="join-session">
                {i18n._(requestActionTexts.join)}
              </Button>
              <p id="join-hint" className="muted small">
                {now < Date.parse(detail.deadlines.join_opens_at) ? (
                  <Trans>You can join from {joinOpens}.</Trans>
                ) : (
                  <Trans>The session window has closed.</Trans>
                )}
              </p>
            </>
          )}
        </div>
      ) : null}

      {(detail.status === 'approved' || detail.status === 'finished') &&
      detail.channel_name &&
      !detail.taken_by_other &&
      now >= Date.parse(detail.starts_at) ? (
        <AttendancePanel requestId={detail.id} channelName={detail.channel_name} />
      ) : null}

      <ProposalPanel detail={detail} role={role} actions={actions} timeZone={timeZone} />
      {/* The session's actions on one row where they fit (deciding, moving, contacting), wrapping on a phone. */}
      <div className="session-actions">
        <RequestActions request={detail} actions={actions} side={role} />
        {moveRequest && actions.includes('reschedule') ? <div className="request-actions">{moveRequest(detail)}</div> : null}
        <div className="session-contact">
          <MessageOtherParty detail={detail} role={role} />
          {canAddToCalendar(detail, role, actions) ? <AddToCalendar requestId={detail.id} /> : null}
        </div>
      </div>
      {role === 'student' ? <CancelSeries detail={detail} now={now} /> : null}

      {detail.status === 'rejected' ? (
        <TeacherReasonPanel
          name="rejected"
          title={role === 'student' ? <Trans>The teacher could not take this session</Trans> : <Trans>You rejected this request</Trans>}
          reason={detail.reject_reason}
          reasonTestId="reject-reason"
        >
          {role === 'student' ? <BookAnotherTeacher subjectId={detail.subject.id} /> : null}
        </TeacherReasonPanel>
      ) : null}

      {teacherCanceled ? (
        <TeacherReasonPanel
          name="teacher-canceled"
          title={role === 'student' ? <Trans>The teacher cancelled this session</Trans> : <Trans>You cancelled this session</Trans>}
          reason={teacherCanceled.reason}
          reasonTestId="teacher-cancel-reason"
        >
          {role === 'student' ? (
            <>
              <p>
                {detail.paid_with === 'free_trial' ? (
                  <Trans>Your free trial session is available again.</Trans>
                ) : (
                  <Trans>Every hour of it went back to your balance.</Trans>
                )}
              </p>
              <BookAnotherTeacher subjectId={detail.subject.id} />
            </>
          ) : null}
        </TeacherReasonPanel>
      ) : null}

      <StatusTimeline detail={detail} now={now} role={role} timeZone={timeZone} />

      <LessonRating detail={detail} actions={actions} side={role} />
      {lessonIsOver(detail, now) ? <LessonReportSection detail={detail} role={role} now={now} /> : null}
    </>
  );
}

/** A request the teacher ended (rejected, or cancelled once booked): what happened, their reason, what next. */
function TeacherReasonPanel({
  name,
  title,
  reason,
  reasonTestId,
  children,
}: {
  name: 'rejected' | 'teacher-canceled';
  title: ReactNode;
  reason: string | null | undefined;
  reasonTestId: string;
  children: ReactNode;
}) {
  return (
    <section className="session-rejected" aria-labelledby={`${name}-title`} data-testid={`${name}-panel`}>
      <h2 id={`${name}-title`}>{title}</h2>
      {reason ? (
        <blockquote className="session-rejected-reason">
          <p className="muted small">
            <Trans>The teacher's reason:</Trans>
          </p>
          <p data-testid={reasonTestId}>{reason}</p>
        </blockquote>
      ) : null}
      {children}
    </section>
  );
}
