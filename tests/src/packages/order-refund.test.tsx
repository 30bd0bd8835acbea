// @vitest-environment jsdom
// Refunding from the purchase history: "Refund" only on the orders the server calls refundable; the
// confirm dialog says what happens (hours off the balance, the amount back to the means of payment, a
// refund receipt) and "keep" changes nothing; after the refund the history is read again and the order
// shows "Refunded" with a link to its refund receipt; a refusal says why, in the reader's language.
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { OrderHistory } from '../../../src/features/packages/order-history';
import { cleanUpAfterEach, renderRouted, type Reply } from '../helpers';

const base = {
  package_id: 1,
  list_price: 480,
  discount: 0,
  currency: 'QAR',
  promo_code: null,
  failure: null,
  created_at: '2030-01-01T10:00:00.000Z',
};
const unused = {
  ...base,
  id: 12,
  package_name: 'Starter',
  hours: 4,
  amount: 480,
  status: 'paid',
  paid_at: '2030-01-01T10:01:00.000Z',
  receipt_number: '2030-000007',
};
const used = {
  ...base,
  id: 11,
  package_name: 'Steady',
  hours: 8,
  amount: 880,
  status: 'paid',
  paid_at: '2030-01-01T09:01:00.000Z',
  receipt_number: '2030-000006',
};

/** The API with the refund's effect: before it, order 12 is refundable; after it, refunded. */
function api(refundReply: Reply) {
  const state = { refunded: false, orderReads: 0 };
  const route = (url: string, method: string): Reply => {
    if (url.endsWith('/v1/orders') && method === 'GET') {
      state.orderReads += 1;
      return {
        status: 200,
        json: {
          message: 'ok',
          data: [
            state.refunded
              ? { ...unused, refundable: false, refunded_at: '2030-01-03T10:00:00.000Z', refund_receipt_number: '2030-000009' }
              : { ...unused, refundable: true, refunded_at: null, refund_receipt_number: null },
            { ...used, refundable: false, refunded_at: null, refund_receipt_number: null },
          ],
        },
      };
    }
    if (url.endsWith('/v1/orders/12/refund') && method === 'POST') {
      if (!(refundReply instanceof Error) && refundReply.status === 200) state.refunded = true;
      return refundReply;
    }
    return { status: 404, json: { message: 'not found' } };
  };
  return { state, route };
}

const done: Reply = {
  status: 200,
  json: {
    message: 'The package was refunded',
    data: { order_id: 12, hours: 4, amount: 480, currency: 'QAR', receipt_number: '2030-000009', refunded_at: '2030-01-03T10:00:00.000Z' },
  },
};

cleanUpAfterEach();

describe('refunding from the purchase history', () => {
  it('offers "Refund" only where the rule allows it; the dialog says what happens, and "keep" changes nothing', async () => {
    const { route } = api(done);
    const { calls, user } = renderRouted({ component: () => <OrderHistory />, route });
    const row = within(await screen.findByTestId('order-12'));
    expect(within(screen.getByTestId('order-11')).queryByRole('button', { name: /Refund/ })).toBeNull();

    // Hours leave the balance: a destructive step, outlined in the error colour, never gold.
    expect(row.getByRole('button', { name: 'Refund order 12' }).className).toContain('button-danger');
    await user.click(row.getByRole('button', { name: 'Refund order 12' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Refund Starter?' }));
    const text = (dialog.getByText(/removed from your balance/).closest('div')?.textContent ?? '').replace(/\s/g, ' ');
    expect(text).toContain("The package's 4 hours will be removed from your balance.");
    expect(text).toContain('QAR 480 will be returned to the card or account you paid with');
    expect(text).toContain('You will get a refund receipt. This cannot be undone.');
    expect(dialog.getByRole('button', { name: /^Refund QAR\s480$/ })).toBeTruthy();

    await user.click(dialog.getByRole('button', { name: 'Keep the package' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    // Focus goes back to the button that opened it.
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Refund order 12');
  });

  it('after the refund the history is read again: "Refunded" with a link to the refund receipt', async () => {
    const { route, state } = api(done);
    const { calls, user } = renderRouted({ component: () => <OrderHistory />, route });
    await user.click(await screen.findByRole('button', { name: 'Refund order 12' }));
    await user.click(await screen.findByTestId('refund-confirm'));
    const row = within(screen.getByTestId('order-12'));
    await waitFor(() => expect(row.getByText('Refunded')).toBeTruthy());
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual([expect.stringMatching(/\/v1\/orders\/12\/refund$/)]);
    expect(state.orderReads).toBeGreaterThanOrEqual(2);
    const link = row.getByRole('link', { name: 'Refund receipt 2030-000009' });
    expect(link.getAttribute('href')).toBe('/receipts/12?kind=refund');
    expect(row.getByRole('link', { name: 'Receipt 2030-000007' })).toBeTruthy();
    expect(row.queryByRole('button', { name: /Refund/ })).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('a refusal says why in Arabic, and the history is read again', async () => {
    const { route, state } = api({ status: 409, json: { message: 'مستخدمة', code: 'hours_used' } });
    const { user } = renderRouted({ component: () => <OrderHistory />, route, locale: 'ar' });
    await user.click(await screen.findByRole('button', { name: 'استرداد الطلب 12' }));
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByText(/ستُزال ساعات الباقة/)).toBeTruthy();
    await user.click(dialog.getByRole('button', { name: /^استرداد/ }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'استُخدم جزء من ساعات هذه الباقة، لذا لا يمكن استردادها. تبقى ساعاتها المتبقية صالحة حتى انتهاء مدتها.',
    );
    await waitFor(() => expect(state.orderReads).toBeGreaterThanOrEqual(2));
  });

  it('a gateway failure says nothing changed', async () => {
    const { route } = api({ status: 502, json: { message: 'gateway' } });
    const { user } = renderRouted({ component: () => <OrderHistory />, route });
    await user.click(await screen.findByRole('button', { name: 'Refund order 12' }));
    await user.click(await screen.findByTestId('refund-confirm'));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The refund could not be made right now; nothing was changed. Please try again later.',
    );
    expect(within(screen.getByTestId('order-12')).getByRole('button', { name: 'Refund order 12' })).toBeTruthy();
  });
});
