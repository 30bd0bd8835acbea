import { useCallback } from 'react';
import { createFileRoute } from '@tanstack/react-router';
import { PAYMENT_RESULTS, type PaymentResult } from '../../contract/payment-results';
import { PackagesPage } from '../features/packages/packages-page';
import { guardedPage, searchId } from '../app/route-options';
import { balanceQuery, ordersQuery, packagesQuery } from '../api/packages';
import { childrenQuery } from '../api/children';
import { apiOf, read, readAll } from '../api/client';

interface PackagesSearch {
  /** Set by the return from the payment page. */
  payment?: PaymentResult;
  order?: number;
}

export const Route = createFileRoute('/packages')({
  ...guardedPage('packages'),
  validateSearch: (search: Record<string, unknown>): PackagesSearch => {
    const payment = (PAYMENT_RESULTS as readonly unknown[]).includes(search.payment) ? (search.payment as PaymentResult) : undefined;
    const order = searchId(search.order);
    return { ...(payment ? { payment } : {}), ...(order ? { order } : {}) };
  },
  // The packages, the balance, the hours by child and the order history the page shows.
  loader: ({ context }) =>
    readAll([
      read(context, packagesQuery(context.locale(), apiOf(context))),
      read(context, balanceQuery(apiOf(context))),
      read(context, childrenQuery(context.locale(), { includeArchived: true }, apiOf(context))),
      read(context, ordersQuery(context.locale(), apiOf(context))),
    ]),
  component: PackagesRoute,
});

function PackagesRoute() {
  const { payment, order } = Route.useSearch();
  const navigate = Route.useNavigate();
  // Shown once: a reload or a shared link must not announce the payment again.
  const seen = useCallback(() => void navigate({ search: {}, replace: true }), [navigate]);
  return <PackagesPage payment={payment} order={order} onPaymentSeen={seen} />;
}
