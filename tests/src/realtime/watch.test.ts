// The app's one realtime connection: watchers share it, it closes when the last one stops, and a failed
// connection is retried by the next watcher.
import { describe, expect, it, vi } from 'vitest';
import type { RealtimeConnection } from '../../../src/realtime/client';
import { watchChannels } from '../../../src/realtime/watch';

function fakeConnection() {
  const disconnect = vi.fn();
  const connection = {
    subscribe: () => () => undefined,
    onReconnect: () => () => undefined,
    onSubscriptionError: () => () => undefined,
    socketId: () => undefined,
    disconnect,
  } as unknown as RealtimeConnection;
  return { connection, disconnect };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('watchChannels', () => {
  it('shares one connection between watchers and closes it with the last one', async () => {
    const fake = fakeConnection();
    const connect = vi.fn(async () => fake.connection);
    const undoA = vi.fn();
    const undoB = vi.fn();
    const stopA = watchChannels(() => [undoA], connect);
    const stopB = watchChannels(() => [undoB], connect);
    await flush();
    expect(connect).toHaveBeenCalledTimes(1);
    stopA();
    await flush();
    expect(undoA).toHaveBeenCalledTimes(1);
    expect(fake.disconnect).not.toHaveBeenCalled();
    stopB();
    stopB();
    await flush();
    expect(undoB).toHaveBeenCalledTimes(1);
    expect(fake.disconnect).toHaveBeenCalledTimes(1);
    // A watcher after that opens a new connection.
    const stopC = watchChannels(() => [], connect);
    await flush();
    expect(connect).toHaveBeenCalledTimes(2);
    stopC();
  });

  it('a watcher stopped before the connection is up never subscribes', async () => {
    const fake = fakeConnection();
    const setup = vi.fn(() => []);
    const stop = watchChannels(setup, async () => fake.connection);
    stop();
    await flush();
    expect(setup).not.toHaveBeenCalled();
    expect(fake.disconnect).toHaveBeenCalledTimes(1);
  });

  it('after a failed connection the next watcher tries again', async () => {
    const fake = fakeConnection();
    const connect = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(fake.connection);
    const setup = vi.fn(() => []);
    const stopA = watchChannels(setup, connect);
    await flush();
    expect(setup).not.toHaveBeenCalled();
    const stopB = watchChannels(setup, connect);
    await flush();
    expect(connect).toHaveBeenCalledTimes(2);
    expect(setup).toHaveBeenCalledTimes(1);
    stopA();
    stopB();
  });
});
