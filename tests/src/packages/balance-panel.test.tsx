// @vitest-environment jsdom
// The free trial in the balance panel: available, booked for a time (pending or approved: not "used",
// since a cancel or a rejection gives it back), or used. Both languages; the profile's summary says
// the same.
import { cleanup, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Balance } from '../../../contract/packages';
import { BalancePanel } from '../../../src/features/packages/balance-panel';
import { StudentSummary } from '../../../src/features/profile/account-summary';
import { student } from '../profile/profile-fixtures';
import { cleanUpAfterEach, renderRouted } from '../helpers';

cleanUpAfterEach();

const base: Balance = { hours_remaining: 0, minutes_remaining: 0, expires_at: null, free_trial_available: false, free_trial_booking: null };

async function trialText(balance: Balance, locale: 'en' | 'ar' = 'en', where: 'packages' | 'profile' = 'packages'): Promise<string> {
  renderRouted({
    component: () => (where === 'packages' ? <BalancePanel /> : <StudentSummary profile={{ ...student, has_free_session: false }} />),
    locale,
    route: (url) =>
      url.endsWith('/v1/balance') ? { status: 200, json: { message: 'ok', data: balance } } : { status: 404, json: { message: 'no' } },
  });
  return (await screen.findByTestId(where === 'packages' ? 'free-trial' : 'free-session')).textContent ?? '';
}

describe('the free trial in the balance panel', () => {
  const startsAt = '2030-01-03T15:00:00.000Z';

  it('pending: booked for its time and comes back if not accepted, never "used"', async () => {
    const text = await trialText({ ...base, free_trial_booking: { status: 'pending', starts_at: startsAt } });
    expect(text).toMatch(/^Free trial: booked for .*2030.*waiting for a teacher to accept/);
    expect(text).not.toMatch(/used/);
  });

  it('approved: booked for its time', async () => {
    expect(await trialText({ ...base, free_trial_booking: { status: 'approved', starts_at: startsAt } })).toMatch(
      /^Free trial: booked for .*2030.*\.$/,
    );
  });

  it('in Arabic: «محجوزة يوم …», not «استُخدمت»', async () => {
    const text = await trialText({ ...base, free_trial_booking: { status: 'pending', starts_at: startsAt } }, 'ar');
    expect(text).toMatch(/^الحصة التجريبية المجانية: محجوزة يوم /);
  });

  it('without a booking ahead it is used', async () => {
    expect(await trialText(base)).toBe('Your free trial session has been used.');
  });

  it('when available it waits', async () => {
    expect(await trialText({ ...base, free_trial_available: true })).toBe('You have a free trial session waiting for you.');
  });

  it('on the profile too, a pending trial is booked, not used', async () => {
    const text = await trialText({ ...base, free_trial_booking: { status: 'pending', starts_at: startsAt } }, 'en', 'profile');
    expect(text).toMatch(/^Free trial: booked for .*2030.*waiting for a teacher to accept/);
    cleanup();
    expect(await trialText(base, 'en', 'profile')).toBe('Your free trial session has been used.');
  });
});
