// The order machine through the real UI (model e2e). The machine runs on the server only (the app
// holds no copy: nothing is posted on the watch channel), so every event is `server` and the walk
// counts the transitions of the server's copy from its answers: each step reads the order's status
// the server answered (POST /orders, the order list) and credits the transitions the machine takes
// from the status before to that one, checked against the machine (from → to must be its step).
// A new student (English, through the API) opens /packages, chooses the Starter package and goes to
// the sandbox checkout: the approving card, the declining card or "Cancel payment" settle it; the
// sandbox's development switches (request headers, see server/modules/packages/routes.ts) make the
// checkout fail to open and let the order list be read after the deadline, when the real sweep expires it.
// `created` is never at rest (the same request opens the checkout or fails it): no path starts by
// expiring a created order, and no screen is checked there.
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { getNextSnapshot, type EventObject } from 'xstate';
import { orderMachine, resumeOrder, statusOf, type OrderFailure, type OrderStatus } from '../../machines/order.machine';
import { transitionId } from '../../src/domain/transition-id';
import { open, preferences, toasts } from '../support/app';
import { bearer, json, newStudent } from '../support/api';
import type { Adapter } from './walker';

/** The Starter package: 4 hours, 480 QAR (minor units on the machine's side). */
const STARTER = { hours: 4, amount: 48_000, currency: 'QAR' };
/** The order list read this long after now: past the 30-minute deadline. */
const LATER_MS = 31 * 60_000;

interface WireOrder {
  id: number;
  status: OrderStatus;
  failure: OrderFailure | null;
}

export interface OrderWorld {
  page: Page;
  request: APIRequestContext;
  token: string;
  /** The walked order, once POST /orders answered (also on its 502: the newest order of the family). */
  order: number | null;
  /** Its sandbox checkout page, once open. */
  checkout: string | null;
  /** The status the server's last answer left, and why it failed. */
  status: OrderStatus;
  failure: OrderFailure | null;
  serverTaken: string[];
}

const ev = {
  checkout: { type: 'order.checkout', session: 'cs_walk' },
  checkoutFailed: { type: 'checkout.failed' },
  approved: { type: 'payment.approved', amount: STARTER.amount, currency: STARTER.currency, reference: 'sbx_walk' },
  declined: { type: 'payment.declined', reference: 'sbx_walk' },
  cancelled: { type: 'payment.cancelled', reference: 'sbx_walk' },
  expire: { type: 'order.expire', now: Number.MAX_SAFE_INTEGER },
};

/** The model's order: the Starter's price, a deadline every `order.expire` of the walk is past. */
const INPUT = { amount: STARTER.amount, currency: STARTER.currency, expiresAt: 0 };

/** The family's orders as the server lists them (read at its own time: no switch). */
async function orders(w: OrderWorld): Promise<WireOrder[]> {
  return json<WireOrder[]>(await w.request.get('/api/v1/orders', { headers: bearer(w.token) }), 'orders');
}

/**
 * The server answered `answered` after `event`: the machine must take the order there from where the
 * last answer left it; its transitions are the server's copy's.
 */
function credit(w: OrderWorld, event: EventObject, answered: WireOrder) {
  const from = resumeOrder(w.status, { ...INPUT, reference: null, failure: w.failure });
  const taken = orderMachine.getTransitionData(from, event as never).map((t) => transitionId(t));
  const next = getNextSnapshot(orderMachine, from, event as never);
  expect(taken.length, `the machine takes ${event.type} in ${w.status}`).toBeGreaterThan(0);
  expect(`${w.status} → ${answered.status}`).toBe(`${w.status} → ${statusOf(next)}`);
  w.serverTaken.push(...taken);
  w.status = answered.status;
  w.failure = answered.failure;
}

