// Where a family's free trial stands, said the same way on the packages screen and the profile: still
// waiting for them; booked for a time while that booking is still ahead (a cancel, a rejection or an
// expiry gives it back, so it is not "used" yet); used only once that session is behind them.
import { Trans, useLingui } from '@lingui/react/macro';
import type { Balance } from '../../contract/packages';
import { zonedText } from './time';

export function FreeTrialLine({
  balance,
  testId,
}: {
  balance: Pick<Balance, 'free_trial_available' | 'free_trial_booking'>;
  testId: string;
}) {
  const { i18n } = useLingui();
  const booking = balance.free_trial_available ? null : (balance.free_trial_booking ?? null);
  const bookedFor = booking ? zonedText(i18n, booking.starts_at).local : '';
  return (
    <p className={balance.free_trial_available || booking ? 'free-trial free-trial-on' : 'free-trial'} data-testid={testId}>
      {balance.free_trial_available ? (
        <Trans>You have a free trial session waiting for you.</Trans>
      ) : booking?.status === 'pending' ? (
        <Trans>
          Free trial: booked for {bookedFor}, waiting for a teacher to accept. It comes back to you if the request is not accepted or you
          cancel it.
        </Trans>
      ) : booking ? (
        <Trans>Free trial: booked for {bookedFor}.</Trans>
      ) : (
        <Trans>Your free trial session has been used.</Trans>
      )}
    </p>
  );
}
