// Typed failures of the packages services; routes turn them into localized HTTP answers, and the
// booking issue catches InsufficientHoursError to tell the student to buy a package.
import type { PromoRejection, RefundRefusal } from '../../../contract/packages';

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

/** A promo code the server will not apply, and why (the 422's `errors.code`). */
export class PromoRejectedError extends Error {
  constructor(readonly reason: PromoRejection) {
    super(`promo code rejected: ${reason}`);
    this.name = 'PromoRejectedError';
  }
}

export class PackageNotFoundError extends Error {
  constructor() {
    super('package not found');
    this.name = 'PackageNotFoundError';
  }
}

/** The family already has MAX_OPEN_ORDERS checkouts neither paid nor expired; nothing was written. */
export class TooManyOpenOrdersError extends Error {
  constructor() {
    super('too many open orders');
    this.name = 'TooManyOpenOrdersError';
  }
}

export class OrderNotFoundError extends Error {
  constructor() {
    super('order not found');
    this.name = 'OrderNotFoundError';
  }
}

export { InvalidSignatureError } from '../../adapters/payments/gateway';

/**
 * The order machine does not accept this confirmation in the order's state: an amount other than the
 * order's (`amount_mismatch`), a second, different payment for a settled order, or a payment after
 * expiry (`not_allowed`). Nothing was written.
 */
export class ConfirmationRejectedError extends Error {
  constructor(readonly reason: 'amount_mismatch' | 'session_mismatch' | 'not_allowed') {
    super(`payment confirmation rejected: ${reason}`);
    this.name = 'ConfirmationRejectedError';
  }
}

/** The refund rule refuses this order (the 409's `code`); nothing was written or refunded. */
export class RefundRefusedError extends Error {
  constructor(readonly reason: RefundRefusal) {
    super(`refund refused: ${reason}`);
    this.name = 'RefundRefusedError';
  }
}
