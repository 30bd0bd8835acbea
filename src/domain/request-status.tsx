// How a request's status, type and actions read on screen, shared by the requests list and the
// session details: the status as a badge with a symbol and its word (never colour alone), and the
// labels as message descriptors so each text appears once in the catalogs.
import './request.css';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';
import type { RequestAction, RequestStatus, RequestType } from '../../contract/requests';
import { Icon, type IconName } from './icon';

/** The spec's labels (pending, approved, rejected, finished) plus canceled and expired. */
export const requestStatusTexts: Record<RequestStatus, MessageDescriptor> = {
  pending: msg`Pending`,
  approved: msg`Approved`,
  rejected: msg`Rejected`,
  canceled: msg`Canceled`,
  expired: msg`Expired`,
  finished: msg`Finished`,
};

export const requestTypeTexts: Record<RequestType, MessageDescriptor> = {
  urgent: msg`Urgent`,
  schedule: msg`Scheduled`,
};

export const requestActionTexts: Record<RequestAction, MessageDescriptor> = {
  approve: msg`Approve`,
  reject: msg`Reject`,
  cancel: msg`Cancel request`,
  join: msg`Join the session`,
  rate: msg`Rate the teacher`,
  reschedule: msg`Move to another time`,
  reschedule_accept: msg`Accept the new time`,
  reschedule_decline: msg`Keep the current time`,
};

/** An icon per status so the badge differs in shape as well as colour; drawn, so every device shows it. */
const symbols: Record<RequestStatus, IconName> = {
  pending: 'hourglass',
  approved: 'check',
  rejected: 'close',
  canceled: 'ban',
  expired: 'clock',
  finished: 'star',
};

/** A broadcast another teacher took, as a teacher who lost it sees it: not "Approved", not theirs. */
const takenText = msg`Taken by another teacher`;

export function RequestStatusBadge({ status, taken = false }: { status: RequestStatus; taken?: boolean }) {
  const { i18n } = useLingui();
  if (taken) {
    return (
      <span className="request-status request-status-taken" data-status="taken">
        <Icon name="ban" className="request-status-icon" data-icon="ban" /> {i18n._(takenText)}
      </span>
    );
  }
  return (
    <span className={`request-status request-status-${status}`} data-status={status}>
      <Icon name={symbols[status]} className="request-status-icon" data-icon={symbols[status]} /> {i18n._(requestStatusTexts[status])}
    </span>
  );
}
