// The one rule for what a booking costs (contract/booking-cost.ts), as properties over every balance,
// trial state and duration: the trial pays a short session first, hours are never overspent, and
// the booking machine's "can pay" says the same as the rule.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bookingCost } from '../../contract/booking-cost';
import { FREE_TRIAL_MAX_HOURS, MAX_DURATION_HOURS, MIN_DURATION_HOURS, canPay } from '../../contract/requests';

const balances = fc.record({ minutes_remaining: fc.integer({ min: 0, max: 100 * 60 }), free_trial_available: fc.boolean() });
const durations = fc.integer({ min: MIN_DURATION_HOURS, max: MAX_DURATION_HOURS });

describe('bookingCost', () => {
  it('uses the free trial for a short session whenever it is unused, leaving the hours untouched', () => {
    fc.assert(
      fc.property(balances, durations, (balance, hours) => {
        const cost = bookingCost(hours, balance);
        const trial = balance.free_trial_available && hours <= FREE_TRIAL_MAX_HOURS;
        expect(cost.pay === 'free_trial').toBe(trial);
        if (cost.pay === 'free_trial') expect(cost.minutesLeft).toBe(balance.minutes_remaining);
      }),
    );
  });

  it('otherwise spends exactly the session in minutes when the hours cover it, and never goes below zero', () => {
    fc.assert(
      fc.property(balances, durations, (balance, hours) => {
        const cost = bookingCost(hours, balance);
        if (cost.pay === 'free_trial') return;
        expect(cost.minutes).toBe(hours * 60);
        if (balance.minutes_remaining >= hours * 60) {
          expect(cost).toEqual({ pay: 'hours', minutes: hours * 60, minutesLeft: balance.minutes_remaining - hours * 60 });
        } else {
          expect(cost).toEqual({ pay: 'none', minutes: hours * 60, minutesShort: hours * 60 - balance.minutes_remaining });
        }
      }),
    );
  });

  it('is what the booking machine asks before submitting', () => {
    fc.assert(
      fc.property(balances, durations, (balance, hours) => {
        expect(canPay(hours, balance)).toBe(bookingCost(hours, balance).pay !== 'none');
      }),
    );
  });

  it('with both the trial and hours, a one-hour session is free and a longer one is paid from the hours', () => {
    expect(bookingCost(1, { minutes_remaining: 180, free_trial_available: true })).toEqual({
      pay: 'free_trial',
      minutes: 0,
      minutesLeft: 180,
    });
    expect(bookingCost(2, { minutes_remaining: 180, free_trial_available: true })).toEqual({ pay: 'hours', minutes: 120, minutesLeft: 60 });
    expect(bookingCost(2, { minutes_remaining: 60, free_trial_available: true })).toEqual({ pay: 'none', minutes: 120, minutesShort: 60 });
  });
});
