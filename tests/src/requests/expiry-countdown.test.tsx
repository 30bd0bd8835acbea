// @vitest-environment jsdom
// A waiting request's countdown reads as a duration in words, in both languages — never as a clock
// ("66:00:00") that a reader could take for a time of day.
import { act, cleanup, render, screen } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ExpiryCountdown, durationParts } from '../../../src/features/requests/expiry-countdown';
import { makeI18n } from '../helpers';

const NOW = new Date('2026-11-26T10:00:00Z');
const H = 3600_000;

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function shown(locale: 'en' | 'ar', leftMs: number): string {
  vi.useFakeTimers({ now: NOW });
  render(
    <I18nProvider i18n={makeI18n(locale)}>
      <ExpiryCountdown expiresAt={new Date(NOW.getTime() + leftMs).toISOString()} />
    </I18nProvider>,
  );
  const text = screen.getByTestId('request-countdown').textContent ?? '';
  cleanup();
  return text;
}

describe('ExpiryCountdown', () => {
  it('splits a duration into days, hours, minutes and seconds', () => {
    expect(durationParts(2 * 24 * H + 18 * H + 5 * 60_000 + 7_000)).toEqual({ days: 2, hours: 18, minutes: 5, seconds: 7 });
    expect(durationParts(-5)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0 });
  });

  it.each([
    [66 * H, 'Expires in 2 days 18 h', 'ينتهي بعد يومين و18 ساعة'],
    [24 * H + 30 * 60_000, 'Expires in 1 day', 'ينتهي بعد يوم واحد'],
    [3 * 24 * H + 2 * H, 'Expires in 3 days 2 h', 'ينتهي بعد 3 أيام وساعتين'],
    [5 * H + 20 * 60_000, 'Expires in 5 h 20 min', 'ينتهي بعد 5 ساعات و20 دقيقة'],
    [12 * 60_000 + 5_000, 'Expires in 12 min 5 s', 'ينتهي بعد 12 دقيقة و5 ثوانٍ'],
  ])('%i ms left reads as words', (ms, en, ar) => {
    expect(shown('en', ms)).toBe(en);
    expect(shown('ar', ms)).toBe(ar);
  });

  it('ticks, and disappears once expired', () => {
    vi.useFakeTimers({ now: NOW });
    render(
      <I18nProvider i18n={makeI18n('en')}>
        <ExpiryCountdown expiresAt={new Date(NOW.getTime() + 2_000).toISOString()} />
      </I18nProvider>,
    );
    expect(screen.getByTestId('request-countdown').textContent).toBe('Expires in 0 min 2 s');
    act(() => {
      vi.advanceTimersByTime(1_000);
    });
    expect(screen.getByTestId('request-countdown').textContent).toBe('Expires in 0 min 1 s');
    act(() => {
      vi.advanceTimersByTime(1_000);
    });
    expect(screen.queryByTestId('request-countdown')).toBeNull();
  });
});
