// @vitest-environment jsdom
// The packages screen as a student uses it: packages with prices in riyals, price per hour, best value
// and the institutional option; the balance and history; a promo code checked by the server with the
// discounted price or each refusal's own message; buying leaves for the checkout URL; and the return
// from the payment page shows the spec's message and reads the balance again.
import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { forgetBookingReturn, rememberBookingReturn } from '../../../src/app/booking';
import { PackagesPage } from '../../../src/features/packages/packages-page';
import { cleanUpAfterEach, fakeFetch, renderRouted, type Reply } from '../helpers';
import { renderApp } from '../pages/render-app';

const packages = [
  {
    id: 1,
    code: 'starter-4',
    name: 'Starter',
    name_ar: 'باقة البداية',
    name_en: 'Starter',
    hours: 4,
    price: 480,
    currency: 'QAR',
    validity_days: 30,
    price_per_hour: 120,
    best_value: false,
  },
  {
    id: 4,
    code: 'excellence-20',
    name: 'Excellence',
    name_ar: 'باقة التفوّق',
    name_en: 'Excellence',
    hours: 20,
    price: 1800,
    currency: 'QAR',
    validity_days: 120,
    price_per_hour: 90,
    best_value: true,
  },
];
const balance = { hours_remaining: 4, minutes_remaining: 240, expires_at: '2030-03-01T10:00:00.000Z', free_trial_available: true };
const orders: Record<string, unknown>[] = [
  {
    id: 12,
    package_id: 1,
    package_name: 'Starter',
    hours: 4,
    list_price: 480,
    discount: 72,
    amount: 408,
    currency: 'QAR',
    promo_code: 'NOOR15',
    status: 'paid',
    failure: null,
    created_at: '2030-01-01T10:00:00.000Z',
    paid_at: '2030-01-01T10:01:00.000Z',
    receipt_number: '2030-000007',
    refundable: false,
    refunded_at: null,
    refund_receipt_number: null,
  },
  {
    id: 11,
    package_id: 4,
    package_name: 'Excellence',
    hours: 20,
    list_price: 1800,
    discount: 0,
    amount: 1800,
    currency: 'QAR',
    promo_code: null,
    status: 'failed',
    failure: 'declined',
    created_at: '2029-12-31T10:00:00.000Z',
    paid_at: null,
    receipt_number: null,
    refundable: false,
    refunded_at: null,
    refund_receipt_number: null,
  },
];

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
    promoReply = { status: 422, json: { message: 'server text', errors: { code: [code] } } };
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
    expect(screen.getByRole('link', { name: 'Continue your booking' }).getAttribute('href')).toBe('/teachers/7#booking');
  });

  it('a success without a waiting booking offers no way back to one', async () => {
    stubServer();
    await renderApp('/packages?payment=success&order=13', { locale: 'en', signedIn: true });
    await screen.findByTestId('payment-result');
    expect(screen.queryByRole('link', { name: 'Continue your booking' })).toBeNull();
  });

  it('without ?payment nothing is announced', async () => {
    stubServer();
    await renderApp('/packages', { locale: 'en', signedIn: true });
    await screen.findByRole('heading', { level: 1, name: 'Time packages' });
    expect(screen.queryByTestId('payment-result')).toBeNull();
  });
});
