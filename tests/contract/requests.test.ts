// Paying for a booking as the booking machine asks it (contract/requests.ts `canPay`, on the rule of
// contract/booking-cost.ts): package minutes, or the free trial for a session of up to one hour.
import { describe, expect, it } from 'vitest';
import { canPay } from '../../contract/requests';

describe('canPay', () => {
  it('uses package minutes, or the free trial for a session of up to one hour', () => {
    expect(canPay(2, { minutes_remaining: 120, free_trial_available: false })).toBe(true);
    expect(canPay(2, { minutes_remaining: 119, free_trial_available: true })).toBe(false);
    expect(canPay(1, { minutes_remaining: 0, free_trial_available: true })).toBe(true);
  });
});
