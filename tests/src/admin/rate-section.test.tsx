// @vitest-environment jsdom
// A teacher's rate on the console's application screen: support reads the default rate; an admin types
// a new rate in riyals, which is sent in minor units, and the screen then shows it with its date.
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { RateSection } from '../../../src/features/admin/rate-section';
import { cleanUpAfterEach, renderRouted } from '../helpers';

cleanUpAfterEach();

const fallback = { amount_minor: 6000, currency: 'QAR' };

describe('RateSection', () => {
  it('shows the default to support (no form), and lets an admin set a rate in minor units', async () => {
    let current = { current: fallback, is_default: true, effective_from: null as string | null, default: fallback };
    const read = renderRouted({
      component: () => <RateSection id="7" canSet={false} />,
      route: () => ({ status: 200, json: { message: 'ok', data: current } }),
    });
    expect((await screen.findByTestId('rate-current')).textContent?.replace(/\s/g, ' ')).toBe('QAR 60.00 (the default rate)');
    expect(screen.queryByRole('button', { name: 'Save rate' })).toBeNull();
    read.unmount();

    const { calls } = renderRouted({
      component: () => <RateSection id="7" canSet />,
      route: (_url, method) => {
        if (method === 'PUT')
          current = {
            current: { amount_minor: 7550, currency: 'QAR' },
            is_default: false,
            effective_from: '2030-01-10T09:00:00.000Z',
            default: fallback,
          };
        return { status: 200, json: { message: 'ok', data: current } };
      },
    });
    const input = await screen.findByLabelText(/New rate per hour/);
    const user = userEvent.setup();
    await user.type(input, '75.555');
    await user.click(screen.getByRole('button', { name: 'Save rate' }));
    expect(screen.getByText('Enter an amount such as 75.50')).toBeTruthy();
    await user.clear(input);
    await user.type(input, '75.5');
    await user.click(screen.getByRole('button', { name: 'Save rate' }));
    expect(await screen.findByText(/^since /)).toBeTruthy();
    expect(screen.getByTestId('rate-current').textContent?.replace(/\s/g, ' ')).toContain('QAR 75.50 since');
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.url).toContain('/admin/teachers/7/rate');
    expect(put.body).toEqual({ amount_minor: 7550, currency: 'QAR' });
  });
});
