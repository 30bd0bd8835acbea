// connectRealtime end to end: the real pusher-js (loaded lazily by the wrapper) against the real server,
// configured only from GET /api/v1/realtime/config; and the reconnect signal, driven through a fake
// pusher-js whose connection states the test controls.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createApiClient } from '../../../src/api/client';
import { connectRealtime, type PusherConstructor, type RealtimeConnection } from '../../../src/realtime/client';
import { instructorStatusChannel, instructorStatusEvent } from '../../../contract/realtime-names';
import { createServer, type RunningServer } from '../../../server/main';

let server: RunningServer;
let connection: RealtimeConnection | undefined;

beforeAll(async () => {
  server = await createServer({
    logLevel: 'silent',
    seedDemo: false,
    realtime: { resolveUser: async (token) => (token === 'teacher-7' ? { id: 7, is_teacher: true } : null) },
  });
});

afterAll(async () => {
  connection?.disconnect();
  await server?.close();
});

function connectAs(token: string | null, loadPusher?: () => Promise<PusherConstructor>) {
  return connectRealtime({
    env: {},
    api: createApiClient({ baseURL: `${server.url}/api/` }),
    apiBaseURL: '/api/',
    pageURL: `${server.url}/profile`,
    token: () => token,
    ...(loadPusher ? { loadPusher } : {}),
  });
}

describe('connectRealtime against the server', () => {
  it('subscribes a teacher to their status channel and hands events to the handler until unsubscribed', async () => {
    connection = await connectAs('teacher-7');
    const channel = instructorStatusChannel(7);
    const received = new Promise((resolve) => {
      const off = connection?.subscribe(channel, instructorStatusEvent(7), (data) => {
        off?.();
        resolve(data);
      });
    });
    await vi.waitFor(() => expect(server.realtime.endpoint?.subscriberCount(channel)).toBe(1));
    expect(connection.socketId()).toMatch(/^\d+\.\d+$/);
    await server.realtime.publisher.publish(channel, instructorStatusEvent(7), { status: 'policy' });
    expect(await received).toEqual({ status: 'policy' });
    // The handler's unsubscribe was the channel's last use: the server no longer sends it anything.
    await vi.waitFor(() => expect(server.realtime.endpoint?.subscriberCount(channel)).toBe(0));
  });

  it('refetches when the server says events were missed (the refetch event), as after a reconnect', async () => {
    const client = await connectAs('teacher-7');
    try {
      const refetched = vi.fn();
      client.onReconnect(refetched);
      await vi.waitFor(() => expect(client.socketId()).toMatch(/^\d+\.\d+$/));
      expect(server.realtime.endpoint?.refetchAll()).toBeGreaterThanOrEqual(1);
      await vi.waitFor(() => expect(refetched).toHaveBeenCalledTimes(1));
    } finally {
      client.disconnect();
    }
  });

  it("reports a refused channel with the auth endpoint's status", async () => {
    const anonymous = await connectAs(null);
    try {
      const refused = new Promise<[string, number | undefined]>((resolve) => anonymous.onSubscriptionError((c, s) => resolve([c, s])));
      anonymous.subscribe(instructorStatusChannel(7), instructorStatusEvent(7), () => {});
      expect(await refused).toEqual([instructorStatusChannel(7), 401]);
    } finally {
      anonymous.disconnect();
    }
  });
});

describe('onReconnect', () => {
  type StateHandler = (change: { previous: string; current: string }) => void;

  function fakePusher() {
    const handlers: StateHandler[] = [];
    const unsubscribed: string[] = [];
    const made: { key?: string; options?: unknown } = {};
    class FakePusher {
      connection = {
        state: 'initialized',
        socket_id: undefined,
        bind: (_event: string, cb: StateHandler) => handlers.push(cb),
        unbind: (_event: string, cb: StateHandler) => handlers.splice(handlers.indexOf(cb), 1),
      };
      constructor(key: string, options: unknown) {
        made.key = key;
        made.options = options;
      }
      subscribe() {
        return { bind: () => {}, unbind: () => {} };
      }
      unsubscribe(name: string) {
        unsubscribed.push(name);
      }
      disconnect() {}
    }
    const move = (previous: string, current: string) => handlers.forEach((h) => h({ previous, current }));
    return { Pusher: FakePusher as unknown as PusherConstructor, move, made, unsubscribed, handlers };
  }

  it('fires when the connection comes back after a drop, not on the first connection', async () => {
    const fake = fakePusher();
    const conn = await connectAs('teacher-7', async () => fake.Pusher);
    const onReconnect = vi.fn();
    conn.onReconnect(onReconnect);

    fake.move('initialized', 'connecting');
    fake.move('connecting', 'connected');
    expect(onReconnect).not.toHaveBeenCalled();

    fake.move('connected', 'connecting');
    fake.move('connecting', 'connected');
    expect(onReconnect).toHaveBeenCalledTimes(1);

    fake.move('connected', 'connecting');
    fake.move('connecting', 'unavailable');
    fake.move('unavailable', 'connected');
    expect(onReconnect).toHaveBeenCalledTimes(2);

    conn.disconnect();
    expect(fake.handlers).toHaveLength(0);
  });

  it('stops calling a handler once it is removed, and configures pusher-js from the server', async () => {
    const fake = fakePusher();
    const conn = await connectAs('teacher-7', async () => fake.Pusher);
    const onReconnect = vi.fn();
    const off = conn.onReconnect(onReconnect);
    fake.move('connecting', 'connected');
    off();
    fake.move('connected', 'connecting');
    fake.move('connecting', 'connected');
    expect(onReconnect).not.toHaveBeenCalled();

    const { port } = new URL(server.url);
    expect(fake.made.key).toBe(server.realtime.config.key);
    expect(fake.made.options).toMatchObject({
      cluster: 'eu',
      wsHost: '127.0.0.1',
      wsPort: Number(port),
      forceTLS: false,
      channelAuthorization: { endpoint: `${server.url}/api/v1/realtime/auth` },
    });
  });

  it('leaves a channel only when its last handler unsubscribes', async () => {
    const fake = fakePusher();
    const conn = await connectAs(null, async () => fake.Pusher);
    const a = conn.subscribe('news', 'x', () => {});
    const b = conn.subscribe('news', 'y', () => {});
    a();
    a();
    expect(fake.unsubscribed).toEqual([]);
    b();
    expect(fake.unsubscribed).toEqual(['news']);
  });
});
