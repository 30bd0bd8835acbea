// @vitest-environment jsdom
// The Toaster as a user meets it: every severity visible and marked, a translated close button that
// closes, no close button when not closable, toasts going away after their life, groups kept apart.
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import { DirectionProvider } from '@radix-ui/react-direction';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createToastStore, SEVERITIES } from '../../../src/ui/toast-store';
import { Toaster } from '../../../src/ui/toaster';
import { makeI18n } from '../helpers';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function renderToaster(locale: 'en' | 'ar' = 'en', group?: string) {
  const store = createToastStore();
  render(
    <I18nProvider i18n={makeI18n(locale)}>
      <DirectionProvider dir={locale === 'ar' ? 'rtl' : 'ltr'}>
        <Toaster store={store} group={group} />
      </DirectionProvider>
    </I18nProvider>,
  );
  return store;
}

describe('Toaster', () => {
  it('shows each severity with its summary, detail and data-severity', () => {
    const store = renderToaster();
    act(() => {
      for (const severity of SEVERITIES) store.show({ severity, summary: `${severity} summary`, detail: `${severity} detail` });
    });
    for (const severity of SEVERITIES) {
      const toast = document.querySelector(`[data-severity="${severity}"]`);
      expect(toast, severity).not.toBeNull();
      expect(toast?.textContent).toContain(`${severity} summary`);
      expect(toast?.textContent).toContain(`${severity} detail`);
      // The icon is drawn: no glyph a desktop's fonts might lack.
      const icon = toast!.querySelector('.toast-icon');
      expect(icon?.querySelector('svg path')?.getAttribute('d'), severity).toBeTruthy();
      expect(icon?.textContent, severity).toBe('');
    }
  });

  it('has a translated close button that closes the toast', () => {
    const store = renderToaster('ar');
    act(() => void store.show({ severity: 'success', summary: 'تم' }));
    const toast = document.querySelector('[data-severity="success"]') as HTMLElement;
    fireEvent.click(within(toast).getByRole('button', { name: 'إغلاق الإشعار' }));
    expect(store.getSnapshot()).toEqual([]);
    expect(document.querySelector('[data-severity]')).toBeNull();
  });

  it('has no close button when not closable', () => {
    const store = renderToaster();
    act(() => void store.show({ severity: 'warn', summary: 'Stay', closable: false }));
    const toast = document.querySelector('[data-severity="warn"]') as HTMLElement;
    expect(within(toast).queryByRole('button')).toBeNull();
  });

  it('closes itself after its life', () => {
    vi.useFakeTimers();
    const store = renderToaster();
    act(() => void store.show({ severity: 'info', summary: 'Short', life: 1000 }));
    act(() => void store.show({ severity: 'error', summary: 'Default' }));
    act(() => void vi.advanceTimersByTime(1100));
    expect(store.getSnapshot().map((m) => m.summary)).toEqual(['Default']);
    act(() => void vi.advanceTimersByTime(4000));
    expect(store.getSnapshot()).toEqual([]);
  });

  it('shows only its own group', () => {
    const store = renderToaster('en', 'session');
    act(() => {
      store.show({ summary: 'elsewhere' });
      store.show({ summary: 'in session', group: 'session' });
    });
    expect(screen.queryByText('elsewhere')).toBeNull();
    expect(screen.getByText('in session')).toBeTruthy();
  });

  it('labels the notifications region in the active language', () => {
    renderToaster('en');
    expect(screen.getByRole('region', { name: 'Notifications (F8)' })).toBeTruthy();
  });
});
