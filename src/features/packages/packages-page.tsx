// The packages screen (students only, spec §2, §6): the balance, the time packages with an
// institutional option, the order with its promo code, the payment result on return from checkout
// (spec §8), and the purchase history. After a payment that did not go through, the failed order's
// package and promo code are chosen again (read back from the history), so trying another card is
// one step. A payment the bank has not confirmed yet is said to be confirming, and the page asks
// about its order every few seconds until the gateway's webhook settles it.
import './packages.css';
import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Order } from '../../../contract/packages';
import type { PaymentResult as Result } from '../../../contract/payment-results';
import { BalancePanel } from './balance-panel';
import { CheckoutPanel } from './checkout-panel';
import { InstitutionalCard } from './institutional-card';
import { HoursByChild } from './hours-by-child';
import { OrderHistory } from './order-history';
import { PackageCard } from './package-card';
import { ordersQuery, packagesQuery, refreshBalance, refreshPackages, type TimePackage } from '../../api/packages';
import { PaymentResult } from './payment-result';
import { LoadState } from '../../ui/load-state';

export interface PackagesPageProps {
  /** `?payment=` on return from the checkout. */
  payment?: Result | undefined;
  /** `?order=` on return from the checkout: the order the payment was for. */
  order?: number | undefined;
  /** Called once the result is on screen, so the route can drop it from the address. */
  onPaymentSeen?: () => void;
  goToCheckout?: (url: string) => void;
}

const leaveForCheckout = (url: string) => window.location.assign(url);

/** How often the page asks again about a payment the bank has not confirmed, and for how long. */
export const PENDING_POLL_MS = 3_000;
const PENDING_POLLS = 200; // ten minutes; after that the notification says when it settles

/** What a watched order's status means for the message: settled one way or the other, or not yet. */
function settledAs(status: Order['status'] | undefined): Result | undefined {
  if (status === 'paid') return 'success';
  if (status === 'failed' || status === 'expired') return 'failed';
  return undefined;
}

export function PackagesPage({ payment, order, onPaymentSeen, goToCheckout = leaveForCheckout }: PackagesPageProps) {
  const { i18n } = useLingui();
  const queryClient = useQueryClient();
  const packages = useQuery(packagesQuery(i18n.locale));
  const [result, setResult] = useState<Result | undefined>(payment);
  const [chosen, setChosen] = useState<TimePackage | null>(null);
  // Set only by the reader's own choice, so a restored order does not pull the page down on arrival.
  const [chosenByHand, setChosenByHand] = useState(false);
  // The order the return was about, read back from the history when it failed or is being confirmed.
  const [returnedId, setReturnedId] = useState<number | undefined>(payment === 'success' ? undefined : order);
  const [watching, setWatching] = useState(payment === 'pending');
  const orders = useQuery({
    ...ordersQuery(i18n.locale),
    enabled: returnedId !== undefined,
    // Until the gateway's webhook settles the order; each answer is the server's word on it.
    refetchInterval: (query) => {
      if (!watching || query.state.dataUpdateCount >= PENDING_POLLS) return false;
      return settledAs(query.state.data?.find((o) => o.id === returnedId)?.status) ? false : PENDING_POLL_MS;
    },
  });
  const returned = returnedId === undefined ? undefined : orders.data?.find((o) => o.id === returnedId);
  const settled = watching ? settledAs(returned?.status) : undefined;
  const shown = settled ?? result;
  const failedOrder = shown === 'failed' ? returned : undefined;

  // Kept after the route drops `?payment` from the address (adjusting state while rendering, not in an effect).
  if (payment && payment !== result) {
    setResult(payment);
    setReturnedId(payment === 'success' ? undefined : order);
    setWatching(payment === 'pending');
  }
  // The failed order's package is chosen again once both lists are here (again while rendering).
  if (failedOrder && !chosen && packages.data) {
    const again = packages.data.find((p) => p.id === failedOrder.package_id);
    if (again) setChosen(again);
  }
  const choose = (pkg: TimePackage) => {
    setChosen(pkg);
    setChosenByHand(true);
  };
  const restoredCode = failedOrder && chosen?.id === failedOrder.package_id ? (failedOrder.promo_code ?? undefined) : undefined;

  useEffect(() => {
    if (!payment) return;
    // The payment changed the balance and the history on the server: read them again.
    void refreshPackages(queryClient);
    onPaymentSeen?.();
  }, [payment, queryClient, onPaymentSeen]);

  useEffect(() => {
    // Confirmed while the page watched: the hours arrived, so the balance is read again.
    if (settled === 'success') void refreshBalance(queryClient);
  }, [settled, queryClient]);

  return (
    <section className="page container packages-page">
      <h1>
        <Trans>Time packages</Trans>
      </h1>
      <p className="lead">
        <Trans>Buy hours for live lessons with our teachers. The more hours, the less each one costs.</Trans>
      </p>
      {shown ? <PaymentResult result={shown} failure={failedOrder?.failure ?? null} /> : null}

      <BalancePanel />

      <section aria-labelledby="packages-list-title">
        <h2 id="packages-list-title">
          <Trans>Choose a package</Trans>
        </h2>
        {packages.data ? (
          <ul className="package-grid">
            {packages.data.map((pkg) => (
              <PackageCard key={pkg.id} pkg={pkg} selected={chosen?.id === pkg.id} onChoose={choose} />
            ))}
            <InstitutionalCard />
          </ul>
        ) : (
          <LoadState failed={packages.isError} failedText={<Trans>The packages could not be loaded. Please try again later.</Trans>} />
        )}
      </section>

      {chosen ? (
        <CheckoutPanel key={chosen.id} pkg={chosen} goToCheckout={goToCheckout} initialCode={restoredCode} bringIntoView={chosenByHand} />
      ) : null}

      <HoursByChild />
      <OrderHistory />
    </section>
  );
}
