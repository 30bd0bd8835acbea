// Attendance of a session that has started: for the student and the teacher, whether they joined, the
// minutes in the call and the minutes lost to reconnection — so a parent can see the session took place.
// Shown on the session details and on the live session's end screen; each reads it its own way.
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { Attendance } from '../../contract/sessions';
import { didNotJoin, genderKey, studentLabel, teacherLabel } from './teacher-gender';
import './attendance.css';

export function AttendanceList({ attendance }: { attendance: Attendance }) {
  const { i18n } = useLingui();
  const roleLabel = { student: studentLabel, teacher: teacherLabel };
  return (
    <section className="session-attendance" aria-labelledby="attendance-title" data-testid="attendance">
      <h2 id="attendance-title">
        <Trans>Attendance</Trans>
      </h2>
      <ul className="attendance-list">
        {attendance.participants.map((p) => {
          const present = p.minutes_present;
          const lost = p.minutes_lost_to_reconnection;
          const gender = genderKey(p.gender);
          return (
            <li key={p.role}>
              <strong>
                {i18n._(roleLabel[p.role](gender))}: <bdi>{p.first_name}</bdi>
              </strong>{' '}
              {p.first_joined_at === null ? (
                <span className="muted">{i18n._(didNotJoin(gender))}</span>
              ) : (
                <span>
                  {/* Joined, but for under half a minute: there, not "0 minutes". */}
                  {present === 0 ? (
                    <Trans>less than a minute in the session</Trans>
                  ) : (
                    <Plural value={present} one="# minute in the session" other="# minutes in the session" />
                  )}
                  {lost > 0 ? (
                    <>
                      {' · '}
                      <Plural value={lost} one="# minute lost to reconnection" other="# minutes lost to reconnection" />
                    </>
                  ) : null}
                </span>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
