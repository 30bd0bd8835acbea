// @vitest-environment jsdom
// The footer newsletter sign-up: a first sign-up is a success toast, a second one a friendly info
// toast with the server's message (never an error), a bad address is caught before sending.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../src/api/query-client';
import { NewsletterForm } from '../../../src/features/pages/newsletter-form';
import { toast } from '../../../src/ui/toast-store';
import { cleanUpAfterEach, fakeFetch, makeI18n, renderWithProviders } from '../helpers';

const subscribed = new Set<string>();

function setup() {
  const { fetch, calls } = fakeFetch(() => {
    const email = (calls.at(-1)?.body as { email: string }).email;
    const already = subscribed.has(email);
    subscribed.add(email);
    return already
      ? { status: 200, json: { message: 'You are already on our list, thank you!', data: { already_subscribed: true } } }
      : { status: 201, json: { message: 'Welcome aboard!', data: { already_subscribed: false } } };
  });
  vi.stubGlobal('fetch', fetch);
  const onError = vi.fn();
  renderWithProviders(<NewsletterForm />, { i18n: makeI18n('en'), queryClient: createQueryClient({ onError }) });
  return {
    calls,
    onError,
    user: userEvent.setup(),
    email: screen.getByRole('textbox', { name: 'Email for newsletter' }) as HTMLInputElement,
    subscribe: screen.getByRole('button', { name: 'Subscribe' }),
  };
}

beforeEach(() => {
  subscribed.clear();
  toast.clear();
});

cleanUpAfterEach();

describe('NewsletterForm', () => {
  it('first sign-up: success toast; the same address again: an info toast with the server message', async () => {
    const { email, subscribe, user, onError, calls } = setup();
    await user.type(email, 'mother@example.com');
    await user.click(subscribe);
    await waitFor(() => expect(toast.getSnapshot()).toHaveLength(1));
    expect(toast.getSnapshot()[0]).toMatchObject({ severity: 'success', detail: 'Welcome aboard!' });
    expect(calls[0]?.body).toEqual({ email: 'mother@example.com' });
    await waitFor(() => expect(email.value).toBe(''));

    await user.type(email, 'mother@example.com');
    await user.click(subscribe);
    await waitFor(() => expect(toast.getSnapshot()).toHaveLength(2));
    expect(toast.getSnapshot()[1]).toMatchObject({ severity: 'info', detail: 'You are already on our list, thank you!' });
    expect(toast.getSnapshot().some((m) => m.severity === 'error' || m.severity === 'warn')).toBe(false);
    expect(onError).not.toHaveBeenCalled();
  });

  it('an invalid address is refused next to the field, kept, and not sent', async () => {
    const { email, subscribe, user, calls } = setup();
    await user.type(email, 'not-an-email');
    await user.click(subscribe);
    await waitFor(() => expect(email.getAttribute('aria-invalid')).toBe('true'));
    const errorId = email.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(errorId)?.textContent).toContain('Please enter a valid email address');
    expect(email.value).toBe('not-an-email');
    expect(calls).toHaveLength(0);
  });
});
