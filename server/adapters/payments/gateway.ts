// The port every payment gateway adapter implements. The order service only ever talks to this:
// open a checkout for an order, verify what the gateway reports back (a webhook, or the payer's return
// from a hosted page, read back from the gateway), and give a settled payment's money back (refund).
// The embedded default is the sandbox (./sandbox.ts); Tap Payments (./tap.ts) is the real one.

export interface CheckoutOrder {
  id: number;
  /** Minor units (dirhams). */
  amountMinor: number;
  currency: string;
  /** The payer's language, for the checkout page. */
  locale: 'ar' | 'en';
  /** Who pays, when the gateway's hosted page wants a name (Tap requires a customer). */
  customer?: { firstName: string; lastName: string; email: string | null; phone: string | null };
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
  /** 'pending' when the gateway accepted the refund and will confirm it later (by webhook). */
  status: 'refunded' | 'pending';
}

/** A refund's outcome as the gateway reported it later (its webhook), verified. */
export interface VerifiedRefundNotice {
  /** The refund's reference, as RefundResult gave it. */
  reference: string;
  status: 'refunded' | 'pending' | 'failed';
  amount: number;
  currency: string;
}

/** What a verified message from the gateway says. */
export type GatewayNotice =
  | { kind: 'payment'; confirmation: VerifiedConfirmation }
  | { kind: 'refund'; refund: VerifiedRefundNotice }
  /**
   * Genuine, but not settled yet: the payer started paying in checkout session `session` and the
   * gateway (or the bank behind it) has not given its verdict. Nothing to apply; the final state
   * comes later by webhook.
   */
  | { kind: 'pending'; session: string }
  /** Genuine, but nothing this server handles. */
  | { kind: 'nothing' };

/** An incoming webhook: its parsed JSON body and its headers. */
export interface WebhookDelivery {
  body: unknown;
  header(name: string): string | undefined;
}

export interface PaymentGateway {
  readonly name: string;
  createCheckout(order: CheckoutOrder): Promise<CheckoutSession>;
  /** Gives a payment's money back to where it came from; throws when the gateway refuses. */
  refund(request: RefundRequest): Promise<RefundResult>;
  /** Throws InvalidSignatureError when the webhook was not signed by this gateway as it stands. */
  receiveWebhook(delivery: WebhookDelivery): Promise<GatewayNotice>;
  /**
   * The payer's browser came back from the gateway's hosted page with these query parameters: read
   * the payment back from the gateway itself (the query only names it; it is never trusted). Absent
   * when this server serves the checkout itself (the sandbox applies its result directly).
   */
  readReturn?(query: (name: string) => string | undefined): Promise<GatewayNotice>;
}

/** A confirmation whose signature does not verify: forged or altered on the way. */
export class InvalidSignatureError extends Error {
  constructor() {
    super('payment confirmation signature is not valid');
    this.name = 'InvalidSignatureError';
  }
}

/** The gateway could not be reached, did not answer in time, or answered something unusable. */
export class GatewayUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'GatewayUnavailableError';
  }
}
