// @vitest-environment jsdom
// The packages screen as a student uses it: packages with prices in riyals, price per hour, best value
// and the institutional option; the balance and history; a promo code checked by the server with the
// discounted price or each refusal's own message; buying leaves for the checkout URL; and the return
// from the payment page shows the spec's message and reads the balance again; a payment the bank has
// not confirmed yet says so and turns into the confirmation when the order is paid.
import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { forgetBookingReturn, rememberBookingReturn } from '../../../src/bindings/booking';
import { PackagesPage, PENDING_POLL_MS } from '../../../src/features/packages/packages-page';
import { cleanUpAfterEach, fakeFetch, renderRouted, type Reply } from '../helpers';
import { renderApp } from '../pages/render-app';
import { balance, orders, packages } from './packages-fixtures';

let promoReply: Reply;
let orderReply: Reply;

/** The API as this screen's tests answer it. */
function server(url: string, method: string): Reply {
  if (url.endsWith('/v1/packages')) return { status: 200, json: { message: 'ok', data: packages } };
  if (url.endsWith('/v1/balance')) return { status: 200, json: { message: 'ok', data: balance } };
  if (url.endsWith('/v1/orders') && method === 'GET') return { status: 200, json: { message: 'ok', data: orders } };
  if (url.endsWith('/v1/orders') && method === 'POST') return orderReply;
  if (url.endsWith('/v1/promo-codes/check')) return promoReply;
  if (url.endsWith('/v1/settings')) return { status: 200, json: { message: 'ok', data: {} } };
  return { status: 200, json: { message: 'ok', data: [] } };
}

/** For the whole app (renderApp): every fetch answered by `server`. */
function stubServer() {
  const { fetch, calls } = fakeFetch(server);
  vi.stubGlobal('fetch', fetch);
  return calls;
}

function renderPage(locale: 'en' | 'ar' = 'en') {
  const goToCheckout = vi.fn();
  return { goToCheckout, ...renderRouted({ component: () => <PackagesPage goToCheckout={goToCheckout} />, locale, route: server }) };
}

/** Intl puts a no-break space between currency and amount; compare as a reader sees it. */
const total = () => (screen.getByTestId('checkout-total').textContent ?? '').replace(/\s/g, ' ');
const card = (hours: number) => screen.findByTestId(`package-${hours}`);

beforeEach(() => {
  promoReply = {
    status: 200,
    json: { message: 'ok', data: { code: 'NOOR15', package_id: 1, list_price: 480, discount: 72, amount: 408, currency: 'QAR' } },
  };
  orderReply = {
    status: 201,
    json: {
      message: 'ok',
      data: { id: 13, amount: 408, currency: 'QAR', status: 'pendingPayment', checkout_url: '/api/v1/sandbox/checkout/cs_abc?lang=en' },
    },
  };
});
cleanUpAfterEach();

