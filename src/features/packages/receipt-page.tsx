// A paid order's receipt as a print-ready page in the reader's language (right-to-left in Arabic):
// the seller, the receipt's number and date with its zone, the buyer, what was bought at which price
// with which code, and how it was paid. "Download PDF" opens the browser's print dialog, whose
// "Save as PDF" makes the file; the print style leaves out the site's header, footer and buttons.
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { Receipt } from '../../../contract/receipts';
import { Button } from '../../ui/button';
import { formatDateTime, zoneTime } from '../../domain/time';
import { formatMoney } from './format';
import { receiptQuery, type ReceiptKind } from '../../api/packages';
import '../../ui/print-document.css';

function issuedAt(receipt: Receipt, locale: string): string {
  return formatDateTime(receipt.issued_at, locale, receipt.time_zone, 'long');
}

function Line({ label, children, testId }: { label: string; children: React.ReactNode; testId?: string }) {
  return (
    <tr>
      <th scope="row">{label}</th>
      <td data-testid={testId}>{children}</td>
    </tr>
  );
}

export function ReceiptPage({ orderId, kind = 'payment' }: { orderId: number; kind?: ReceiptKind }) {
  const { i18n, t } = useLingui();
  const receipt = useQuery({ ...receiptQuery(orderId, i18n.locale, kind), enabled: orderId > 0 });
  const methods: Record<string, string> = { card: t`Card`, apple_pay: t`Apple Pay`, naps: t`NAPS debit card` };
  const gateways: Record<string, string> = { sandbox: t`Test payment (sandbox)`, tap: t`Tap Payments` };

  if (orderId <= 0 || receipt.isError) {
    return (
      <section className="print-page">
        <h1>
          <Trans>Receipt</Trans>
        </h1>
        <p role="alert">
          <Trans>There is no receipt for this order.</Trans>
        </p>
        <Link to="/packages">
          <Trans>Back to packages</Trans>
        </Link>
      </section>
    );
  }
  if (!receipt.data) {
    return (
      <section className="print-page" aria-busy="true">
        <p className="muted">
          <Trans>Loading the receipt…</Trans>
        </p>
      </section>
    );
  }
  const r = receipt.data;
  const money = (amount: number) => formatMoney(amount, r.currency, i18n.locale);
  const refund = r.kind === 'refund';
  return (
    <section className="print-page">
      <div className="print-actions no-print">
        <Button onClick={() => window.print()}>
          <Trans>Download PDF</Trans>
        </Button>
        <Link to="/packages">
          <Trans>Back to packages</Trans>
        </Link>
      </div>
      <article className="print-document" aria-labelledby="receipt-title" data-testid="receipt">
        <header className="print-header">
          <p className="print-title-line">{r.company.name}</p>
          <p>{r.company.address}</p>
          <p>
            <Trans>Commercial registration: {r.company.registration_number}</Trans>
          </p>
          {r.company.tax_number ? (
            <p>
              <Trans>Tax number: {r.company.tax_number}</Trans>
            </p>
          ) : null}
          <p>
            <bdi>{r.company.email}</bdi> · <bdi dir="ltr">{r.company.phone}</bdi>
          </p>
        </header>
        <h1 id="receipt-title">
          {r.kind === 'refund' ? <Trans>Refund receipt</Trans> : <Trans>Receipt</Trans>} <bdi data-testid="receipt-number">{r.number}</bdi>
        </h1>
        <table className="print-table">
          <tbody>
            <Line label={t`Date`}>
              {issuedAt(r, i18n.locale)} <span className="muted">{zoneTime(i18n, r.time_zone)}</span>
            </Line>
            <Line label={t`Order`}>{r.order_id}</Line>
            <Line label={t`Customer`}>
              {r.customer.name} · <bdi dir="ltr">{r.customer.phone}</bdi>
            </Line>
            <Line label={t`Package`}>
              {r.package_name} · <Plural value={r.hours} one="# hour" other="# hours" /> ·{' '}
              <Plural value={r.validity_days} one="valid # day" other="valid # days" />
            </Line>
            <Line label={t`List price`}>{money(r.list_price)}</Line>
            <Line label={t`Promo code`}>{r.promo_code ? <bdi>{r.promo_code}</bdi> : t`None`}</Line>
            <Line label={t`Discount`} testId="receipt-discount">
              {money(r.discount)}
            </Line>
            <Line label={refund ? t`Amount refunded` : t`Amount paid`} testId="receipt-amount">
              <strong>{money(r.amount)}</strong>
            </Line>
            <Line label={refund ? t`Refunded to` : t`Payment method`}>
              {methods[r.payment_method] ?? r.payment_method} · {gateways[r.gateway] ?? r.gateway}
            </Line>
            <Line label={refund ? t`Refund reference` : t`Payment reference`}>
              {r.gateway_reference ? <bdi dir="ltr">{r.gateway_reference}</bdi> : '—'}
            </Line>
          </tbody>
        </table>
      </article>
    </section>
  );
}
