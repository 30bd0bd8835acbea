// The sandbox gateway, the embedded default: checkouts are pages this server serves
// (GET /api/v1/sandbox/checkout/:session), and confirmations are signed with HMAC-SHA256 under a
// server secret, like the big gateways' test modes. Test cards:
//   4242 4242 4242 4242 → approved;  4000 0000 0000 0002 → declined;  any future expiry, any 3-digit CVC.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { paymentConfirmationSchema } from '../../../contract/packages';
import {
  InvalidSignatureError,
  type CheckoutOrder,
  type CheckoutSession,
  type GatewayNotice,
  type PaymentGateway,
  type RefundRequest,
  type RefundResult,
  type VerifiedConfirmation,
  type WebhookDelivery,
} from './gateway';

export const SANDBOX_CARDS = {
  approve: '4242424242424242',
  decline: '4000000000000002',
} as const;

export const SANDBOX_CHECKOUT_PATH = '/api/v1/sandbox/checkout/';

export interface SandboxGateway extends PaymentGateway {
  /** Signs a confirmation as the sandbox's payment processor would. */
  sign(fields: VerifiedConfirmation): string;
  /** Throws InvalidSignatureError unless `confirmation` carries this sandbox's signature. */
  verify(confirmation: unknown): VerifiedConfirmation;
}

/** The signed text: every field, in a fixed order, separated by a character none of them may hold. */
function canonical(c: VerifiedConfirmation): string {
  return [c.order_id, c.session, c.status, c.amount, c.currency, c.reference].join('\n');
}

export function createSandboxGateway({ secret }: { secret: string }): SandboxGateway {
  if (secret.length < 16) throw new Error('the payment sandbox secret must be at least 16 characters');
  const sign = (fields: VerifiedConfirmation) => createHmac('sha256', secret).update(canonical(fields)).digest('hex');
  return {
    name: 'sandbox',
    sign,
    async createCheckout(order: CheckoutOrder): Promise<CheckoutSession> {
      const session = `cs_${randomBytes(18).toString('base64url')}`;
      return { session, url: `${SANDBOX_CHECKOUT_PATH}${session}?lang=${order.locale}` };
    },
    // A refund's reference is derived from its idempotency key, so asking again with the same key
    // answers the same refund, as a real gateway's idempotency keys do. Nothing moves: it is a sandbox.
    async refund(request: RefundRequest): Promise<RefundResult> {
      if (!Number.isInteger(request.amountMinor) || request.amountMinor <= 0) throw new Error('a refund needs a positive amount');
      const digest = createHmac('sha256', secret).update(`refund\n${request.idempotencyKey}`).digest('base64url');
      return { reference: `rf_${digest.slice(0, 24)}`, status: 'refunded' };
    },
    // The sandbox's webhook body is the signed confirmation itself.
    async receiveWebhook(delivery: WebhookDelivery): Promise<GatewayNotice> {
      return { kind: 'payment', confirmation: verify(delivery.body) };
    },
    verify,
  };
  function verify(confirmation: unknown): VerifiedConfirmation {
    const parsed = paymentConfirmationSchema.safeParse(confirmation);
    if (!parsed.success) throw new InvalidSignatureError();
    const { signature, ...fields } = parsed.data;
    if ([fields.session, fields.reference, fields.currency].some((v) => v.includes('\n'))) throw new InvalidSignatureError();
    const expected = Buffer.from(sign(fields), 'hex');
    const given = Buffer.from(/^[0-9a-f]+$/i.test(signature) ? signature : '', 'hex');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw new InvalidSignatureError();
    return fields;
  }
}
