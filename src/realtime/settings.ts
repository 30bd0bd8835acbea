// Where and how pusher-js connects, decided without loading pusher-js: from build-time env
// (VITE_PUSHER_*) when a key is set, otherwise from the server's GET /api/v1/realtime/config, so the
// embedded endpoint works with no configuration at all.
import type { Options } from 'pusher-js';

/** The server's answer to GET v1/realtime/config (server/realtime/routes.ts). */
export interface ServerRealtimeConfig {
  mode: 'embedded' | 'pusher';
  key: string;
  cluster: string;
  host?: string;
  port?: number;
  forceTLS: boolean;
}

export interface RealtimeSettings {
  key: string;
  cluster: string;
  /** Absent: Pusher Channels in the cloud (ws-{cluster}.pusher.com). */
  host?: string;
  port?: number;
  forceTLS: boolean;
}

export interface RealtimeEnv {
  VITE_PUSHER_KEY?: string;
  VITE_PUSHER_CLUSTER?: string;
  VITE_PUSHER_HOST?: string;
  VITE_PUSHER_PORT?: string;
}

const DEFAULT_CLUSTER = 'eu';

function clean(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : value.trim();
}

/** Settings from build-time env, or null when no key is configured (then the server is asked). */
export function settingsFromEnv(env: RealtimeEnv): RealtimeSettings | null {
  const key = clean(env.VITE_PUSHER_KEY);
  if (!key) return null;
  const cluster = clean(env.VITE_PUSHER_CLUSTER) ?? DEFAULT_CLUSTER;
  const host = clean(env.VITE_PUSHER_HOST);
  if (!host) return { key, cluster, forceTLS: true }; // Pusher cloud: TLS forced (spec §4, §9)
  const port = Number(clean(env.VITE_PUSHER_PORT));
  // A self-hosted Pusher-compatible server: TLS follows the page (pusher-js upgrades on https pages).
  return { key, cluster, host, ...(Number.isInteger(port) && port > 0 ? { port } : {}), forceTLS: false };
}

function defaultPort(url: URL): number {
  if (url.port) return Number(url.port);
  return url.protocol === 'https:' ? 443 : 80;
}

/**
 * Settings from the server's config. Embedded: the endpoint lives on the API server, so the host and
 * port are the API's (the page's own origin unless VITE_API_BASE_URL points elsewhere).
 */
export function settingsFromServer(config: ServerRealtimeConfig, apiOrigin: URL): RealtimeSettings {
  if (config.mode === 'pusher') return { key: config.key, cluster: config.cluster || DEFAULT_CLUSTER, forceTLS: true };
  return {
    key: config.key,
    cluster: config.cluster || DEFAULT_CLUSTER,
    host: config.host ?? apiOrigin.hostname,
    port: config.port ?? defaultPort(apiOrigin),
    forceTLS: config.forceTLS,
  };
}

export interface AuthSettings {
  /** Absolute or page-relative URL of POST v1/realtime/auth. */
  endpoint: string;
  /** Read at every authorization, so a login or logout after connecting is honoured. */
  token: () => string | null;
}

/** pusher-js options. WebSocket transports only: no HTTP fallbacks, which the CSP would not allow. */
export function pusherOptions(settings: RealtimeSettings, auth: AuthSettings): Options {
  const options: Options = {
    cluster: settings.cluster, // pusher-js requires one even when a host is given
    forceTLS: settings.forceTLS,
    enabledTransports: ['ws', 'wss'],
    channelAuthorization: {
      transport: 'ajax',
      endpoint: auth.endpoint,
      headersProvider: () => {
        const token = auth.token();
        return token ? { Authorization: `Bearer ${token}`, Accept: 'application/json' } : { Accept: 'application/json' };
      },
    },
  };
  if (settings.host) {
    options.wsHost = settings.host;
    if (settings.port !== undefined) {
      options.wsPort = settings.port;
      options.wssPort = settings.port;
    }
  }
  return options;
}
