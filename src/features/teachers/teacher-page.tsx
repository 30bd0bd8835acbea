// A teacher's page (spec §2 teachers/{id}): the profile — name, description, subjects, phases, working
// hours, experience, rating and the latest evaluations — beside the booking panel, which the route
// gives (a student's booking form, or a sign-in prompt for anyone else).
import './teachers.css';
import { useEffect, useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { isApiError } from '../../api/api-error';
import { Avatar } from '../../domain/avatar';
import { Button } from '../../ui/button';
import { Spinner } from '../../ui/spinner';
import { formatDate, zoneTime } from '../../domain/time';
import { fullName, scriptLang } from './format';
import { AvailableNowBadge } from './available-badge';
import { LoadFailure } from './load-failure';
import { RatingStars } from './rating-stars';
import { TeacherIntroVideo } from './teacher-intro-video';
import { teacherQuery, type TeacherDetail } from '../../api/teachers';
import { WorkingHours } from './working-hours';

export interface TeacherPageProps {
  id: number;
  booking: (teacher: TeacherDetail) => ReactNode;
}

/** A titled list of a teacher's subjects or phases, as chips. */
function ChipList({ id, title, items }: { id: string; title: ReactNode; items: readonly { id: number; name: string }[] }) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <ul className="teacher-chips">
        {items.map((item) => (
          <li key={item.id} className="teacher-chip">
            {item.name}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Brings the booking panel into view and gives it the focus, so the keyboard and screen reader start there. */
function focusBookingPanel(behavior: ScrollBehavior): void {
  const panel = document.getElementById('book');
  panel?.scrollIntoView?.({ behavior, block: 'start' });
  panel?.focus({ preventScroll: true });
}

export function TeacherPage({ id, booking }: TeacherPageProps) {
  const { i18n } = useLingui();
  // Switching the language reads the teacher again (names and subjects are localized): meanwhile the
  // page stays as it was, booking panel and all, instead of a spinner that would unmount the booking.
  const query = useQuery({
    ...teacherQuery(id, i18n.locale),
    placeholderData: (previous: TeacherDetail | undefined) => (previous?.id === id ? previous : undefined),
  });
  const teacher = query.data;
  const loaded = teacher !== undefined;
  // Arriving at /teachers/{id}#book (a guest just signed in to book with this teacher): the
  // panel exists only once the teacher has loaded, so the browser's own jump to #book cannot find it.
  // The address is read once the teacher is there (the page opens fresh after the sign-in).
  useEffect(() => {
    if (loaded && window.location.hash === '#book') focusBookingPanel('auto');
  }, [loaded]);
  // The phone's "Book" bar steps aside while the booking panel is on screen: there it would only cover
  // the form's own Back and Next.
  const [panelShown, setPanelShown] = useState(false);
  useEffect(() => {
    const panel = loaded ? document.getElementById('book') : null;
    if (!panel || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(([entry]) => setPanelShown(entry?.isIntersecting ?? false));
    observer.observe(panel);
    return () => observer.disconnect();
  }, [loaded]);

  if (!teacher) {
    return (
      <section className="page container teacher-page" aria-busy={query.isPending || undefined}>
        {query.isError ? (
          <LoadFailure onRetry={() => void query.refetch()}>
            {isApiError(query.error) && query.error.status === 404 ? (
              <Trans>This teacher cannot be found.</Trans>
            ) : (
              <Trans>The teacher could not be loaded.</Trans>
            )}
          </LoadFailure>
        ) : (
          <Spinner />
        )}
      </section>
    );
  }

  const years = teacher.experience_years ?? 0;
  const firstName = <bdi>{teacher.first_name}</bdi>;
  const hoursZone = zoneTime(i18n, teacher.time_zone);
  return (
    <section className="page container teacher-page">
      <div className="teacher-layout">
        <article className="teacher-profile" aria-labelledby="teacher-name">
          <div className="teacher-card-head">
            <Avatar person={teacher} size="large" />
            <h1 id="teacher-name">
              <bdi>{fullName(teacher)}</bdi>
            </h1>
            <AvailableNowBadge available={teacher.available_now} />
          </div>
          <RatingStars average={teacher.rating.average} count={teacher.rating.count} />
          {teacher.experience_years !== null ? (
            <p>
              <Plural value={years} one="# year of experience" other="# years of experience" />
            </p>
          ) : null}
          {teacher.description ? (
            <p className="teacher-description" dir="auto" lang={scriptLang(teacher.description)}>
              {teacher.description}
            </p>
          ) : null}
          {teacher.video ? (
            <section aria-labelledby="teacher-video">
              <h2 id="teacher-video">
                <Trans>Intro video</Trans>
              </h2>
              <TeacherIntroVideo teacherId={teacher.id} version={teacher.video} name={fullName(teacher)} />
            </section>
          ) : null}
          <ChipList id="teacher-subjects" title={<Trans>Subjects</Trans>} items={teacher.subjects} />
          {teacher.phases.length ? <ChipList id="teacher-phases" title={<Trans>Phases</Trans>} items={teacher.phases} /> : null}
          <section aria-labelledby="teacher-hours">
            <h2 id="teacher-hours">
              {/* The hours are written on the teacher's own clock: its zone is named, whatever it is. */}
              <Trans>Working hours ({hoursZone})</Trans>
            </h2>
            <WorkingHours hours={teacher.working_hours} />
          </section>
          <section aria-labelledby="teacher-evaluations">
            <h2 id="teacher-evaluations">
              <Trans>Student evaluations</Trans>
            </h2>
            {teacher.evaluations.length ? (
              <ul className="teacher-evaluations">
                {teacher.evaluations.map((e, i) => (
                  <li key={`${e.at}-${i}`}>
                    <RatingStars average={e.rating} />
                    {e.comment ? (
                      <p dir="auto" lang={scriptLang(e.comment)}>
                        {e.comment}
                      </p>
                    ) : null}
                    <p className="muted">
                      <bdi>{e.student_first_name ?? ''}</bdi> · {formatDate(e.at, i18n.locale)}
                    </p>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="muted">
                <Trans>No evaluations yet.</Trans>
              </p>
            )}
          </section>
        </article>
        <div id="book" className="teacher-booking" tabIndex={-1}>
          {booking(teacher)}
        </div>
      </div>
      {/* On a phone the booking panel comes after every review: a "Book" bar stays at hand. */}
      <div className={`teacher-book-bar${panelShown ? ' teacher-book-bar-away' : ''}`}>
        <Button onClick={() => focusBookingPanel('smooth')}>
          {/* One piece of text: the button's gap (for icons) would otherwise open a second space before the name. */}
          <span>
            <Trans>Book with {firstName}</Trans>
          </span>
        </Button>
      </div>
    </section>
  );
}
