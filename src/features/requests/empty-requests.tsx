// An empty request list says what it means and offers the next step: a student books a session (the
// teachers list); a teacher's first, empty list says where requests will come from. A teacher is not sent to set working hours from here: one who has hours needs none,
// and one without them sees the hours prompt above the list (the route's notice), which opens the
// profile's hours section.
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import type { RequestFilter } from '../../../contract/requests';
import { emptyTexts } from './texts';

export function EmptyRequests({ filter, role }: { filter: RequestFilter; role: 'student' | 'teacher' }) {
  const { i18n } = useLingui();
  return (
    <div className="requests-empty" data-testid="requests-empty">
      <p className="muted">{i18n._(emptyTexts[filter])}</p>
      {role === 'teacher' && filter === 'all' ? (
        <p className="muted">
          <Trans>When a family books you, or asks for a teacher of your subject and level, the request appears here at once.</Trans>
        </p>
      ) : null}
      {role === 'student' ? (
        <Link to="/teachers" className="button button-primary">
          <Trans>Book a session</Trans>
        </Link>
      ) : null}
    </div>
  );
}
