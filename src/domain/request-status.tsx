// How a request's status, type and actions read on screen, shared by the requests list and the
// session details: the status as a badge with a symbol and its word (never colour alone), and the
// labels as message descriptors so each text appears once in the catalogs.
import './request.css';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';
import type { RequestAction, RequestStatus, RequestType } from '../../contract/requests';

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
};

/** A symbol per status so the badge differs in shape as well as colour. */
const symbols: Record<RequestStatus, string> = {
  pending: '⏳',
  approved: '✓',
  rejected: '✕',
  canceled: '⊘',
  expired: '⌛',
  finished: '★',
};

export function RequestStatusBadge({ status }: { status: RequestStatus }) {
  const { i18n } = useLingui();
  return (
    <span className={`request-status request-status-${status}`} data-status={status}>
      <span aria-hidden="true">{symbols[status]}</span> {i18n._(requestStatusTexts[status])}
    </span>
  );
}

/** Date and time of a session in the viewer's locale and (unless given) the device's time zone. */
export function formatSessionTime(iso: string, locale: string, timeZone?: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'full', timeStyle: 'short', ...(timeZone ? { timeZone } : {}) }).format(new Date(iso));
}

export function formatClock(iso: string, locale: string, timeZone?: string): string {
  return new Intl.DateTimeFormat(locale, { timeStyle: 'short', ...(timeZone ? { timeZone } : {}) }).format(new Date(iso));
}
