// The student's balance: hours remaining with their earliest expiry, and whether the free trial
// session is still available — or, while a booking it pays for is still ahead, booked for that time
// (it is given back if that booking is canceled, rejected or expires, so it is not "used" yet).
import { useQuery } from '@tanstack/react-query';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { balanceQuery } from '../../api/packages';
import { LoadState } from '../../ui/load-state';
import { DEFAULT_TIME_ZONE } from '../../../contract/default-zone';
import { formatDate } from '../../domain/time';
import { FreeTrialLine } from '../../domain/free-trial';

export function BalancePanel() {
  const { i18n } = useLingui();
  const balance = useQuery(balanceQuery());
  const data = balance.data;
  const hours = data?.hours_remaining ?? 0;
  const until = data?.expires_at ? formatDate(data.expires_at, i18n.locale, DEFAULT_TIME_ZONE, 'long') : '';
  return (
    <section className="balance-panel" aria-labelledby="balance-title" aria-busy={balance.isPending || undefined}>
      <h2 id="balance-title">
        <Trans>Your balance</Trans>
      </h2>
      {data ? (
        <>
          <p className="balance-hours" data-testid="balance-hours" data-hours={data.hours_remaining}>
            <Plural value={hours} one="# hour remaining" other="# hours remaining" />
          </p>
          {data.expires_at ? (
            <p className="muted">
              <Trans>Use them by {until}</Trans>
            </p>
          ) : (
            <p className="muted">
              <Trans>Choose a package below to add hours.</Trans>
            </p>
          )}
          <FreeTrialLine balance={data} testId="free-trial" />
        </>
      ) : (
        <LoadState
          failed={balance.isError}
          failedText={<Trans>Your balance could not be loaded.</Trans>}
          loadingText={<Trans>Loading your balance…</Trans>}
        />
      )}
    </section>
  );
}
