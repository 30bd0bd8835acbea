// The student's remaining hours in the header, a link to the packages screen. Loaded lazily by the
// header (src/app/header.tsx) only for a signed-in student, so visitors never download it. It reads the
// same cache entry as the packages and profile screens, so a payment updates all three. Silent on
// failure: a missing badge is no reason for an error toast on every page. With no hours and the free
// trial still unused it says "Free trial" instead of "no hours".
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Plural, Trans } from '@lingui/react/macro';
import { balanceQuery } from '../../api/packages';
import './header-balance.css';

export function HeaderBalance() {
  const balance = useQuery({ ...balanceQuery(), meta: { silent: true } });
  if (!balance.data) return null;
  const hours = balance.data.hours_remaining;
  // No hours but the free trial still open: say what the student can do, not «no hours».
  if (hours === 0 && balance.data.free_trial_available) {
    return (
      <Link to="/packages" className="header-balance" data-testid="header-balance" data-hours={hours} data-free-trial="true">
        <span className="visually-hidden">
          <Trans>Your balance:</Trans>{' '}
        </span>
        <Trans>Free trial</Trans>
      </Link>
    );
  }
  return (
    <Link to="/packages" className="header-balance" data-testid="header-balance" data-hours={hours}>
      <span className="visually-hidden">
        <Trans>Your balance:</Trans>{' '}
      </span>
      <Plural value={hours} one="# hour" other="# hours" />
    </Link>
  );
}
