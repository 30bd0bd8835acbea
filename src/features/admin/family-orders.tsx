// A family's orders in support's view: each with its status in words, its receipt (and the refund's)
// opened in place as the family reads it, and a refund through the gateway by the family's own rule,
// with a required reason. An order the rule refuses says why instead of offering the button.
import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { orderRefundSchema, type FamilyLookup } from '../../../contract/staff';
import type { Receipt } from '../../../contract/receipts';
import { isApiError } from '../../api/api-error';
import { formatMinor } from '../../domain/money';
import { formatDateTime } from '../../domain/time';
import { Button } from '../../ui/button';
import { Field } from '../../ui/field';
import { FormError } from '../../ui/form-error';
import { LoadState } from '../../ui/load-state';
import { TextArea } from '../../ui/text-area';
import { toast } from '../../ui/toast-store';
import { refreshConsole, receiptQuery, refundFamilyOrder } from './admin-api';
import { consoleMeta } from './console-errors';
import { dateTime } from './format';
import { orderStatusTexts, refundRefusalTexts } from './texts';

type Order = FamilyLookup['orders'][number];

export function FamilyOrders({ orders, phone }: { orders: readonly Order[]; phone: string }) {
  return (
    <section className="console-card" aria-labelledby="orders-title">
      <h2 id="orders-title">
        <Trans>Orders</Trans>
      </h2>
      {orders.length === 0 ? (
        <p className="muted">
          <Trans>No orders.</Trans>
        </p>
      ) : (
        <ul className="console-list console-orders">
          {orders.map((o) => (
            <OrderItem key={o.id} order={o} phone={phone} />
          ))}
        </ul>
      )}
    </section>
  );
}

function OrderItem({ order: o, phone }: { order: Order; phone: string }) {
  const { i18n } = useLingui();
  const locale = i18n.locale;
  const [open, setOpen] = useState<'payment' | 'refund' | null>(null);
  const [refunding, setRefunding] = useState(false);
  const known = orderStatusTexts[o.status as keyof typeof orderStatusTexts] as (typeof orderStatusTexts)['paid'] | undefined;
  const status = known ? i18n._(known) : o.status;
  const amount = formatMinor(o.amount_minor, o.currency, locale);
  const toggle = (kind: 'payment' | 'refund') => setOpen(open === kind ? null : kind);
  const id = o.id;
  const hours = o.hours;
  const refundedOn = dateTime(o.refunded_at, locale);
  const why = o.refund_refusal ? i18n._(refundRefusalTexts[o.refund_refusal]) : '';
  return (
    <li>
      <p>
        <strong>
          <Trans>
            Order {id}: {hours} hours, {amount}
          </Trans>
        </strong>{' '}
        <span className="console-badge">{status}</span>{' '}
        {o.refunded_at ? (
          <span className="console-badge">
            <Trans>Refunded on {refundedOn}</Trans>
          </span>
        ) : null}{' '}
        <span className="muted">{dateTime(o.created_at, locale)}</span>
      </p>
      <div className="console-actions">
        {o.status === 'paid' ? (
          <Button variant="ghost" className="button-small" aria-expanded={open === 'payment'} onClick={() => toggle('payment')}>
            <Trans>Receipt of order {id}</Trans>
          </Button>
        ) : null}
        {o.refunded_at ? (
          <Button variant="ghost" className="button-small" aria-expanded={open === 'refund'} onClick={() => toggle('refund')}>
            <Trans>Refund receipt of order {id}</Trans>
          </Button>
        ) : null}
        {o.refund_refusal === null ? (
          <Button variant="secondary" className="button-small" aria-expanded={refunding} onClick={() => setRefunding(!refunding)}>
            <Trans>Refund order {id}</Trans>
          </Button>
        ) : o.status === 'paid' && !o.refunded_at ? (
          <span className="muted">
            <Trans>No refund: {why}</Trans>
          </span>
        ) : null}
      </div>
      {open ? <ReceiptView orderId={o.id} kind={open} /> : null}
      {refunding && o.refund_refusal === null ? <RefundForm order={o} phone={phone} onDone={() => setRefunding(false)} /> : null}
    </li>
  );
}