describe('PackagesPage', () => {
  it('lists each package with hours, price, price per hour, validity, and marks the best value', async () => {
    renderPage();
    const starter = within(await card(4));
    expect(starter.getByRole('heading', { name: 'Starter' })).toBeTruthy();
    expect(starter.getByText('4 hours')).toBeTruthy();
    expect(starter.getByText('QAR 480')).toBeTruthy();
    expect(starter.getByText('QAR 120 per hour')).toBeTruthy();
    expect(starter.getByText('Valid for 30 days')).toBeTruthy();
    expect(starter.queryByText('Best value')).toBeNull();
    expect(within(await card(20)).getByText('Best value')).toBeTruthy();
    const contact = screen.getByRole('link', { name: 'Contact us' });
    expect(contact.getAttribute('href')).toBe('/contact-us');
  });

  it('shows the balance with its expiry and the free trial, and the purchase history with statuses', async () => {
    renderPage();
    expect((await screen.findByTestId('balance-hours')).textContent).toBe('4 hours remaining');
    expect(screen.getByText('Use them by March 1, 2030')).toBeTruthy();
    expect(screen.getByText('You have a free trial session waiting for you.')).toBeTruthy();
    const paid = within(await screen.findByTestId('order-12'));
    expect(paid.getByText('Paid')).toBeTruthy();
    expect(paid.getByText('QAR 408')).toBeTruthy();
    expect(screen.getByTestId('order-12').querySelector('.order-discount')?.textContent?.replace(/\s/g, ' ')).toBe(
      ' · code NOOR15, QAR 72 off',
    );
    expect(paid.getByRole('link', { name: 'Receipt 2030-000007' }).getAttribute('href')).toBe('/receipts/12');
    const failed = within(screen.getByTestId('order-11'));
    expect(failed.getByText('Not completed')).toBeTruthy();
    expect(failed.getByText(/Card declined/)).toBeTruthy();
    expect(failed.queryByRole('link')).toBeNull();
  });

  it('in Arabic: Arabic plural forms and the riyal sign', async () => {
    renderPage('ar');
    expect((await screen.findByTestId('balance-hours')).textContent).toBe('4 ساعات متبقية');
    const starter = within(await card(4));
    expect(starter.getByText('4 ساعات')).toBeTruthy();
    expect(starter.getByText(/480.*ر\.ق/)).toBeTruthy();
    expect(within(await card(20)).getByText('الأفضل قيمة')).toBeTruthy();
  });

  it('a valid code: the server prices it and the discounted total shows before paying; buying leaves for the checkout', async () => {
    const { calls, goToCheckout, user } = renderPage();
    await user.click(within(await card(4)).getByRole('button', { name: 'Choose Starter' }));
    expect(
      within(await card(4))
        .getByRole('button', { name: 'Choose Starter' })
        .getAttribute('aria-pressed'),
    ).toBe('true');
    expect(total()).toBe('QAR 480');
    await user.type(screen.getByRole('textbox', { name: 'Promo code' }), 'noor15');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(total()).toBe('QAR 408'));
    expect(screen.getByText('Discount (NOOR15)')).toBeTruthy();
    expect(calls.find((c) => c.url.endsWith('/v1/promo-codes/check'))?.body).toEqual({ code: 'noor15', package_id: 1 });

    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
    await waitFor(() => expect(goToCheckout).toHaveBeenCalledWith('/api/v1/sandbox/checkout/cs_abc?lang=en'));
    // Only the package and the code go to the server: never a price.
    expect(calls.find((c) => c.url.endsWith('/v1/orders') && c.method === 'POST')?.body).toEqual({ package_id: 1, promo_code: 'NOOR15' });
  });

  it.each([
    ['invalid', 'This promo code is not valid. Please check it and try again.'],
    ['expired', 'This promo code has expired.'],
    ['used_up', 'This promo code has already been used the maximum number of times.'],
    ['not_applicable', 'This promo code does not apply to the chosen package.'],
  ])('a refused code (%s) gets its own message next to the field, and no toast', async (code, text) => {
    promoReply = { status: 422, json: { message: 'server text', code } };
    const { onError, user } = renderPage();
    await user.click(within(await card(20)).getByRole('button', { name: 'Choose Excellence' }));
    const field = screen.getByRole('textbox', { name: 'Promo code' });
    await user.type(field, 'SOMECODE');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(document.getElementById(field.getAttribute('aria-describedby') ?? '')?.textContent).toBe(text));
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(total()).toBe('QAR 1,800');
    expect(onError).not.toHaveBeenCalled();
  });

  it('choosing a package brings the order into view and moves focus to it', async () => {
    const scrolled = vi.fn();
    const original = Element.prototype.scrollIntoView;
    Element.prototype.scrollIntoView = scrolled;
    onTestFinished(() => void (Element.prototype.scrollIntoView = original));
    const { user } = renderPage();
    await user.click(within(await card(20)).getByRole('button', { name: 'Choose Excellence' }));
    const heading = await screen.findByRole('heading', { level: 2, name: 'Your order' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(scrolled).toHaveBeenCalled();
    expect(scrolled.mock.contexts[0]).toBe(heading.closest('section'));
    // Choosing another package moves the focus there again.
    heading.blur();
    await user.click(within(await card(4)).getByRole('button', { name: 'Choose Starter' }));
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Your order'));
  });

  it('without a code, the order goes without one', async () => {
    const { calls, goToCheckout, user } = renderPage();
    await user.click(within(await card(20)).getByRole('button', { name: 'Choose Excellence' }));
    // The refund and cancellation rule is read before paying.
    const rule = screen.getByTestId('checkout-refund-rule').textContent ?? '';
    expect(rule).toContain('refunded in full from your purchase history within 14 days of paying');
    expect(rule).toContain('cancelled up to 6 hours before it starts');
    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
    await waitFor(() => expect(goToCheckout).toHaveBeenCalled());
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ package_id: 4 });
  });

  it('a checkout that could not open: no navigation, and the history is read again (the order is listed as failed)', async () => {
    orderReply = { status: 502, json: { message: 'The payment page could not be opened right now. Please try again later' } };
    const { calls, goToCheckout, user } = renderPage();
    await user.click(within(await card(4)).getByRole('button', { name: 'Choose Starter' }));
    const listed = () => calls.filter((c) => c.method === 'GET' && c.url.endsWith('/v1/orders')).length;
    await waitFor(() => expect(listed()).toBe(1));
    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
    await waitFor(() => expect(listed()).toBe(2));
    expect(goToCheckout).not.toHaveBeenCalled();
  });
});

