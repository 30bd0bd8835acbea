// What a booking costs: the one rule the booking review shows and the server applies (the review
// must say exactly what the server will do). A short session is paid by the free trial while the
// trial is unused; otherwise by package hours, counted in whole minutes; otherwise it cannot be paid.
// The trial goes first so a family never spends paid hours on a session the product promised free
// (docs/decisions.md, Money, "What a booking costs").
import { FREE_TRIAL_MAX_HOURS } from './request-values';

/** The balance the rule reads: the wire's `minutes_remaining` and `free_trial_available`. */
export interface CostBalance {
  minutes_remaining: number;
  free_trial_available: boolean;
}

export type BookingCost =
  | { pay: 'free_trial'; minutes: 0; minutesLeft: number }
  | { pay: 'hours'; minutes: number; minutesLeft: number }
  | { pay: 'none'; minutes: number; minutesShort: number };

/** How a booking of `durationHours` is paid from `balance`, and what is left after it. */
export function bookingCost(durationHours: number, balance: CostBalance): BookingCost {
  const minutes = Math.round(durationHours * 60);
  const held = Math.max(0, Math.floor(balance.minutes_remaining));
  if (balance.free_trial_available && durationHours > 0 && durationHours <= FREE_TRIAL_MAX_HOURS) {
    return { pay: 'free_trial', minutes: 0, minutesLeft: held };
  }
  if (held >= minutes) return { pay: 'hours', minutes, minutesLeft: held - minutes };
  return { pay: 'none', minutes, minutesShort: minutes - held };
}
