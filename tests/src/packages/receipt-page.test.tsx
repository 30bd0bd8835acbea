// @vitest-environment jsdom
// The receipt page as a family reads it: the seller, the number, the date and time with the zone, what
// was bought with which code and discount, how it was paid; "Download PDF" opens the print dialog; in
// Arabic the same receipt reads right-to-left with Arabic labels; an order without one says so.
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ReceiptPage } from '../../../src/features/packages/receipt-page';
import { cleanUpAfterEach, renderRouted, type Reply } from '../helpers';

const receipt = (locale: 'en' | 'ar') => ({
  number: '2030-000007',
  kind: 'payment',
  issued_at: '2030-03-10T09:15:00.000Z',
  time_zone: 'Asia/Qatar',
  order_id: 12,
  customer: { name: 'Sara Ali', phone: '+97455123456' },
  package_name: locale === 'en' ? 'Steady' : 'باقة المواظبة',
  hours: 8,
  validity_days: 60,
  list_price: 880,
  promo_code: 'NOOR15',
  discount: 132,
  amount: 748,
  currency: 'QAR',
  payment_method: 'card',
  gateway: 'sandbox',
  gateway_reference: 'sbx_abc123',
  company: {
    name: locale === 'en' ? 'Noor Tutoring W.L.L.' : 'نور للتعليم ذ.م.م',
    address: 'Doha, Qatar',
    registration_number: '123456',
    tax_number: null,
    email: 'billing@noor.example',
    phone: '+97440000000',
  },
});

function server(locale: 'en' | 'ar') {
  return (url: string): Reply =>
    url.endsWith('/v1/orders/12/receipt')
      ? { status: 200, json: { message: 'ok', data: receipt(locale) } }
      : { status: 404, json: { message: 'There is no receipt for this order' } };
}

cleanUpAfterEach();

describe('ReceiptPage', () => {
  it('shows every line of the receipt, dated in Qatar time with the zone named, and prints on "Download PDF"', async () => {
    const print = vi.fn();
    vi.stubGlobal('print', print);
    renderRouted({ component: () => <ReceiptPage orderId={12} />, route: server('en') });
    expect((await screen.findByTestId('receipt-number')).textContent).toBe('2030-000007');
    const doc = screen.getByTestId('receipt');
    const text = (doc.textContent ?? '').replace(/\s/g, ' ');
    for (const part of [
      'Noor Tutoring W.L.L.',
      'Commercial registration: 123456',
      'March 10, 2030',
      '12:15',
      'Qatar time',
      'Sara Ali',
      'Steady',
      '8 hours',
      'valid 60 days',
      'QAR 880',
      'NOOR15',
      'Card · Test payment (sandbox)',
      'sbx_abc123',
    ]) {
      expect(text).toContain(part);
    }
    expect(screen.getByTestId('receipt-discount').textContent?.replace(/\s/g, ' ')).toBe('QAR 132');
    expect(screen.getByTestId('receipt-amount').textContent?.replace(/\s/g, ' ')).toBe('QAR 748');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Download PDF' }));
    expect(print).toHaveBeenCalledOnce();
  });

  it('in Arabic: Arabic labels and names', async () => {
    renderRouted({ component: () => <ReceiptPage orderId={12} />, route: server('ar'), locale: 'ar' });
    expect(await screen.findByText('نور للتعليم ذ.م.م')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toContain('إيصال');
    expect(screen.getByText('المبلغ المدفوع')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'تنزيل PDF' })).toBeTruthy();
  });

  it('a refund receipt is read from the refund-receipt endpoint and names the refund', async () => {
    const refund = { ...receipt('en'), kind: 'refund', number: '2030-000009', gateway_reference: 'rf_xyz' };
    const { calls } = renderRouted({
      component: () => <ReceiptPage orderId={12} kind="refund" />,
      route: (url) =>
        url.endsWith('/v1/orders/12/refund-receipt')
          ? { status: 200, json: { message: 'ok', data: refund } }
          : { status: 404, json: { message: 'no' } },
    });
    expect((await screen.findByRole('heading', { level: 1 })).textContent?.replace(/\s/g, ' ')).toBe('Refund receipt 2030-000009');
    for (const label of ['Amount refunded', 'Refunded to', 'Refund reference']) expect(screen.getByText(label)).toBeTruthy();
    expect(screen.getByText('rf_xyz')).toBeTruthy();
    expect(calls.every((c) => !c.url.endsWith('/receipt'))).toBe(true);
  });

  it('an order without a receipt says so', async () => {
    renderRouted({ component: () => <ReceiptPage orderId={13} />, route: server('en') });
    expect((await screen.findByRole('alert')).textContent).toBe('There is no receipt for this order.');
  });
});