describe('/packages on return from the payment page', () => {
  it.each([
    ['success', 'en', 'Thank you! Your payment has been successfully completed.', 'status'],
    ['failed', 'en', 'Your payment has not been completed. Please try again.', 'alert'],
    ['success', 'ar', 'شكراً لك! تمت عملية الدفع بنجاح.', 'status'],
    ['failed', 'ar', 'لم تكتمل عملية الدفع. يرجى المحاولة مرة أخرى.', 'alert'],
  ] as const)(
    '?payment=%s (%s) shows the spec message, reads the balance again and clears the address',
    async (result, locale, text, role) => {
      const calls = stubServer();
      const { router } = await renderApp(`/packages?payment=${result}&order=13`, { locale, signedIn: true });
      const message = await screen.findByTestId('payment-result');
      expect(message.textContent).toBe(text);
      expect(message.closest('[role]')?.getAttribute('role')).toBe(role);
      await waitFor(() => expect(router.state.location.search).toEqual({}));
      await waitFor(() => expect(calls.filter((c) => c.url.endsWith('/v1/balance')).length).toBeGreaterThanOrEqual(1));
      // Still shown after the address was cleared.
      expect(screen.getByTestId('payment-result').textContent).toBe(text);
      await act(async () => undefined);
    },
  );

  it('a declined card: the package and promo code are chosen again, with what to do next', async () => {
    // Order 12 is Starter with NOOR15 (the fixture's history); here it stands for the declined one.
    const paid = orders[0]!;
    orders[0] = { ...paid, status: 'failed', failure: 'declined', paid_at: null, receipt_number: null };
    onTestFinished(() => void (orders[0] = paid));
    const calls = stubServer();
    await renderApp('/packages?payment=failed&order=12', { locale: 'en', signedIn: true });
    expect((await screen.findByTestId('payment-next-step')).textContent).toMatch(/declined.*try another card/);
    const code = await screen.findByRole('textbox', { name: 'Promo code' });
    expect((code as HTMLInputElement).value).toBe('NOOR15');
    expect(
      within(await card(4))
        .getByRole('button', { name: 'Choose Starter' })
        .getAttribute('aria-pressed'),
    ).toBe('true');
    // The kept code is priced again by the server.
    await waitFor(() => expect(total()).toBe('QAR 408'));
    expect(calls.find((c) => c.url.endsWith('/v1/promo-codes/check'))?.body).toEqual({ code: 'NOOR15', package_id: 1 });
  });

  it("after buying from a booking's detour, success leads back to that booking's review", async () => {
    stubServer();
    rememberBookingReturn(7);
    onTestFinished(forgetBookingReturn);
    await renderApp('/packages?payment=success&order=13', { locale: 'en', signedIn: true });
    await screen.findByTestId('payment-result');
    // #book: the anchor the teacher page brings into view and focuses once the teacher is loaded (the
    // booking panel, which opens on the kept review), not the top of the page.
    expect(screen.getByRole('link', { name: 'Continue your booking' }).getAttribute('href')).toBe('/teachers/7#book');
  });

  it('a success without a waiting booking offers no way back to one', async () => {
    stubServer();
    await renderApp('/packages?payment=success&order=13', { locale: 'en', signedIn: true });
    await screen.findByTestId('payment-result');
    expect(screen.queryByRole('link', { name: 'Continue your booking' })).toBeNull();
  });

  it('a payment the bank has not confirmed says so, then turns into the confirmation and the new balance', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout'] });
    onTestFinished(() => void vi.useRealTimers());
    const paid = orders[0]!;
    orders[0] = { ...paid, status: 'pendingPayment', paid_at: null, receipt_number: null };
    onTestFinished(() => void (orders[0] = paid));
    const calls = stubServer();
    await renderApp('/packages?payment=pending&order=12', { locale: 'ar', signedIn: true });
    const message = await screen.findByTestId('payment-result');
    expect(message.textContent).toBe('جارٍ تأكيد عملية الدفع. ستظهر ساعاتك هنا فور تأكيد البنك لها.');
    expect(message.closest('[role]')?.getAttribute('role')).toBe('status');
    expect(screen.getByTestId('payment-pending-hint').textContent).toContain('لا حاجة إلى الدفع مرة أخرى');
    expect(screen.queryByTestId('payment-next-step')).toBeNull();
    // Still being confirmed at the next look: the message stays.
    await act(() => vi.advanceTimersByTimeAsync(PENDING_POLL_MS));
    expect(screen.getByTestId('payment-result').textContent).toContain('جارٍ تأكيد');
    const balanceReads = calls.filter((c) => c.url.endsWith('/v1/balance')).length;
    const orderReads = calls.filter((c) => c.url.endsWith('/v1/orders')).length;
    expect(orderReads).toBeGreaterThanOrEqual(2);

    // The webhook paid it: the next look shows the spec's success message and reads the balance again.
    orders[0] = paid;
    await act(() => vi.advanceTimersByTimeAsync(PENDING_POLL_MS));
    await waitFor(() => expect(screen.getByTestId('payment-result').textContent).toBe('شكراً لك! تمت عملية الدفع بنجاح.'));
    expect(screen.getByTestId('payment-result').closest('[role]')?.getAttribute('role')).toBe('status');
    expect(screen.queryByTestId('payment-pending-hint')).toBeNull();
    await waitFor(() => expect(calls.filter((c) => c.url.endsWith('/v1/balance')).length).toBeGreaterThan(balanceReads));
    // Settled: the page stops asking.
    const settledReads = calls.filter((c) => c.url.endsWith('/v1/orders')).length;
    await act(() => vi.advanceTimersByTimeAsync(PENDING_POLL_MS * 3));
    expect(calls.filter((c) => c.url.endsWith('/v1/orders')).length).toBe(settledReads);
  });

  it('a payment being confirmed that the bank then declines turns into the failure with its next step', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setInterval', 'clearInterval', 'setTimeout', 'clearTimeout'] });
    onTestFinished(() => void vi.useRealTimers());
    const paid = orders[0]!;
    orders[0] = { ...paid, status: 'pendingPayment', paid_at: null, receipt_number: null };
    onTestFinished(() => void (orders[0] = paid));
    stubServer();
    await renderApp('/packages?payment=pending&order=12', { locale: 'en', signedIn: true });
    expect((await screen.findByTestId('payment-result')).textContent).toBe(
      'Your payment is being confirmed. Your hours appear here as soon as the bank confirms it.',
    );
    orders[0] = { ...paid, status: 'failed', failure: 'declined', paid_at: null, receipt_number: null };
    await act(() => vi.advanceTimersByTimeAsync(PENDING_POLL_MS));
    await waitFor(() =>
      expect(screen.getByTestId('payment-result').textContent).toBe('Your payment has not been completed. Please try again.'),
    );
    expect(screen.getByTestId('payment-result').closest('[role]')?.getAttribute('role')).toBe('alert');
    expect(screen.getByTestId('payment-next-step').textContent).toMatch(/declined.*try another card/);
  });

  it('without ?payment nothing is announced', async () => {
    stubServer();
    await renderApp('/packages', { locale: 'en', signedIn: true });
    await screen.findByRole('heading', { level: 1, name: 'Time packages' });
    expect(screen.queryByTestId('payment-result')).toBeNull();
  });
});
