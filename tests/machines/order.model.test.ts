// Model-based paths through the order statechart: every state and transition is reached by replayed
// generated paths, with the promises the server relies on checked at every step — money is credited
// only in `paid`, only for the exact amount, and a settled order accepts nothing more.
import { describe, expect, it } from 'vitest';
import { createMachine, getNextSnapshot, initialTransition, type AnyMachineSnapshot } from 'xstate';
import { orderMachine, resumeOrder, type OrderContext, type OrderEvent } from '../../machines/order.machine';
import { runModel } from './model';

const deadline = 1_700_000_000_000;
const sample: OrderContext = { amount: 40_800, currency: 'QAR', expiresAt: deadline, reference: null, failure: null };

// The model helper starts machines without input; this is the order machine's own definition and
// implementations with a sample order as its starting context.
// (`implementations` is typed loosely by xstate's accessor; it is the very object setup() built.)
const modelMachine = createMachine({ ...orderMachine.config, context: sample }, orderMachine.implementations as never);

const events: OrderEvent[] = [
  { type: 'order.checkout', session: 'cs_1' },
  { type: 'checkout.failed' },
  { type: 'payment.approved', amount: 40_800, currency: 'QAR', reference: 'ok' },
  // Tampering: a different amount or currency must never pay the order.
  { type: 'payment.approved', amount: 100, currency: 'QAR', reference: 'cheap' },
  { type: 'payment.approved', amount: 40_800, currency: 'USD', reference: 'usd' },
  { type: 'payment.declined', reference: 'no' },
  { type: 'payment.cancelled', reference: 'bye' },
  { type: 'order.expire', now: deadline - 1 },
  { type: 'order.expire', now: deadline },
];

const settled = ['paid', 'failed', 'expired'];

describe('order machine, model-based', () => {
  it('reaches every state and every transition, crediting only exact approved payments', () => {
    const run = runModel({
      machine: modelMachine,
      events,
      actors: {},
      invariant: (s: AnyMachineSnapshot) => {
        const open = s.hasTag('order:open');
        expect(open).toBe(!settled.includes(s.value as string));
        expect(s.hasTag('order:settled')).toBe(!open);
        // A settled order accepts no event at all: replays and late payments are refused.
        if (!open) for (const e of events) expect(s.can(e)).toBe(false);
        expect(JSON.parse(JSON.stringify(s.context))).toEqual(s.context);
      },
      expectations: {
        paid: (s) => {
          expect(s.hasTag('order:credited')).toBe(true);
          expect(s.context.reference).toBe('ok');
          expect(s.context.failure).toBeNull();
        },
        failed: (s) => {
          expect(s.hasTag('order:credited')).toBe(false);
          expect(['declined', 'cancelled', 'checkout_failed']).toContain(s.context.failure);
        },
        expired: (s) => expect(s.hasTag('order:credited')).toBe(false),
        pendingPayment: (s) => {
          expect(s.can({ type: 'payment.approved', amount: 100, currency: 'QAR', reference: 'x' })).toBe(false);
          expect(s.can({ type: 'order.expire', now: deadline - 1 })).toBe(false);
        },
      },
      // The graph is small: every simple path from a fresh order, too.
      simplePaths: { fromState: initialTransition(modelMachine)[0] },
    });
    console.log(run.summary);
    expect(run.coverage.states.missing).toEqual([]);
    expect(run.coverage.transitions.missing).toEqual([]);
    expect(run.coverage.transitions.covered).toBe(run.coverage.transitions.total);
    expect(run.shortestPaths).toBeGreaterThanOrEqual(4);
    expect(run.simplePaths).toBeGreaterThanOrEqual(6);
  });
});

describe('order machine, as the server uses it', () => {
  it('resumes a stored order and moves it only by accepted events', () => {
    const pending = resumeOrder('pendingPayment', sample);
    expect(pending.can({ type: 'order.checkout', session: 'again' })).toBe(false);
    const paid = getNextSnapshot(orderMachine, pending, { type: 'payment.approved', amount: 40_800, currency: 'QAR', reference: 'r1' });
    expect(paid.value).toBe('paid');
    expect(paid.context.reference).toBe('r1');
    expect(paid.status).toBe('done');
  });

  it('refuses to open a checkout for an order with nothing to pay', () => {
    const free = resumeOrder('created', { ...sample, amount: 0 });
    expect(free.can({ type: 'order.checkout', session: 's' })).toBe(false);
  });
});
