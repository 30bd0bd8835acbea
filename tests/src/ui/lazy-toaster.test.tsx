// @vitest-environment jsdom
// The toaster loaded with the first toast, when it cannot be (the network went away before any toast
// was needed): the toasts still show, plainly and announced, each with its close button; once the
// browser is online again the real toaster takes over.
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createToastStore } from '../../../src/ui/toast-store';
import { makeI18n } from '../helpers';

const network = vi.hoisted(() => ({ up: false }));
vi.mock('../../../src/ui/toaster', async (importActual) => {
  if (!network.up) throw new TypeError('Failed to fetch dynamically imported module');
  return importActual();
});

afterEach(cleanup);

describe('LazyToaster offline', () => {
  it('shows the toasts plainly when the toaster cannot load, and the toaster once online', async () => {
    const { LazyToaster } = await import('../../../src/ui/lazy-toaster');
    const store = createToastStore();
    render(
      <I18nProvider i18n={makeI18n('en')}>
        <LazyToaster store={store} />
      </I18nProvider>,
    );
    act(() => void store.show({ severity: 'warn', summary: 'You are offline', detail: 'Nothing was sent.' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('You are offline');
    expect(alert.textContent).toContain('Nothing was sent.');
    fireEvent.click(screen.getByRole('button', { name: 'Close notification' }));
    expect(screen.queryByRole('alert')).toBeNull();

    act(() => void store.show({ severity: 'error', summary: 'Error', detail: 'Still offline', closable: true }));
    await screen.findByRole('alert');
    network.up = true;
    await act(async () => void window.dispatchEvent(new Event('online')));
    // Radix's viewport: the real toaster is mounted.
    expect(await screen.findByRole('region', { name: /Notifications/ })).toBeTruthy();
    expect(await screen.findByText('Still offline')).toBeTruthy();
  });
});
