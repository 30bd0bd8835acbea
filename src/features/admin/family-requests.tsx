// A family's lesson requests in support's view: subject, teacher, child, when and the status in words;
// for a session that took place, who came and for how long (lost minutes to reconnection apart).
import { Trans, useLingui } from '@lingui/react/macro';
import type { FamilyLookup } from '../../../contract/staff';
import { requestStatusTexts } from '../../domain/request-status';
import { dateTime } from './format';

type Request = FamilyLookup['requests'][number];

export function FamilyRequests({ requests }: { requests: readonly Request[] }) {
  const { t, i18n } = useLingui();
  const locale = i18n.locale;
  return (
    <section className="console-card" aria-labelledby="requests-title">
      <h2 id="requests-title">
        <Trans>Requests and sessions</Trans>
      </h2>
      {requests.length === 0 ? (
        <p className="muted">
          <Trans>No requests.</Trans>
        </p>
      ) : (
        <table className="console-table">
          <thead>
            <tr>
              <th scope="col">
                <Trans context="console">When</Trans>
              </th>
              <th scope="col">
                <Trans context="console">Lesson</Trans>
              </th>
              <th scope="col">
                <Trans context="console">Status</Trans>
              </th>
              <th scope="col">
                <Trans>Attendance</Trans>
              </th>
            </tr>
          </thead>
          <tbody>
            {requests.map((r) => {
              const known = requestStatusTexts[r.status as keyof typeof requestStatusTexts] as
                (typeof requestStatusTexts)['pending'] | undefined;
              const hours = r.duration_hours;
              const subject = r.subject;
              const teacher = r.teacher_name;
              const child = r.child_name;
              return (
                <tr key={r.id}>
                  <td data-label={t({ message: 'When', context: 'console' })}>{dateTime(r.starts_at, locale)}</td>
                  <td data-label={t({ message: 'Lesson', context: 'console' })}>
                    <Trans>
                      {subject} with {teacher}, {hours} h
                    </Trans>
                    {child ? (
                      <span className="console-previous">
                        <Trans>For {child}</Trans>
                      </span>
                    ) : null}
                  </td>
                  <td data-label={t({ message: 'Status', context: 'console' })}>{known ? i18n._(known) : r.status}</td>
                  <td data-label={t`Attendance`}>
                    {r.attendance === null ? (
                      '—'
                    ) : (
                      <ul className="console-plain-list">
                        {r.attendance.map((a) => {
                          const present = a.minutes_present;
                          const lost = a.minutes_lost_to_reconnection;
                          return (
                            <li key={a.role}>
                              {a.role === 'student' ? <Trans>Child</Trans> : <Trans context="console">Teacher</Trans>}:{' '}
                              {a.first_joined_at === null ? (
                                <Trans>did not join</Trans>
                              ) : a.minutes_lost_to_reconnection > 0 ? (
                                <Trans>
                                  {present} min present, {lost} min lost to reconnection
                                </Trans>
                              ) : (
                                <Trans>{present} min present</Trans>
                              )}
                            </li>
                          );
                        })}
                      </ul>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </section>
  );
}
