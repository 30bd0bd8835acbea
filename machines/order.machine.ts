// The life of one package order: created → pending payment → paid | failed | expired.
//
// The server keeps each order's state in the database and moves it ONLY through this machine: it
// rebuilds the snapshot from the row (`resumeOrder`), asks `snapshot.can(event)`, and stores the next
// snapshot's value. An event the machine does not accept in that state — a second approval of a paid
// order, an approval whose amount is not the order's, a payment after expiry — is refused, so the
// money rules live in one place that is also drawn as a diagram (docs/flows/order.md).
//
// There are no actors: nothing here waits on the network. The gateway's answers and the clock arrive
// as events carrying what the guards need (the charged amount, the time), which keeps the machine pure.
import { assign, setup, type SnapshotFrom } from 'xstate';

/** The states an order can be in, as stored in `orders.status`. */
export const ORDER_STATUSES = ['created', 'pendingPayment', 'paid', 'failed', 'expired'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** Why an order failed: the gateway declined the card, the payer cancelled, or no checkout could start. */
export type OrderFailure = 'declined' | 'cancelled' | 'checkout_failed';

export interface OrderContext {
  /** What the payer owes, in minor units (dirhams: 1 QAR = 100), computed by the server only. */
  amount: number;
  currency: string;
  /** Epoch milliseconds after which an unpaid order may be expired. */
  expiresAt: number;
  /** The gateway's reference of the payment that settled the order (approved, declined or cancelled). */
  reference: string | null;
  failure: OrderFailure | null;
}

export type OrderInput = Pick<OrderContext, 'amount' | 'currency' | 'expiresAt'>;

export type OrderEvent =
  /** A checkout session was opened at the gateway; the payer is sent there. */
  | { type: 'order.checkout'; session: string }
  /** Opening the checkout failed (gateway down); the order cannot be paid. */
  | { type: 'checkout.failed' }
  | { type: 'payment.approved'; amount: number; currency: string; reference: string }
  | { type: 'payment.declined'; reference: string }
  | { type: 'payment.cancelled'; reference: string }
  /** The clock: sent by the server's sweep with the current time. */
  | { type: 'order.expire'; now: number };

export const orderMachine = setup({
  types: {
    context: {} as OrderContext,
    events: {} as OrderEvent,
    input: {} as OrderInput,
  },
  actions: {
    settle: assign((_, params: { reference: string; failure: OrderFailure | null }) => ({
      reference: params.reference,
      failure: params.failure,
    })),
    markFailed: assign((_, params: { failure: OrderFailure }) => ({ failure: params.failure })),
  },
  guards: {
    /** Gateways refuse zero charges; the server keeps every amount at or above the minimum charge. */
    isPayable: ({ context }) => context.amount > 0,
    /** The gateway charged exactly what the order says, in its currency; anything else is tampering. */
    amountMatches: ({ context }, params: { amount: number; currency: string }) =>
      params.amount === context.amount && params.currency === context.currency,
    isPastDeadline: ({ context }, params: { now: number }) => params.now >= context.expiresAt,
  },
}).createMachine({
  id: 'order',
  description: 'One package order: from its creation to paid (hours credited), failed or expired. The server enforces it.',
  context: ({ input }) => ({ ...input, reference: null, failure: null }),
  initial: 'created',
  states: {
    created: {
      description: 'Saved with its server-computed price; no checkout opened yet.',
      tags: ['order:open'],
      on: {
        'order.checkout': { target: 'pendingPayment', guard: 'isPayable' },
        'checkout.failed': { target: 'failed', actions: { type: 'markFailed', params: { failure: 'checkout_failed' } } },
        'order.expire': {
          target: 'expired',
          guard: { type: 'isPastDeadline', params: ({ event }) => ({ now: event.now }) },
        },
      },
    },
    pendingPayment: {
      description: 'The payer is at the gateway checkout. Only a signed confirmation or the deadline moves it on.',
      tags: ['order:open'],
      on: {
        'payment.approved': {
          target: 'paid',
          guard: { type: 'amountMatches', params: ({ event }) => ({ amount: event.amount, currency: event.currency }) },
          actions: { type: 'settle', params: ({ event }) => ({ reference: event.reference, failure: null }) },
        },
        'payment.declined': {
          target: 'failed',
          actions: { type: 'settle', params: ({ event }) => ({ reference: event.reference, failure: 'declined' as const }) },
        },
        'payment.cancelled': {
          target: 'failed',
          actions: { type: 'settle', params: ({ event }) => ({ reference: event.reference, failure: 'cancelled' as const }) },
        },
        'order.expire': {
          target: 'expired',
          guard: { type: 'isPastDeadline', params: ({ event }) => ({ now: event.now }) },
        },
      },
    },
    paid: {
      description: 'Payment approved for the exact amount; the hours were credited in the same transaction.',
      tags: ['order:settled', 'order:credited'],
      type: 'final',
    },
    failed: {
      description: 'Declined, cancelled, or the checkout could not open. Nothing was credited; a promo code use is released.',
      tags: ['order:settled'],
      type: 'final',
    },
    expired: {
      description: 'Not paid before its deadline. Nothing was credited; a promo code use is released.',
      tags: ['order:settled'],
      type: 'final',
    },
  },
});

export type OrderMachine = typeof orderMachine;
export type OrderSnapshot = SnapshotFrom<OrderMachine>;

/** Rebuilds an order's snapshot from what the database stores, to send it the next event. */
export function resumeOrder(status: OrderStatus, context: OrderContext): OrderSnapshot {
  return orderMachine.resolveState({ value: status, context });
}

/** The stored status of a snapshot (every state is a top-level atomic state). */
export function statusOf(snapshot: OrderSnapshot): OrderStatus {
  return snapshot.value as OrderStatus;
}
