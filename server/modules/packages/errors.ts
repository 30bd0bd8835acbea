// Typed failures of the packages services. Each refusal is an ApiFailure (app.onError answers it);
// booking catches InsufficientHoursError to tell the student to buy a package.
import type { PromoRejection, RefundRefusal } from '../../../contract/packages';
import { ApiFailure } from '../../http/errors';
import { tr, type MessageKey } from '../../i18n';

const PROMO_MESSAGES: Record<PromoRejection, MessageKey> = {
  invalid: 'promo_invalid',
  expired: 'promo_expired',
  used_up: 'promo_used_up',
  not_applicable: 'promo_not_applicable',
};

const REFUND_MESSAGES: Record<RefundRefusal, MessageKey> = {
  too_late: 'refund_too_late',
  hours_used: 'refund_hours_used',
  not_paid: 'refund_not_paid',
  already_refunded: 'refund_already_refunded',
};

/** The student's valid hours do not cover a debit; nothing was written. */
export class InsufficientHoursError extends Error {
  constructor(
    readonly requestedMinutes: number,
    readonly availableMinutes: number,
  ) {
    super(`insufficient hours: requested ${requestedMinutes} min, available ${availableMinutes} min`);
    this.name = 'InsufficientHoursError';
  }
}

/** A promo code the server will not apply, and why (the 422's `code`). */
export class PromoRejectedError extends ApiFailure {
  constructor(readonly reason: PromoRejection) {
    super(422, PROMO_MESSAGES[reason], { code: reason });
    this.name = 'PromoRejectedError';
  }
}

/** The package asked for does not exist or is not on sale: a 400 on `package_id`. */
export class PackageNotFoundError extends ApiFailure {
  constructor() {
    super(400, 'package_not_found', { fields: (locale) => ({ package_id: [tr('package_not_found', locale)] }) });
    this.name = 'PackageNotFoundError';
  }
}

/** The family already has MAX_OPEN_ORDERS checkouts neither paid nor expired; nothing was written. */
export class TooManyOpenOrdersError extends ApiFailure {
  constructor() {
    super(409, 'orders_too_many_open');
    this.name = 'TooManyOpenOrdersError';
  }
}

export class OrderNotFoundError extends ApiFailure {
  constructor() {
    super(404, 'order_not_found');
    this.name = 'OrderNotFoundError';
  }
}

export { InvalidSignatureError } from '../../adapters/payments/gateway';

/**
 * The order machine does not accept this confirmation in the order's state: an amount other than the
 * order's (`amount_mismatch`), a second, different payment for a settled order, or a payment after
 * expiry (`not_allowed`). Nothing was written.
 */
export class ConfirmationRejectedError extends ApiFailure {
  constructor(readonly reason: 'amount_mismatch' | 'session_mismatch' | 'not_allowed') {
    super(409, reason === 'amount_mismatch' ? 'payment_amount_mismatch' : 'payment_not_allowed');
    this.name = 'ConfirmationRejectedError';
  }
}

/** The refund rule refuses this order (the 409's `code`); nothing was written or refunded. */
export class RefundRefusedError extends ApiFailure {
  constructor(readonly reason: RefundRefusal) {
    super(409, REFUND_MESSAGES[reason], { code: reason });
    this.name = 'RefundRefusedError';
  }
}
