// Publishing realtime events and signing channel subscriptions, through the official `pusher` SDK in
// both modes: only where it points changes (our own port over plain HTTP, or Pusher's eu cluster over
// TLS). A failed publish is logged and reported as `false`, never thrown into the request that caused it.
import Pusher from 'pusher';
import type { RealtimeConfig } from '../config';
import { errorFields, type Logger } from '../logger';

export interface PublishOptions {
  /** Leave out the socket whose action caused the event (pusher-js: `pusher.connection.socket_id`). */
  socketId?: string;
}

export interface ChannelAuth {
  auth: string;
  channel_data?: string;
}

export interface Publisher {
  readonly mode: RealtimeConfig['mode'];
  /** Resolves to whether the event was accepted; never rejects. */
  publish(channel: string | string[], event: string, data: unknown, options?: PublishOptions): Promise<boolean>;
  /** The `auth` (and presence `channel_data`) answer for pusher-js's channel authorization request. */
  authorizeChannel(socketId: string, channel: string, presence?: { user_id: string; user_info?: Record<string, unknown> }): ChannelAuth;
}

export interface PublisherOptions {
  log: Logger;
  /**
   * Embedded mode: where our own server listens. A function because the port is known only once the
   * HTTP server is listening (port 0 in tests), after the app that uses the publisher was built.
   */
  embeddedTarget?: () => { host: string; port: number };
  /** Publishing must never hold a request for long: a realtime outage costs at most this. */
  timeoutMs?: number;
  /**
   * Embedded mode in the same process: hand events to the endpoint directly instead of over HTTP to
   * our own port. Faster, and it keeps working while the server drains (its port is closed then, but
   * in-flight requests still publish what they changed).
   */
  embeddedDeliver?: (input: { channels: string[]; name: string; data: string; socketId?: string | undefined }) => void;
}

// Pusher's limit for one event's data, which the events API enforces too.
const MAX_DATA_BYTES = 10 * 1024;

export const DEFAULT_PUBLISH_TIMEOUT_MS = 2000;

function hostForUrl(host: string): string {
  if (host === '0.0.0.0' || host === '') return '127.0.0.1';
  if (host === '::') return '[::1]';
  return host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
}

export function createPublisher(config: RealtimeConfig, options: PublisherOptions): Publisher {
  const timeout = options.timeoutMs ?? DEFAULT_PUBLISH_TIMEOUT_MS;
  const base = { appId: config.appId, key: config.key, secret: config.secret, timeout };
  let sdk: Pusher | undefined;

  function client(): Pusher {
    if (sdk) return sdk;
    if (config.mode === 'pusher') {
      sdk = new Pusher({ ...base, cluster: config.cluster, useTLS: true });
    } else {
      const target = options.embeddedTarget?.() ?? { host: '127.0.0.1', port: 3000 };
      // The SDK types the port as a string; it only ever concatenates it into the URL.
      sdk = new Pusher({ ...base, host: hostForUrl(target.host), port: String(target.port), useTLS: false });
    }
    return sdk;
  }

  return {
    mode: config.mode,
    async publish(channel, event, data, publishOptions = {}) {
      const channels = Array.isArray(channel) ? channel : [channel];
      if (config.mode === 'embedded' && options.embeddedDeliver) {
        // The SDK sends strings as they are and JSON-encodes anything else; so does this path.
        const text = typeof data === 'string' ? data : JSON.stringify(data);
        if (Buffer.byteLength(text) > MAX_DATA_BYTES) {
          options.log.error('realtime: publish failed', { channels, event, mode: config.mode, status: 413 });
          return false;
        }
        options.embeddedDeliver({ channels, name: event, data: text, socketId: publishOptions.socketId });
        return true;
      }
      try {
        await client().trigger(channels, event, data, publishOptions.socketId ? { socket_id: publishOptions.socketId } : undefined);
        return true;
      } catch (err) {
        const status = (err as { status?: number }).status;
        const body = (err as { body?: string }).body;
        options.log.error('realtime: publish failed', { channels, event, mode: config.mode, status, body, ...errorFields(err) });
        return false;
      }
    },
    authorizeChannel(socketId, channel, presence) {
      return client().authorizeChannel(socketId, channel, presence);
    },
  };
}
