// The port every payment gateway adapter implements. The order service only ever talks to this:
// open a checkout for an order, verify what the gateway reports back (return redirect or webhook), and
// give a settled payment's money back (refund).
// The embedded default is the sandbox (./sandbox.ts); a real gateway is another implementation.

export interface CheckoutOrder {
  id: number;
  /** Minor units (dirhams). */
  amountMinor: number;
  currency: string;
  /** The payer's language, for the checkout page. */
  locale: 'ar' | 'en';
}

export interface CheckoutSession {
  /** The gateway's id for this checkout; confirmations name it. */
  session: string;
  /** Where the payer's browser goes to pay. */
  url: string;
}

/** A confirmation whose signature verified: these fields are what the gateway really said. */
export interface VerifiedConfirmation {
  order_id: number;
  session: string;
  status: 'approved' | 'declined' | 'cancelled';
  /** Minor units actually charged. */
  amount: number;
  currency: string;
  reference: string;
  /** The means of payment when the gateway names it ('card', 'apple_pay', 'naps'…). */
  method?: string;
}

/** A whole payment to give back. */
export interface RefundRequest {
  orderId: number;
  /** The gateway's reference of the payment being refunded. */
  paymentReference: string;
  /** Minor units: the whole amount charged. */
  amountMinor: number;
  currency: string;
  /**
   * The same key always names the same refund: a gateway that sees it again answers the refund it
   * already made instead of paying twice (a retry after a lost answer or a crash before commit).
   */
  idempotencyKey: string;
}

export interface RefundResult {
  /** The gateway's reference of the refund, printed on the refund receipt. */
  reference: string;
}

export interface PaymentGateway {
  readonly name: string;
  createCheckout(order: CheckoutOrder): Promise<CheckoutSession>;
  /** Gives a payment's money back to where it came from; throws when the gateway refuses. */
  refund(request: RefundRequest): Promise<RefundResult>;
  /** Throws InvalidSignatureError when the confirmation was not signed by this gateway as it stands. */
  verify(confirmation: unknown): VerifiedConfirmation;
}

/** A confirmation whose signature does not verify: forged or altered on the way. */
export class InvalidSignatureError extends Error {
  constructor() {
    super('payment confirmation signature is not valid');
    this.name = 'InvalidSignatureError';
  }
}