function ReceiptView({ orderId, kind }: { orderId: number; kind: 'payment' | 'refund' }) {
  const receipt = useQuery(receiptQuery(orderId, kind));
  if (!receipt.data) return <LoadState failed={receipt.isError} failedText={<Trans>The receipt could not be loaded.</Trans>} />;
  return <ReceiptCard receipt={receipt.data} />;
}

function ReceiptCard({ receipt: r }: { receipt: Receipt }) {
  const { t, i18n } = useLingui();
  const locale = i18n.locale;
  const money = (major: number) => new Intl.NumberFormat(locale, { style: 'currency', currency: r.currency }).format(major);
  const number = r.number;
  const pkg = r.package_name;
  const hours = r.hours;
  const days = r.validity_days;
  const issued = formatDateTime(r.issued_at, locale, r.time_zone);
  return (
    <article className="console-receipt" aria-label={r.kind === 'refund' ? t`Refund receipt ${number}` : t`Receipt ${number}`}>
      <dl className="console-facts">
        <dt>
          <Trans context="receipt">Number</Trans>
        </dt>
        <dd dir="ltr" className="console-ltr">
          {r.number}
        </dd>
        <dt>
          <Trans context="receipt">Issued</Trans>
        </dt>
        <dd>{issued}</dd>
        <dt>
          <Trans context="receipt">Customer</Trans>
        </dt>
        <dd>
          {r.customer.name}{' '}
          <span dir="ltr" className="console-ltr">
            {r.customer.phone}
          </span>
        </dd>
        <dt>
          <Trans context="receipt">Package</Trans>
        </dt>
        <dd>
          <Trans>
            {pkg}: {hours} hours, valid {days} days
          </Trans>
        </dd>
        {r.discount > 0 ? (
          <>
            <dt>
              <Trans context="receipt">Discount</Trans>
            </dt>
            <dd>
              {money(r.discount)} {r.promo_code ? <span dir="ltr">({r.promo_code})</span> : null}
            </dd>
          </>
        ) : null}
        <dt>{r.kind === 'refund' ? <Trans context="receipt">Amount refunded</Trans> : <Trans context="receipt">Amount paid</Trans>}</dt>
        <dd>
          <strong>{money(r.amount)}</strong>
        </dd>
        <dt>
          <Trans context="receipt">Gateway reference</Trans>
        </dt>
        <dd dir="ltr" className="console-ltr">
          {r.gateway} · {r.payment_method} · {r.gateway_reference ?? '—'}
        </dd>
        <dt>
          <Trans context="receipt">Seller</Trans>
        </dt>
        <dd>{r.company.name}</dd>
      </dl>
    </article>
  );
}

function RefundForm({ order, phone, onDone }: { order: Order; phone: string; onDone: () => void }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<string[]>([]);
  const [refusal, setRefusal] = useState<string[]>([]);
  const refund = useMutation({
    mutationFn: (why: string) => refundFamilyOrder(order.id, why),
    // A refusal (409) is shown in the form; anything else goes to the console's toast.
    meta: consoleMeta([409]),
    onSettled: () => refreshConsole.family(queryClient, phone),
  });
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setRefusal([]);
    if (!orderRefundSchema.shape.reason.safeParse(reason).success) {
      setErrors([t`Write why the order is refunded.`]);
      return;
    }
    setErrors([]);
    try {
      const done = await refund.mutateAsync(reason.trim());
      const number = done.receipt_number;
      toast.show({ severity: 'success', summary: t`Order refunded`, detail: t`Refund receipt ${number}` });
      onDone();
    } catch (error) {
      if (isApiError(error) && error.status === 409 && error.serverMessage) setRefusal([error.serverMessage]);
    }
  };
  const id = order.id;
  return (
    <form className="form console-form" noValidate onSubmit={(e) => void submit(e)} aria-label={t`Refund order ${id}`}>
      <FormError messages={refusal} />
      <Field label={t`Reason for the refund (kept in the ledger and the audit log)`} required errors={errors}>
        {(control) => <TextArea {...control} rows={2} maxLength={500} value={reason} onChange={(e) => setReason(e.target.value)} />}
      </Field>
      <p className="muted">
        <Trans>The money goes back through the payment gateway and the package's hours leave the balance.</Trans>
      </p>
      <Button type="submit" disabled={refund.isPending}>
        <Trans>Confirm the refund</Trans>
      </Button>
    </form>
  );
}
