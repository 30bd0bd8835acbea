// The port every payment gateway adapter implements. The order service only ever talks to this:
// open a checkout for an order, and verify what the gateway reports back (return redirect or webhook).
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

export interface PaymentGateway {
  readonly name: string;
  createCheckout(order: CheckoutOrder): Promise<CheckoutSession>;
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
