// The student's purchases, newest first, with each order's status, the promo code and discount it
// was bought with, a link to its receipt once paid, "Refund" while the server says the refund rule
// allows it, and "Refunded" with a link to the refund receipt after.
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { DEFAULT_TIME_ZONE } from '../../../contract/default-zone';
import { formatDate } from '../../domain/time';
import { formatMoney } from './format';
import { ordersQuery } from '../../api/packages';
import { RefundAction } from './refund-action';
import { orderFailureTexts, orderStatusTexts } from './texts';

export function OrderHistory() {
  const { i18n, t } = useLingui();
  const orders = useQuery(ordersQuery(i18n.locale));
  const [refusal, setRefusal] = useState<string | null>(null);
  // The columns' names: the table's head, and beside each value when phones stack the rows.
  const columns = { order: t`Order`, date: t`Date`, package: t`Package`, amount: t`Amount`, status: t`Status`, receipt: t`Receipt` };
  return (
    <section className="order-history" aria-labelledby="history-title">
      <h2 id="history-title">
        <Trans>Purchase history</Trans>
      </h2>
      {refusal ? (
        <p role="alert" className="order-refusal" data-testid="refund-refusal">
          {refusal}
        </p>
      ) : null}
      {orders.data && orders.data.length > 0 ? (
        <div className="table-scroll">
          <table className="history-table">
            <thead>
              <tr>
                {Object.values(columns).map((name) => (
                  <th key={name} scope="col">
                    {name}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {orders.data.map((order) => (
                <tr key={order.id} data-testid={`order-${order.id}`}>
                  <td data-label={columns.order}>{order.id}</td>
                  <td data-label={columns.date}>{formatDate(order.created_at, i18n.locale, DEFAULT_TIME_ZONE, 'long')}</td>
                  <td data-label={columns.package}>{order.package_name}</td>
                  <td data-label={columns.amount}>
                    <span>{formatMoney(order.amount, order.currency, i18n.locale)}</span>
                    {order.promo_code ? (
                      <span className="muted small order-discount">
                        {' '}
                        ·{' '}
                        <Trans>
                          code <bdi>{order.promo_code}</bdi>, {formatMoney(order.discount, order.currency, i18n.locale)} off
                        </Trans>
                      </span>
                    ) : null}
                  </td>
                  <td data-label={columns.status}>
                    {order.refunded_at ? (
                      <span className="order-status order-status-refunded">
                        <Trans>Refunded</Trans>
                      </span>
                    ) : (
                      <span className={`order-status order-status-${order.status}`}>{i18n._(orderStatusTexts[order.status])}</span>
                    )}
                    {order.failure ? <span className="muted small"> · {i18n._(orderFailureTexts[order.failure])}</span> : null}
                    {order.refundable ? (
                      <span className="order-refund">
                        <RefundAction order={order} onRefused={setRefusal} />
                      </span>
                    ) : null}
                  </td>
                  <td data-label={columns.receipt}>
                    {order.receipt_number ? (
                      <Link to="/receipts/$orderId" params={{ orderId: String(order.id) }} aria-label={t`Receipt ${order.receipt_number}`}>
                        <bdi>{order.receipt_number}</bdi>
                      </Link>
                    ) : null}
                    {order.refund_receipt_number ? (
                      <span className="order-refund-receipt">
                        {' · '}
                        <Link to="/receipts/$orderId" params={{ orderId: String(order.id) }} search={{ kind: 'refund' }}>
                          <Trans>Refund receipt</Trans> <bdi>{order.refund_receipt_number}</bdi>
                        </Link>
                      </span>
                    ) : null}
                    {order.receipt_number ? null : <span className="muted">—</span>}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : orders.isError ? (
        <p className="muted">
          <Trans>Your purchases could not be loaded.</Trans>
        </p>
      ) : orders.isPending ? (
        <p className="muted">
          <Trans>Loading your purchases…</Trans>
        </p>
      ) : (
        <p className="muted">
          <Trans>No purchases yet.</Trans>
        </p>
      )}
    </section>
  );
}
