// Home's "sign in to book with {teacher}": a guest who opened a teacher's page was sent home
// (only students book); this banner names that teacher and leads to sign-in, which ends back on the
// teacher's page (the auth machine keeps the teacher: machines/auth/return-to.ts). Loaded only when
// home is opened with ?book=, so a plain visit to home does not pay for it.
import './book-with-banner.css';
import { Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { Avatar } from '../../domain/avatar';
import { fullName } from './format';
import { teacherQuery } from '../../api/teachers';

export interface BookWithBannerProps {
  teacherId: number;
  /** Called as the guest follows the link: remember the teacher for after the sign-in. */
  onSignIn: (teacherId: number) => void;
}

export function BookWithBanner({ teacherId, onSignIn }: BookWithBannerProps) {
  const { i18n } = useLingui();
  const teacher = useQuery(teacherQuery(teacherId, i18n.locale)).data;
  // A teacher who cannot be found (or not yet) is not offered: home stays as it always is.
  if (!teacher) return null;
  // Isolated: an Arabic name in an English sentence (or the reverse) keeps the "?" at the sentence's end.
  const name = <bdi>{fullName(teacher)}</bdi>;
  const firstName = <bdi>{teacher.first_name}</bdi>;
  return (
    <aside className="container book-with" aria-labelledby="book-with-title" data-testid="book-with-banner">
      <div className="book-with-card">
        <Avatar person={teacher} />
        <div className="book-with-text">
          <p id="book-with-title" className="book-with-title">
            <Trans>Booking a lesson with {name}?</Trans>
          </p>
          <p className="book-with-lead">
            <Trans>
              Lessons are booked from a student account. Sign in with your phone number and you come straight back to this teacher.
            </Trans>
          </p>
        </div>
        {/* The first name on the button keeps it to one line on a phone; the heading has the full name. */}
        <Link to="/sign-in" className="button button-primary book-with-action" onClick={() => onSignIn(teacher.id)}>
          <span>
            <Trans>Sign in to book with {firstName}</Trans>
          </span>
        </Link>
      </div>
    </aside>
  );
}
