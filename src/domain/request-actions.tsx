// The buttons that change a request — approve and reject for its teacher, cancel (after a confirm
// dialog that says what happens to the hours) for its student — shared by the requests list and the
// session details. Which buttons appear is decided by the caller from the request machine (the
// server's `actions`); failures go to the error catalogue's toast through the query client.
import * as Dialog from '@radix-ui/react-dialog';
import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { RequestAction } from '../../contract/requests';
import { changeRequest, refreshAfterRequestChange, refundsOn, requestQuery, requestsKeys, type RequestChange, type RequestSummary } from '../api/requests';
import { Button } from '../ui/button';
import { requestActionTexts } from './request-status';
import { toast } from '../ui/toast-store';

export interface RequestActionsProps {
  request: Pick<RequestSummary, 'id' | 'duration_hours' | 'status'>;
  /** What the viewer may do now (from the request machine); only approve, reject and cancel are drawn here. */
  actions: readonly RequestAction[];
  /** Whose screen this is: names the buttons for assistive technology ("Approve request 12"). */
  label?: string;
}

export function RequestActions({ request, actions, label }: RequestActionsProps) {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const change = useMutation({
    mutationFn: (what: RequestChange) => changeRequest(request.id, what),
    onSuccess: (detail, what) => {
      queryClient.setQueryData(requestsKeys.detail(detail.id, i18n.locale), detail);
      const done = { approve: t`The request was approved.`, reject: t`The request was rejected.`, cancel: t`The request was canceled.` }[what];
      toast.show({ severity: 'success', summary: done });
    },
    // A refusal (409: another teacher was faster, a deadline passed) means our copy is old.
    onSettled: () => refreshAfterRequestChange(queryClient),
  });

  const shown = (['approve', 'reject', 'cancel'] as const).filter((a) => actions.includes(a));
  if (shown.length === 0) return null;
  const busy = change.isPending;
  const name = (action: RequestAction) => (label ? `${i18n._(requestActionTexts[action])} — ${label}` : undefined);

  return (
    <div className="request-actions">
      {shown.includes('approve') ? (
        <Button onClick={() => change.mutate('approve')} disabled={busy} aria-label={name('approve')} data-action="approve">
          {i18n._(requestActionTexts.approve)}
        </Button>
      ) : null}
      {shown.includes('reject') ? (
        <Button variant="secondary" onClick={() => change.mutate('reject')} disabled={busy} aria-label={name('reject')} data-action="reject">
          {i18n._(requestActionTexts.reject)}
        </Button>
      ) : null}
      {shown.includes('cancel') ? (
        <Dialog.Root open={confirming} onOpenChange={setConfirming}>
          <Dialog.Trigger asChild>
            <Button variant="secondary" disabled={busy} aria-label={name('cancel')} data-action="cancel">
              {i18n._(requestActionTexts.cancel)}
            </Button>
          </Dialog.Trigger>
          <Dialog.Portal>
            <Dialog.Overlay className="request-dialog-overlay" />
            <Dialog.Content className="request-dialog">
              <Dialog.Title className="request-dialog-title">
                <Trans>Cancel this request?</Trans>
              </Dialog.Title>
              <Dialog.Description asChild>
                <div>
                  <RefundNote id={request.id} hours={request.duration_hours} />
                </div>
              </Dialog.Description>
              <div className="request-dialog-actions">
                <Dialog.Close asChild>
                  <Button variant="ghost">
                    <Trans>Keep the request</Trans>
                  </Button>
                </Dialog.Close>
                <Button
                  onClick={() => {
                    setConfirming(false);
                    change.mutate('cancel');
                  }}
                  data-action="confirm-cancel"
                >
                  <Trans>Yes, cancel it</Trans>
                </Button>
              </div>
            </Dialog.Content>
          </Dialog.Portal>
        </Dialog.Root>
      ) : null}
    </div>
  );
}

/** What a cancel does to the payment, read from the machine (canceled refunds) and the request's detail. */
function RefundNote({ id, hours }: { id: number; hours: number }) {
  const { i18n } = useLingui();
  // The list has no payment method; the detail says whether the free trial paid for it.
  const detail = useQuery({ ...requestQuery(id, i18n.locale), meta: { silent: true } });
  if (!refundsOn('canceled')) {
    return (
      <p>
        <Trans>The hours of this session will not be returned.</Trans>
      </p>
    );
  }
  if (detail.data?.paid_with === 'free_trial') {
    return (
      <p data-testid="refund-note">
        <Trans>Your free trial session will be available again.</Trans>
      </p>
    );
  }
  return (
    <p data-testid="refund-note">
      <Plural value={hours} one="The # hour of this session will be returned to your balance." other="The # hours of this session will be returned to your balance." />
    </p>
  );
}
