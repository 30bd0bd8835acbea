// The real Pusher libraries pointed at a server under test: the official server SDK (`pusher`) as a
// deployment would configure it, the browser client (`pusher-js`, Node build) with our auth endpoint,
// and waiters for pusher-js's callback-style events. Shared by the realtime compatibility tests.
import Pusher from 'pusher';
import PusherClient, { type Channel } from 'pusher-js';
import type { RealtimeConfig } from '../../../server/config';
import type { RealtimeUser, ResolveUser } from '../../../server/realtime/authorizer';

export const realtimeConfig: RealtimeConfig = {
  mode: 'embedded',
  appId: 'test-app',
  key: 'test-key',
  secret: 'test-secret',
  cluster: 'eu',
};

/** Bearer tokens the test authorizer knows: a teacher and a student. */
const users: Record<string, RealtimeUser> = {
  'teacher-7': { id: 7, is_teacher: true },
  'student-9': { id: 9, is_teacher: false },
};
export const resolveTestUser: ResolveUser = async (token) => users[token] ?? null;

/** Clients for the server on `port()` (read at call time: a restarted server may move). */
export function pusherClients(port: () => number, config = realtimeConfig) {
  /** The official server SDK, pointed at our port as a deployment's config would point it at Pusher. */
  const sdk = (secret = config.secret, appId = config.appId) =>
    new Pusher({ appId, key: config.key, secret, host: '127.0.0.1', port: String(port()), useTLS: false });

  const client = (token?: string): PusherClient =>
    new PusherClient(config.key, {
      cluster: 'eu',
      wsHost: '127.0.0.1',
      wsPort: port(),
      forceTLS: false,
      enabledTransports: ['ws'],
      channelAuthorization: {
        transport: 'ajax',
        endpoint: `http://127.0.0.1:${port()}/api/v1/realtime/auth`,
        headers: token ? { Authorization: `Bearer ${token}` } : {},
      },
    });

  const wsUrl = (key = config.key, query = 'protocol=7&client=js&version=8.6.0') => `ws://127.0.0.1:${port()}/app/${key}?${query}`;
  return { sdk, client, wsUrl };
}

interface Bindable<T> {
  bind(event: string, cb: (data: T) => void): unknown;
  unbind(event: string, cb: (data: T) => void): unknown;
}

/** Resolves with the next `event` on a pusher-js channel or connection. */
export function nextEvent<T = unknown>(target: Bindable<T>, event: string): Promise<T> {
  return new Promise((resolve) => {
    const handler = (data: T) => {
      target.unbind(event, handler);
      resolve(data);
    };
    target.bind(event, handler);
  });
}

export async function subscribed(pusher: PusherClient, name: string): Promise<Channel> {
  const channel = pusher.subscribe(name);
  await nextEvent(channel, 'pusher:subscription_succeeded');
  return channel;
}

export function connected(pusher: PusherClient): Promise<void> {
  if (pusher.connection.state === 'connected') return Promise.resolve();
  return new Promise((resolve) => {
    const handler = ({ current }: { current: string }) => {
      if (current !== 'connected') return;
      pusher.connection.unbind('state_change', handler);
      resolve();
    };
    pusher.connection.bind('state_change', handler);
  });
}
