// What the booking form says about a rule: the keys of contract/requests.ts (REQUEST_ERROR) and
// contract/validation.ts as Lingui messages — worded like the server's (server/i18n.ts) so a rule reads
// the same whether the client or the server caught it. Anything else (a server message, already
// localized) is shown as it is.
import { msg, select } from '@lingui/core/macro';
import type { I18n, MessageDescriptor } from '@lingui/core';
import { REQUEST_ERROR } from '../../../contract/requests';
import { BOOKING_RULE } from '../../../machines/booking.machine';
import { validationMessage } from '../../ui/validation';

export const bookingRuleTexts: Record<string, MessageDescriptor> = {
  /** Spec §5: "…at least one hour from now". */
  [REQUEST_ERROR.scheduleTooSoon]: msg`The session time must be at least one hour from now`,
  [REQUEST_ERROR.scheduleTooFar]: msg`Sessions can be booked up to 90 days ahead. Please choose an earlier time`,
  [REQUEST_ERROR.outsideWorkingHours]: msg`This time is outside the teacher's working hours. Please choose another time`,
  [REQUEST_ERROR.teacherBusy]: msg`The teacher has another session at this time. Please choose another time`,
  [REQUEST_ERROR.subjectNotTaught]: msg`This teacher does not teach the chosen subject`,
  [REQUEST_ERROR.durationRange]: msg`The session must last from 1 to 6 hours`,
  [REQUEST_ERROR.slotTaken]: msg`Someone has just booked this time. Please choose another time`,
  [BOOKING_RULE.slotNotOffered]: msg`This time is not free for a session of this length. Please choose another time`,
  [BOOKING_RULE.notAvailableNow]: msg`The teacher cannot start a session of this length now. Please choose a time`,
  [REQUEST_ERROR.insufficientHours]: msg`You don't have enough hours for this session. Please buy a package of hours`,
};

export function bookingMessage(key: string, i18n: I18n): string {
  const text = Object.prototype.hasOwnProperty.call(bookingRuleTexts, key) ? bookingRuleTexts[key] : undefined;
  return text ? i18n._(text) : validationMessage(key, i18n);
}

/**
 * The toast after a booking is sent. `gender`: the teacher's ('other' when unknown, or when the request
 * was also offered to other teachers, any of whom may answer): the Arabic speaks of «المعلمة» for a woman.
 */
export const bookedTexts = {
  summary: msg`Request sent`,
  detail: (gender: string) =>
    msg`${select(gender, {
      female: 'The teacher will answer soon. You can follow the request in its details.',
      other: 'The teacher will answer soon. You can follow the request in its details.',
    })}`,
};
