// watchRequestUpdates: screens share one realtime connection (opened on the first, closed after the
// last), each event or reconnect refreshes the request caches, and a failed connection is retried by
// the next screen instead of being remembered.
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { watchRequestUpdates } from '../../../src/realtime/use-request-updates';
import { fakeRealtime } from './fixtures';

const settle = () => new Promise((r) => setTimeout(r, 0));

describe('watchRequestUpdates', () => {
  it('shares one connection between screens and closes it after the last one leaves', async () => {
    const realtime = fakeRealtime();
    const connect = vi.fn(realtime.connect);
    const queryClient = new QueryClient();
    const stopA = watchRequestUpdates(5, queryClient, connect);
    const stopB = watchRequestUpdates(5, queryClient, connect);
    await settle();
    expect(connect).toHaveBeenCalledTimes(1);
    stopA();
    await settle();
    expect(realtime.disconnect).not.toHaveBeenCalled();
    expect(realtime.subscriptions()).toEqual([
      'private-user-5|pusher:subscription_succeeded',
      'private-user-5|request.updated',
      'private-user-5|request.offered',
    ]);
    stopB();
    await settle();
    expect(realtime.disconnect).toHaveBeenCalledTimes(1);
    expect(realtime.subscriptions()).toEqual([]);
  });

  it('the subscription taking effect, an event or a reconnect invalidates the requests, the balance, the children’s usage and the teachers', async () => {
    const realtime = fakeRealtime();
    const queryClient = new QueryClient();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    const stop = watchRequestUpdates(5, queryClient, realtime.connect);
    await settle();
    realtime.fire('private-user-5', 'pusher:subscription_succeeded', {});
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['requests'] });
    invalidate.mockClear();
    realtime.fire('private-user-5', 'request.updated', { id: 1, status: 'approved' });
    expect(invalidate.mock.calls.map((c) => c[0]?.queryKey)).toEqual([['requests'], ['packages', 'balance'], ['children'], ['teachers']]);
    invalidate.mockClear();
    realtime.reconnect();
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['requests'] });
    // Another user's channel is not this screen's business.
    invalidate.mockClear();
    realtime.fire('private-user-6', 'request.updated', { id: 2, status: 'approved' });
    expect(invalidate).not.toHaveBeenCalled();
    stop();
  });

  it('a failed connection is not remembered: the next screen tries again', async () => {
    const realtime = fakeRealtime();
    const connect = vi.fn().mockRejectedValueOnce(new Error('offline')).mockImplementation(realtime.connect);
    const queryClient = new QueryClient();
    const stopA = watchRequestUpdates(5, queryClient, connect);
    await settle();
    stopA();
    const stopB = watchRequestUpdates(5, queryClient, connect);
    await settle();
    expect(connect).toHaveBeenCalledTimes(2);
    expect(realtime.subscriptions().length).toBe(3);
    stopB();
  });
});
