// @vitest-environment jsdom
// The toaster loaded with the first toast, when it cannot be (the network went away before any toast
// was needed): the page stays as it was (a failed lazy import used to blank it), and once the browser
// is online again the toaster comes with the toasts that waited.
import { act, cleanup, render, screen } from '@testing-library/react';
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
  it('keeps the page when the toaster cannot load, and shows the waiting toast once online', async () => {
    const { LazyToaster } = await import('../../../src/ui/lazy-toaster');
    const store = createToastStore();
    render(
      <I18nProvider i18n={makeI18n('en')}>
        <p>The booking form</p>
        <LazyToaster store={store} />
      </I18nProvider>,
    );
    act(() => void store.show({ severity: 'warn', summary: 'You are offline', detail: 'Nothing was sent.', closable: true }));
    await act(async () => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(screen.getByText('The booking form')).toBeTruthy();
    expect(screen.queryByText('You are offline')).toBeNull();

    network.up = true;
    await act(async () => void window.dispatchEvent(new Event('online')));
    expect(await screen.findByRole('region', { name: /Notifications/ })).toBeTruthy();
    expect(await screen.findByText('You are offline')).toBeTruthy();
    expect(screen.getByText('The booking form')).toBeTruthy();
  });
});