/** Chooses the Starter and presses "Continue to payment"; `outage` switches the checkout off for this one request. */
async function continueToPayment(w: OrderWorld, outage: boolean) {
  await w.page.getByTestId(`package-${STARTER.hours}`).getByRole('button').click();
  await expect(w.page.getByRole('heading', { level: 2, name: 'Your order' })).toBeFocused();
  if (outage)
    await w.page.route('**/api/v1/orders', (route) =>
      route.request().method() === 'POST'
        ? route.continue({ headers: { ...route.request().headers(), 'x-sandbox-outage': '1' } })
        : route.fallback(),
    );
  const answer = w.page.waitForResponse((r) => r.url().endsWith('/api/v1/orders') && r.request().method() === 'POST');
  await w.page.getByRole('button', { name: 'Continue to payment' }).click();
  const res = await answer;
  if (outage) await w.page.unrouteAll({ behavior: 'wait' });
  if (outage) {
    expect(res.status()).toBe(502);
  } else {
    expect(res.status()).toBe(201);
    await w.page.waitForURL(/\/api\/v1\/sandbox\/checkout\//);
    w.checkout = w.page.url();
  }
  // The order the click made: the family's newest (a new family: its only one).
  const [made] = await orders(w);
  expect(made, 'the click made an order').toBeDefined();
  w.order = made!.id;
  return made!;
}

/** On the sandbox checkout: a test card, back on /packages; the order as the server then lists it. */
async function pay(w: OrderWorld, card: string): Promise<WireOrder> {
  await w.page.getByLabel('Card number').fill(card);
  await w.page.getByLabel('Expiry date (MM/YY)').fill('12/39');
  await w.page.getByLabel('Security code (CVC)').fill('123');
  await w.page.getByRole('button', { name: /^Pay/ }).click();
  return back(w);
}

async function back(w: OrderWorld): Promise<WireOrder> {
  // Back on /packages (the page may drop `?payment=` from its address once it has read it).
  await w.page.waitForURL(/\/packages/, { waitUntil: 'commit' });
  return (await orders(w)).find((o) => o.id === w.order)!;
}

const row = (w: OrderWorld) => w.page.getByTestId(`order-${w.order}`);
const result = (w: OrderWorld) => w.page.getByTestId('payment-result');
const NEXT_STEP: Record<OrderFailure, string> = {
  declined: 'Your card was declined.',
  cancelled: 'The payment was cancelled.',
  checkout_failed: 'The payment page could not be opened.',
};
const FAILURE: Record<OrderFailure, string> = {
  declined: 'Card declined',
  cancelled: 'Payment cancelled',
  checkout_failed: 'Payment page unavailable',
};

/** A created order is never at rest: nothing expires it before its checkout opened or failed. */
const possible = (events: EventObject[]) => events[0] !== ev.expire;

export const orderAdapter: Adapter<OrderWorld> = {
  id: 'order',
  // A sign-up, a checkout and a payment; more on a busy machine.
  timeout: 60_000,
  machine: orderMachine,
  input: INPUT,
  possible,
  async world(page, request) {
    const phases = await json<Array<{ id: number }>>(await request.get('/api/v1/phases'), 'phases');
    const { token } = await newStudent(request, { phaseId: phases[0]!.id });
    await page.context().addCookies([{ name: 'ng-token', value: token, url: process.env.E2E_BASE_URL! }]);
    await preferences(page, { locale: 'en' });
    await open(page, '/packages');
    await expect(page.getByTestId('balance-hours')).toHaveAttribute('data-hours', '0');
    return { page, request, token, order: null, checkout: null, status: 'created', failure: null, serverTaken: [] };
  },
  serverTaken: (w) => w.serverTaken,
  events: [
    {
      event: ev.checkout,
      server: true,
      run: async (w) => credit(w, ev.checkout, await continueToPayment(w, false)),
    },
    {
      event: ev.checkoutFailed,
      server: true,
      run: async (w) => credit(w, ev.checkoutFailed, await continueToPayment(w, true)),
    },
    { event: ev.approved, server: true, run: async (w) => credit(w, ev.approved, await pay(w, '4242 4242 4242 4242')) },
    { event: ev.declined, server: true, run: async (w) => credit(w, ev.declined, await pay(w, '4000 0000 0000 0002')) },
    {
      event: ev.cancelled,
      server: true,
      run: async (w) => {
        await w.page.getByRole('button', { name: 'Cancel payment' }).click();
        credit(w, ev.cancelled, await back(w));
      },
    },
    {
      event: ev.expire,
      server: true,
      // The payer leaves the checkout and comes back to /packages after the deadline: the page's own
      // order list, read "later" through the sandbox's clock switch, is where the server expires it.
      run: async (w) => {
        const later = new Date(Date.now() + LATER_MS).toISOString();
        await w.page.route('**/api/v1/orders', (route) =>
          route.request().method() === 'GET'
            ? route.continue({ headers: { ...route.request().headers(), 'x-sandbox-now': later } })
            : route.fallback(),
        );
        const listed = w.page.waitForResponse((r) => r.url().endsWith('/api/v1/orders') && r.request().method() === 'GET' && r.ok());
        await open(w.page, '/packages');
        const answered = (await json<WireOrder[]>(await listed, 'orders')).find((o) => o.id === w.order)!;
        await w.page.unrouteAll({ behavior: 'wait' });
        credit(w, ev.expire, answered);
      },
    },
  ],
  states: {
    pendingPayment: async (w) => {
      // The sandbox's card form for this order, in the page's language.
      await expect(w.page).toHaveURL(/\/api\/v1\/sandbox\/checkout\//);
      await expect(w.page.locator('html')).toHaveAttribute('lang', 'en');
      await expect(w.page.getByLabel('Card number')).toBeVisible();
      await expect(w.page.getByRole('button', { name: 'Cancel payment' })).toBeVisible();
    },
    paid: async (w) => {
      await expect(result(w)).toHaveText('Thank you! Your payment has been successfully completed.');
      await expect(w.page.getByTestId('balance-hours')).toHaveAttribute('data-hours', String(STARTER.hours));
      await expect(row(w)).toContainText('Paid');
      await expect(row(w).getByRole('link')).toBeVisible();
    },
    failed: async (w) => {
      const failure = w.failure!;
      if (failure === 'checkout_failed') {
        // No checkout to come back from: the server's message, the page stays with the package chosen.
        await expect(toasts(w.page, 'error').first()).toContainText('The payment page could not be opened right now');
        await expect(w.page).toHaveURL(/\/packages$/);
        await expect(w.page.getByTestId(`package-${STARTER.hours}`).getByRole('button')).toHaveAttribute('aria-pressed', 'true');
      } else {
        await expect(result(w)).toHaveText('Your payment has not been completed. Please try again.');
        await expect(w.page.getByTestId('payment-next-step')).toContainText(NEXT_STEP[failure]);
      }
      await expect(row(w)).toContainText('Not completed');
      await expect(row(w)).toContainText(FAILURE[failure]);
      await expect(w.page.getByTestId('balance-hours')).toHaveAttribute('data-hours', '0');
    },
    expired: async (w) => {
      await expect(row(w)).toContainText('Expired');
      await expect(w.page.getByTestId('balance-hours')).toHaveAttribute('data-hours', '0');
      // Its checkout page is closed now (409, the sandbox's "this payment is closed").
      expect((await w.request.get(w.checkout!)).status()).toBe(409);
    },
  },
};
