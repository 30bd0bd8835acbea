// The buttons that change a request — approve, and reject (after a confirm dialog with an optional
// reason the student reads) for its teacher, cancel (after a confirm dialog that says what happens to
// the hours) for its student, and for the teacher of a booked session "Cancel this session" with a
// required reason (./teacher-cancel.tsx) — shared by the requests list and the session details; and the way on
// for a student whose request was rejected: book another teacher of the same subject. Which buttons appear is decided by the caller from the request machine (the
// server's `actions`); failures go to the error catalogue's toast through the query client.
import { useId, useState } from 'react';
import { Link } from '@tanstack/react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { REJECT_REASON_MAX_LENGTH, type RequestAction } from '../../contract/requests';
import { api } from '../api/client';
import {
  putRequest,
  changeRequest,
  refreshAfterRequestChange,
  requestQuery,
  type RequestChange,
  type RequestSummary,
} from '../api/requests';
import { refundsOn } from './request-state';
import { Button } from '../ui/button';
import { ConfirmDialog } from '../ui/confirm-dialog';
import { TextArea } from '../ui/text-area';
import { requestActionTexts } from './request-status';
import { toast } from '../ui/toast-store';
import { TeacherCancel } from './teacher-cancel';

export interface RequestActionsProps {
  request: Pick<RequestSummary, 'id' | 'duration_hours' | 'status'>;
  /** What the viewer may do now (from the request machine); only approve, reject and cancel are drawn here. */
  actions: readonly RequestAction[];
  /** Whose screen this is: names the buttons for assistive technology ("Approve request 12"). */
  label?: string;
  /** The viewer's side: a teacher's cancel asks for the reason the family reads. */
  side?: 'student' | 'teacher';
}

export function RequestActions({ request, actions, label, side = 'student' }: RequestActionsProps) {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  // At most one confirm dialog is open: reject's or cancel's.
  const [dialog, setDialog] = useState<'reject' | 'cancel' | null>(null);
  const [reason, setReason] = useState('');
  const reasonId = useId();
  const change = useMutation({
    mutationFn: ({ what, reason: why }: { what: Exclude<RequestChange, 'end'>; reason?: string }) =>
      changeRequest(request.id, what, api, what === 'reject' ? { reason: why ?? '' } : undefined),
    onSuccess: (detail, { what }) => {
      putRequest(queryClient, detail, i18n.locale);
      const done = { approve: t`The request was approved.`, reject: t`The request was rejected.`, cancel: t`The request was canceled.` }[
        what
      ];
      toast.show({ severity: 'success', summary: done });
    },
    // A refusal (409: another teacher was faster, a deadline passed) means our copy is old.
    onSettled: () => refreshAfterRequestChange(queryClient),
  });

  const shown = (['approve', 'reject', 'cancel'] as const).filter((a) => actions.includes(a));
  if (shown.length === 0) return null;
  const busy = change.isPending;
  const name = (action: RequestAction) => (label ? `${i18n._(requestActionTexts[action])} — ${label}` : undefined);
  // Reject and cancel open their confirm dialog first; its button confirms and closes it.
  const dialogOf = (action: 'reject' | 'cancel') => ({
    open: dialog === action,
    onOpenChange: (open: boolean) => setDialog(open ? action : null),
    trigger: (
      <Button variant="danger" disabled={busy} aria-label={name(action)} data-action={action}>
        {i18n._(requestActionTexts[action])}
      </Button>
    ),
    keepLabel: <Trans>Keep the request</Trans>,
    confirmProps: { 'data-action': `confirm-${action}` },
  });

  return (
    <div className="request-actions">
      {shown.includes('approve') ? (
        <Button onClick={() => change.mutate({ what: 'approve' })} disabled={busy} aria-label={name('approve')} data-action="approve">
          {i18n._(requestActionTexts.approve)}
        </Button>
      ) : null}
      {shown.includes('reject') ? (
        <ConfirmDialog
          {...dialogOf('reject')}
          title={<Trans>Reject this request?</Trans>}
          description={
            <p>
              <Trans>The student is told and gets back what they paid with. They can then book another teacher.</Trans>
            </p>
          }
          confirmLabel={<Trans>Yes, reject it</Trans>}
          onConfirm={() => {
            setDialog(null);
            change.mutate({ what: 'reject', reason: reason.trim() });
          }}
        >
          <div className="field">
            <label htmlFor={reasonId} className="field-label">
              <Trans>A reason for the student (optional)</Trans>
            </label>
            <TextArea
              id={reasonId}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              rows={3}
              maxLength={REJECT_REASON_MAX_LENGTH}
              placeholder={t`For example: I am not available that week.`}
            />
          </div>
        </ConfirmDialog>
      ) : null}
      {shown.includes('cancel') && side === 'teacher' ? <TeacherCancel requestId={request.id} label={label} /> : null}
      {shown.includes('cancel') && side === 'student' ? (
        <ConfirmDialog
          {...dialogOf('cancel')}
          title={<Trans>Cancel this request?</Trans>}
          description={<RefundNote id={request.id} hours={request.duration_hours} />}
          confirmLabel={<Trans>Yes, cancel it</Trans>}
          onConfirm={() => {
            setDialog(null);
            change.mutate({ what: 'cancel' });
          }}
        />
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
      <Plural
        value={hours}
        one="The # hour of this session will be returned to your balance."
        other="The # hours of this session will be returned to your balance."
      />
    </p>
  );
}

/** For the student of a rejected request: the teachers of the same subject, to choose another. */
export function BookAnotherTeacher({ subjectId }: { subjectId: number }) {
  return (
    <Link to="/teachers" search={{ subject: subjectId }} className="button button-primary" data-testid="book-another-teacher">
      <Trans>Book another teacher</Trans>
    </Link>
  );
}
