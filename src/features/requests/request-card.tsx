// One request in the list: subject, status, the teacher (for the family), the child the lesson is for,
// when and how long, whether it came as an offer (a broadcast) — and the buttons the viewer may use now, plus the way to its details.
import { forwardRef } from 'react';
import { Link } from '@tanstack/react-router';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { RequestSummary } from '../../api/requests';
import { Avatar } from '../../domain/avatar';
import { genderKey, teacherLabel } from '../../domain/teacher-gender';
import { ForChild } from '../../domain/child-label';
import { BookAnotherTeacher, RequestActions } from '../../domain/request-actions';
import { RequestStatusBadge, requestTypeTexts } from '../../domain/request-status';
import { formatClock, formatSessionTime } from '../../domain/time';
import { ZonedTime } from '../../domain/zoned-time';
import { ExpiryCountdown } from './expiry-countdown';
import { Fact } from '../../ui/fact';

export interface RequestCardProps {
  request: RequestSummary;
  role: 'student' | 'teacher';
  /** The request the address points at (`requests/…/{requestId}`). */
  selected?: boolean;
}

export const RequestCard = forwardRef<HTMLElement, RequestCardProps>(function RequestCard({ request, role, selected = false }, ref) {
  const { t, i18n } = useLingui();
  const teacher = request.teacher;
  const teacherName = `${teacher.first_name} ${teacher.last_name}`.trim();
  const when = formatSessionTime(request.starts_at, i18n.locale);
  const endsAt = formatClock(request.ends_at, i18n.locale);
  const headingId = `request-${request.id}-title`;
  const hours = request.duration_hours;
  const id = request.id;
  return (
    <article
      ref={ref}
      tabIndex={selected ? -1 : undefined}
      className={`request-card${selected ? ' request-card-selected' : ''}${request.type === 'urgent' && request.status === 'pending' ? ' request-card-urgent' : ''}`}
      aria-labelledby={headingId}
      aria-current={selected ? 'true' : undefined}
      data-testid={`request-${request.id}`}
      data-status={request.status}
      data-taken={request.taken_by_other ? 'true' : undefined}
    >
      <header className="request-card-head">
        <h3 id={headingId}>{request.subject.name}</h3>
        <RequestStatusBadge status={request.status} taken={request.taken_by_other} />
      </header>
      <dl className="request-facts">
        {role === 'student' ? (
          <Fact term={i18n._(teacherLabel(genderKey(teacher.gender)))} valueClassName="request-person">
            {teacherName ? <Avatar person={teacher} /> : null}
            <bdi>{teacherName}</bdi>
          </Fact>
        ) : null}
        {/* The learner is the child: a teacher is never shown the family account's own name. */}
        <ForChild child={request.child} side={role} testId={`request-${id}-child`} />
        <Fact term={<Trans>When</Trans>} valueTestId={`request-${id}-time`}>
          <ZonedTime iso={request.starts_at} />
        </Fact>
        <Fact term={<Trans>Duration</Trans>}>
          <Plural value={hours} one="# hour" other="# hours" />
        </Fact>
        <Fact term={<Trans>Type</Trans>}>{i18n._(requestTypeTexts[request.type])}</Fact>
      </dl>
      {request.status === 'pending' && request.expires_at ? <ExpiryCountdown expiresAt={request.expires_at} /> : null}
      {request.taken_by_other ? (
        <p className="request-note" data-testid={`request-${id}-taken`}>
          <Trans>Another teacher accepted this request first. It is not one of your sessions.</Trans>
        </p>
      ) : role === 'teacher' && request.offered ? (
        <p className="request-note">
          <Trans>Offered to you and other teachers of the same level: the first to approve takes it.</Trans>
        </p>
      ) : role === 'teacher' && request.status === 'finished' && !request.has_report ? (
        // The teacher's list marks a finished lesson whose report is still to write.
        <p className="request-note request-note-todo" data-testid={`request-${id}-report-due`}>
          <Trans>The lesson report is still to write: open the session details to write it.</Trans>
        </p>
      ) : role === 'student' && request.broadcast && request.status === 'pending' ? (
        <p className="request-note">
          <Trans>Also sent to other teachers of the same level.</Trans>
        </p>
      ) : null}
      <div className="request-card-foot">
        {request.join_channel && !request.taken_by_other ? (
          // Join straight from the list while the session's window is open, with the time left.
          <Link
            to="/session/$channelName"
            params={{ channelName: request.join_channel }}
            className="button button-primary"
            data-testid={`join-${id}`}
          >
            <Trans>Join</Trans>
            <span className="request-time-left">
              {' · '}
              <Trans>until {endsAt}</Trans>
            </span>
          </Link>
        ) : null}
        <RequestActions request={request} actions={request.actions} label={t`request ${id}`} side={role} />
        {role === 'student' && request.status === 'rejected' ? <BookAnotherTeacher subjectId={request.subject.id} /> : null}
        <Link to="/session-details/$requestId" params={{ requestId: String(request.id) }} className="request-details-link">
          <Trans>Session details</Trans>
          <span className="visually-hidden">
            {' '}
            — {request.subject.name}, {when}
          </span>
        </Link>
      </div>
    </article>
  );
});
