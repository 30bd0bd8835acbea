// The student's hours and free trial, next to the booking form (the balance comes from the packages
// API through the route), with the way to buy more.
import { Link } from '@tanstack/react-router';
import { Plural, Trans } from '@lingui/react/macro';
import { FREE_TRIAL_MAX_HOURS } from '../../../contract/requests';
import type { BookingBalance as Balance } from '../../../machines/booking.machine';

export function BookingBalance({ balance }: { balance: Balance | undefined }) {
  if (!balance) return null;
  const hours = Math.floor(balance.minutes_remaining / 60);
  const minutes = balance.minutes_remaining % 60;
  return (
    <div className="booking-balance" data-testid="booking-balance">
      <p>
        <strong>
          {minutes ? (
            <Trans>
              Your balance: {hours} h {minutes} min
            </Trans>
          ) : (
            <Plural value={hours} _0="Your balance: no hours" one="Your balance: # hour" other="Your balance: # hours" />
          )}
        </strong>
      </p>
      {balance.free_trial_available ? (
        <p className="free-trial-on">
          <Plural
            value={FREE_TRIAL_MAX_HOURS}
            one="Your free trial covers a session of up to # hour."
            other="Your free trial covers a session of up to # hours."
          />
        </p>
      ) : null}
      <Link to="/packages">
        <Trans>Buy hours</Trans>
      </Link>
    </div>
  );
}
