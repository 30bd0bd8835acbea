// The app's realtime port: a small wrapper over pusher-js, which is imported only when a caller connects
// (never in the entry chunk; anonymous visitors never download it). No React here: the app's hook and the
// teacher-status wiring build on subscribe/onReconnect. Pusher does not promise delivery, so callers
// refetch what they show in onReconnect.
import type { Options } from 'pusher-js';
import { REFETCH_EVENT } from '../../contract/realtime-names';
import { DEFAULT_BASE_URL, type ApiClient } from '../api/client';
import { realtimeConfig } from '../api/realtime';
import { readCookie, TOKEN_COOKIE } from '../api/cookies';
import { pusherOptions, settingsFromEnv, settingsFromServer, type RealtimeEnv } from './settings';

export type Unsubscribe = () => void;

export interface RealtimeConnection {
  /** Binds `handler` to `event` on `channel` (subscribing on first use); the result undoes exactly that. */
  subscribe<T = unknown>(channel: string, event: string, handler: (data: T) => void): Unsubscribe;
  /** Called each time the connection is back after a drop (not on the first connection), and when the server says events were missed. */
  onReconnect(handler: () => void): Unsubscribe;
  /** Called when a private channel is refused (401/403 from the auth endpoint, or a bad signature). */
  onSubscriptionError(handler: (channel: string, status: number | undefined) => void): Unsubscribe;
  /** This connection's socket id, to leave the caller out of an event it caused; undefined until connected. */
  socketId(): string | undefined;
  disconnect(): void;
}

// The parts of pusher-js this wrapper uses, so tests can hand in a fake.
type Callback = (data: never) => void;
interface ChannelLike {
  bind(event: string, callback: Callback): unknown;
  unbind(event: string, callback: Callback): unknown;
}
interface PusherLike {
  connection: {
    state: string;
    socket_id: string | undefined;
    bind(event: string, callback: Callback): unknown;
    unbind(event: string, callback: Callback): unknown;
  };
  subscribe(channel: string): ChannelLike;
  unsubscribe(channel: string): void;
  disconnect(): void;
}
export type PusherConstructor = new (key: string, options: Options) => PusherLike;

export interface ConnectOptions {
  /** Build-time settings; default `import.meta.env`. */
  env?: RealtimeEnv;
  /** Asked for GET v1/realtime/config when env has no key. */
  api?: ApiClient;
  /** The API base the auth endpoint and embedded host derive from; default VITE_API_BASE_URL or /api/. */
  apiBaseURL?: string;
  /** The page's URL, to resolve a relative API base; default `location.href`. */
  pageURL?: string;
  /** The bearer token; default the ng-token cookie, read at each authorization. */
  token?: () => string | null;
  /** Loads pusher-js; tests give a fake. */
  loadPusher?: () => Promise<PusherConstructor>;
}

const loadPusherJs = async (): Promise<PusherConstructor> => (await import('pusher-js')).default;

export async function connectRealtime(options: ConnectOptions = {}): Promise<RealtimeConnection> {
  const env = options.env ?? (import.meta.env as RealtimeEnv);
  const pageURL = options.pageURL ?? (typeof location === 'undefined' ? 'http://localhost/' : location.href);
  const apiBase = new URL(options.apiBaseURL ?? (import.meta.env.VITE_API_BASE_URL as string | undefined) ?? DEFAULT_BASE_URL, pageURL);
  const apiBaseHref = apiBase.href.endsWith('/') ? apiBase.href : `${apiBase.href}/`;

  const [settings, Pusher] = await Promise.all([
    (async () => settingsFromEnv(env) ?? settingsFromServer(await realtimeConfig(options.api), apiBase))(),
    (options.loadPusher ?? loadPusherJs)(),
  ]);

  const pusher = new Pusher(
    settings.key,
    pusherOptions(settings, {
      endpoint: new URL('v1/realtime/auth', apiBaseHref).href,
      token: options.token ?? (() => readCookie(TOKEN_COOKIE)),
    }),
  );

  const reconnectHandlers = new Set<() => void>();
  const errorHandlers = new Set<(channel: string, status: number | undefined) => void>();
  /** channel → how many of our bindings use it (the last unsubscribe leaves it) and its error listener. */
  const uses = new Map<string, { count: number; onError: (error: { status?: number } | undefined) => void }>();
  let everConnected = pusher.connection.state === 'connected';

  const onStateChange = ({ previous, current }: { previous: string; current: string }) => {
    if (current !== 'connected') return;
    const isReconnect = everConnected && (previous === 'connecting' || previous === 'unavailable');
    everConnected = true;
    if (isReconnect) for (const handler of [...reconnectHandlers]) handler();
  };
  pusher.connection.bind('state_change', onStateChange);
  // The server says events may have been missed without the connection dropping (it could not hear
  // the other instances for a while): the same refetch as after a reconnect.
  const onMessage = (message: { event?: string } | undefined) => {
    if (message?.event !== REFETCH_EVENT) return;
    for (const handler of [...reconnectHandlers]) handler();
  };
  pusher.connection.bind('message', onMessage);

  return {
    subscribe<T>(channelName: string, event: string, handler: (data: T) => void): Unsubscribe {
      const channel = pusher.subscribe(channelName);
      let use = uses.get(channelName);
      if (!use) {
        // One error report per channel, however many handlers share it.
        const onError = (error: { status?: number } | undefined) => {
          for (const h of [...errorHandlers]) h(channelName, error?.status);
        };
        channel.bind('pusher:subscription_error', onError);
        uses.set(channelName, (use = { count: 0, onError }));
      }
      use.count++;
      channel.bind(event, handler);
      let done = false;
      return () => {
        if (done) return;
        done = true;
        channel.unbind(event, handler);
        const current = uses.get(channelName);
        if (!current || --current.count > 0) return;
        uses.delete(channelName);
        channel.unbind('pusher:subscription_error', current.onError);
        pusher.unsubscribe(channelName);
      };
    },
    onReconnect(handler) {
      reconnectHandlers.add(handler);
      return () => reconnectHandlers.delete(handler);
    },
    onSubscriptionError(handler) {
      errorHandlers.add(handler);
      return () => errorHandlers.delete(handler);
    },
    socketId: () => pusher.connection.socket_id || undefined,
    disconnect() {
      pusher.connection.unbind('state_change', onStateChange);
      pusher.connection.unbind('message', onMessage);
      reconnectHandlers.clear();
      errorHandlers.clear();
      uses.clear();
      pusher.disconnect();
    },
  };
}
