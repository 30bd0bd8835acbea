// Which child used the family's hours: one line per child who has had lessons or hours (archived ones
// too, since their lessons stay in the history), each linking to that child's lessons in the requests
// list. The balance and the purchases are the family's; this is the booking side of the same hours.
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { childrenQuery } from '../../api/children';
import { ChildUsage } from '../../domain/child-label';

export function HoursByChild() {
  const { i18n, t } = useLingui();
  const children = useQuery(childrenQuery(i18n.locale, { includeArchived: true }));
  const used = (children.data ?? []).filter((c) => c.hours_used > 0 || c.lessons_taken > 0);
  // A family with one child, or none who has used anything yet, has nothing to tell apart.
  if ((children.data ?? []).length < 2 || used.length === 0) return null;
  return (
    <section className="hours-by-child" aria-labelledby="hours-by-child-title" data-testid="hours-by-child">
      <h2 id="hours-by-child-title">
        <Trans>Hours used by each child</Trans>
      </h2>
      <ul>
        {used.map((child) => {
          const name = `${child.first_name} ${child.last_name}`;
          return (
            <li key={child.id}>
              <strong dir="auto">{name}</strong>
              {child.archived ? (
                <span className="muted">
                  {' '}
                  (<Trans>archived</Trans>)
                </span>
              ) : null}
              <span className="muted">
                {' — '}
                <ChildUsage child={child} testId={`hours-by-child-${child.id}`} />
              </span>{' '}
              <Link
                to="/requests/{-$studentId}/{-$teacherId}/{-$requestId}"
                params={{}}
                search={{ child: child.id }}
                aria-label={t`${name}'s lessons`}
              >
                <Trans>Lessons</Trans>
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
