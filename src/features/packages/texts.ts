// Texts of the packages screen that are chosen by a value (an order status, a promo refusal, a
// payment result), as message descriptors so each appears once in the catalogs.
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { REFUND_WINDOW_DAYS, type Order, type PromoRejection, type RefundRefusal } from '../../../contract/packages';
import type { PaymentResult } from '../../../contract/payment-results';

/** Spec §8, word for word (success, failed); pending is the return before the bank has answered. */
export const paymentResultTexts: Record<PaymentResult, MessageDescriptor> = {
  success: msg`Thank you! Your payment has been successfully completed.`,
  failed: msg`Your payment has not been completed. Please try again.`,
  pending: msg`Your payment is being confirmed. Your hours appear here as soon as the bank confirms it.`,
};

/** Under the pending message: nothing to do, and no need to wait on the page. */
export const paymentPendingHint = msg`There is no need to pay again. You can leave this page: we will let you know when the payment is confirmed.`;

/** What to do after a payment that did not go through; the package and code are chosen again below. */
export const paymentNextStepTexts: Record<NonNullable<Order['failure']> | 'unknown', MessageDescriptor> = {
  declined: msg`Your card was declined. Your package and promo code are kept below: try another card, or ask your bank why the payment was refused.`,
  cancelled: msg`The payment was cancelled. Your package and promo code are kept below whenever you are ready.`,
  checkout_failed: msg`The payment page could not be opened. Your package and promo code are kept below: please try again in a few minutes.`,
  unknown: msg`Choose your package below and try again, with another card if this one was refused.`,
};

export const promoRejectionTexts: Record<PromoRejection, MessageDescriptor> = {
  invalid: msg`This promo code is not valid. Please check it and try again.`,
  expired: msg`This promo code has expired.`,
  used_up: msg`This promo code has already been used the maximum number of times.`,
  not_applicable: msg`This promo code does not apply to the chosen package.`,
};

export const promoCheckFailed = msg`The promo code could not be checked right now. Please try again.`;

export const orderStatusTexts: Record<Order['status'], MessageDescriptor> = {
  created: msg`Created`,
  pendingPayment: msg`Awaiting payment`,
  paid: msg`Paid`,
  failed: msg`Not completed`,
  expired: msg`Expired`,
};

export const orderFailureTexts: Record<NonNullable<Order['failure']>, MessageDescriptor> = {
  declined: msg`Card declined`,
  cancelled: msg`Payment cancelled`,
  checkout_failed: msg`Payment page unavailable`,
};

/** Why a refund was refused, by the 409's code (the order's row is read again beside it). */
export const refundRefusalTexts: Record<RefundRefusal, MessageDescriptor> = {
  too_late: msg`This package can no longer be refunded: refunds are possible within ${REFUND_WINDOW_DAYS} days of paying.`,
  hours_used: msg`Some of this package's hours have been used, so it cannot be refunded. Its remaining hours stay valid until they expire.`,
  not_paid: msg`This order was not paid, so there is nothing to refund.`,
  already_refunded: msg`This order has already been refunded.`,
};

export const refundFailed = msg`The refund could not be made right now; nothing was changed. Please try again later.`;
