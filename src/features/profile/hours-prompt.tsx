// The prompt an active teacher without working hours sees on the profile and requests pages:
// nobody can book them and they are not listed until they set their hours (docs/decisions.md).
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { profileQuery } from '../../api/profile';

export function HoursPrompt({ onProfile = false }: { onProfile?: boolean }) {
  const { i18n } = useLingui();
  const profile = useQuery(profileQuery(i18n.locale)).data;
  if (!profile?.is_teacher || profile.status !== 'active' || profile.working_hours.length > 0) return null;
  return (
    <div className="hours-prompt" role="status" data-testid="hours-prompt">
      <p>
        <Trans>You have no working hours yet, so students cannot find or book you.</Trans>{' '}
        {onProfile ? (
          <a href="#working-hours">
            <Trans>Set your working hours below.</Trans>
          </a>
        ) : (
          <Link to="/profile" hash="working-hours">
            <Trans>Set your working hours on your profile.</Trans>
          </Link>
        )}
      </p>
    </div>
  );
}
