// @vitest-environment jsdom
// The header's balance badge: a signed-in student sees the remaining hours as a link to the packages
// screen, in both languages; when the balance cannot be read the badge stays away and no toast is shown.
import { act, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { HeaderBalance } from '../../../src/features/profile/header-balance';
import { cleanUpAfterEach, renderRouted, type Reply } from '../helpers';

function renderBadge(reply: Reply, locale: 'en' | 'ar' = 'en') {
  return renderRouted({ component: () => <HeaderBalance />, locale, route: () => reply });
}

const balance = (hours: number): Reply => ({
  status: 200,
  json: { message: 'ok', data: { hours_remaining: hours, minutes_remaining: hours * 60, expires_at: null, free_trial_available: false } },
});

cleanUpAfterEach();

describe('HeaderBalance', () => {
  it('links the remaining hours to the packages screen', async () => {
    const { calls } = renderBadge(balance(8));
    const link = await screen.findByTestId('header-balance');
    expect(link.getAttribute('href')).toBe('/packages');
    expect(link.textContent).toBe('Your balance: 8 hours');
    expect(calls[0]!.url).toMatch(/\/v1\/balance$/);
  });

  it('speaks Arabic with its plural forms', async () => {
    renderBadge(balance(2), 'ar');
    expect((await screen.findByTestId('header-balance')).textContent).toBe('رصيدك: ساعتان');
  });

  it('says "free trial", not "no hours", while the free trial is still open', async () => {
    renderBadge(
      {
        status: 200,
        json: { message: 'ok', data: { hours_remaining: 0, minutes_remaining: 0, expires_at: null, free_trial_available: true } },
      },
      'ar',
    );
    const badge = await screen.findByTestId('header-balance');
    expect(badge.textContent).toBe('رصيدك: حصة مجانية');
    expect(badge.getAttribute('href')).toBe('/packages');
  });

  it('stays away without a toast when the balance cannot be read', async () => {
    const { calls, onError, queryClient } = renderBadge({ status: 500, json: { message: 'boom' } });
    await vi.waitFor(() => expect(calls.length).toBeGreaterThan(0));
    // Settled: the query has failed for good and React has rendered that state. The one retry of a
    // 5xx waits 1 s itself, vi.waitFor's own default: give the settling room.
    await vi.waitFor(() => expect(queryClient.getQueryCache().getAll()[0]?.state.status).toBe('error'), { timeout: 5_000 });
    await act(async () => {});
    expect(screen.queryByTestId('header-balance')).toBeNull();
    expect(onError).not.toHaveBeenCalled();
  });
});
