// "Refund" on a refundable order of the purchase history: a confirm dialog that says what happens
// (the package's hours leave the balance, the amount goes back to the means of payment it was paid
// with), then the refund; the balance and the history are read again either way, so a refusal (the
// hours were just used, the window closed) shows the order as it now is, with the reason.
import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { REFUND_REFUSALS, type Order, type RefundRefusal } from '../../../contract/packages';
import { isApiError } from '../../api/api-error';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { toast } from '../../ui/toast-store';
import { formatMoney } from './format';
import { refreshPackages, refundOrder } from '../../api/packages';
import { refundFailed, refundRefusalTexts } from './texts';

function refusalCode(error: unknown): RefundRefusal | null {
  if (!isApiError(error)) return null;
  const code = error.failure.code;
  return (REFUND_REFUSALS as readonly string[]).includes(code ?? '') ? (code as RefundRefusal) : null;
}

export function RefundAction({ order, onRefused }: { order: Order; onRefused: (text: string) => void }) {
  const { i18n, t } = useLingui();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const refund = useMutation({
    mutationFn: () => refundOrder(order.id),
    meta: { handledStatuses: [404, 409, 502] },
  });
  const amount = formatMoney(order.amount, order.currency, i18n.locale);
  const hours = order.hours;

  const confirm = async () => {
    try {
      const { message } = await refund.mutateAsync();
      setOpen(false);
      toast.show({ severity: 'success', summary: t`Package refunded`, detail: message });
    } catch (error) {
      setOpen(false);
      const code = refusalCode(error);
      onRefused(code ? i18n._(refundRefusalTexts[code]) : i18n._(refundFailed));
    } finally {
      void refreshPackages(queryClient);
    }
  };

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button variant="danger" aria-label={t`Refund order ${order.id}`} data-testid={`refund-${order.id}`}>
          <Trans>Refund</Trans>
        </Button>
      }
      title={<Trans>Refund {order.package_name}?</Trans>}
      description={
        <>
          <p>
            <Plural
              value={hours}
              one="The package's # hour will be removed from your balance."
              other="The package's # hours will be removed from your balance."
            />{' '}
            <Trans>
              <bdi>{amount}</bdi> will be returned to the card or account you paid with; your bank may take a few days to show it.
            </Trans>
          </p>
          <p>
            <Trans>You will get a refund receipt. This cannot be undone.</Trans>
          </p>
        </>
      }
      keepLabel={<Trans>Keep the package</Trans>}
      confirmLabel={<Trans>Refund {amount}</Trans>}
      onConfirm={() => void confirm()}
      confirmProps={{ disabled: refund.isPending, 'aria-busy': refund.isPending || undefined, 'data-testid': 'refund-confirm' }}
    />
  );
}
