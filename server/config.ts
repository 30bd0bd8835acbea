// Server configuration, read once from the environment so the rest of the server never touches process.env.
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { EMBEDDED_DEV_KEYS, nonEmpty, parseBool } from './config-env';

export { EMBEDDED_DEV_KEYS } from './config-env';

export type LogLevel = 'silent' | 'error' | 'warn' | 'info' | 'debug';

export interface Config {
  port: number;
  host: string;
  /** PGlite data directory (`memory://` keeps it in memory). Ignored when databaseUrl is set. */
  dataDir: string;
  /** A PostgreSQL server; when set it replaces the embedded PGlite. */
  databaseUrl: string | undefined;
  production: boolean;
  staticDir: string;
  /** Demo teachers/student are seeded unless this is false (default: off in production). */
  seedDemo: boolean;
  logLevel: LogLevel;
  /** Realtime speaks the Pusher protocol in both modes; see RealtimeConfig. */
  pusher: RealtimeConfig;
  // Read now so deployments can already set them; the video issue uses them.
  agora: { appId?: string; appCertificate?: string };
  /** RTC_ADAPTER: `agora` (default) or `fake`, the test-only relay the e2e server turns on (refused in production). */
  rtcAdapter: 'agora' | 'fake';
  /** Sign-in: uploads folder, one-time code secret, SMS gateway, proxy trust (docs/server.md). */
  auth: AuthConfig;
  /** The reviewer's admin API: ADMIN_TOKEN (else generated into DATA_DIR/admin-token), ADMIN_ALLOW_REMOTE. */
  admin: { token: string | undefined; allowRemote: boolean };
  /** Dev outbox, public realtime secret, fixed code key: only in development on a loopback listener (devToolsAllowed). */
  devTools: boolean;
  /** The e2e server's rate-limit relaxations (authRelaxations); refused in production. */
  authRelaxations: AuthRelaxations;
  /**
   * VITE_IP_COUNTRY_URL, the same variable the client is built with: an outside IP-to-country service
   * instead of our own /api/v1/ip-country. The CSP allows exactly its origin.
   */
  ipCountryUrl: string | undefined;
}

export interface AuthRelaxations {
  /** AUTH_IP_LIMIT_PER_MINUTE: sign-in attempts per address and minute (default 10). */
  ipPerMinute: number;
  /** AUTH_PHONE_LIMIT_SCALE: multiplies the per-phone code limits (default 1). */
  phoneScale: number;
}

/** An address only this machine can reach. */
export function isLoopbackHost(host: string): boolean {
  const h = host
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, '');
  return h === 'localhost' || h === '::1' || /^127\.\d+\.\d+\.\d+$/.test(h) || h === '::ffff:127.0.0.1';
}

/**
 * What an operator should hear about at start. A development process on a non-loopback HOST is
 * reachable from the network with demo accounts and sandbox payments, though the development tools
 * are already off there (devToolsAllowed).
 */
export function startWarnings(config: Pick<Config, 'production' | 'host'>): string[] {
  if (config.production || isLoopbackHost(config.host)) return [];
  return [
    `HOST=${config.host} listens beyond this machine without NODE_ENV=production: demo accounts and the sandbox checkout are reachable from the network, the development tools are off`,
  ];
}

/**
 * The development conveniences fail closed: on only when the process runs in development
 * AND listens on loopback, so a development build bound to 0.0.0.0 does not publish codes or sign
 * realtime events with the public dev secret.
 */
export function devToolsAllowed(production: boolean, host: string): boolean {
  return !production && isLoopbackHost(host);
}

/** The e2e relaxations of the sign-in limits, read here once; setting either in production is refused. */
export function authRelaxations(env: NodeJS.ProcessEnv, production: boolean): AuthRelaxations {
  const read = (name: 'AUTH_IP_LIMIT_PER_MINUTE' | 'AUTH_PHONE_LIMIT_SCALE', fallback: number): number => {
    const raw = nonEmpty(env[name]);
    if (raw === undefined) return fallback;
    if (production) throw new Error(`${name} relaxes the sign-in limits for the test server only, not production`);
    const value = Number(raw);
    if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a positive integer, got "${raw}"`);
    return value;
  };
  return { ipPerMinute: read('AUTH_IP_LIMIT_PER_MINUTE', 10), phoneScale: read('AUTH_PHONE_LIMIT_SCALE', 1) };
}

export interface AuthConfig {
  /** Teachers' documents; outside any web root. */
  uploadDir: string;
  /** HMAC key of the one-time codes; unset in production means random per process. */
  otpSecret: string | undefined;
  /** When set, codes are POSTed here (`{to, text}`) instead of the development outbox. */
  smsUrl: string | undefined;
  smsToken: string | undefined;
  /** Behind one reverse proxy: the caller's address is the last X-Forwarded-For entry. */
  trustProxy: boolean;
}

/**
 * `embedded`: the built-in Pusher-compatible endpoint on our own port (default; keys have dev defaults).
 * `pusher`: Pusher Channels in the cloud (PUSHER_APP_ID, PUSHER_KEY, PUSHER_SECRET required; TLS).
 */
export type RealtimeMode = 'embedded' | 'pusher';

export interface RealtimeConfig {
  mode: RealtimeMode;
  appId: string;
  key: string;
  secret: string;
  cluster: string;
}

const LOG_LEVELS: readonly LogLevel[] = ['silent', 'error', 'warn', 'info', 'debug'];

function parsePort(value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`PORT must be an integer between 0 and 65535, got "${value}"`);
  }
  return port;
}

function loadRealtime(env: NodeJS.ProcessEnv, production: boolean): RealtimeConfig {
  const mode = (nonEmpty(env.REALTIME) ?? 'embedded').toLowerCase();
  if (mode !== 'embedded' && mode !== 'pusher') throw new Error(`REALTIME must be "embedded" or "pusher", got "${env.REALTIME}"`);
  const appId = nonEmpty(env.PUSHER_APP_ID);
  const key = nonEmpty(env.PUSHER_KEY);
  const secret = nonEmpty(env.PUSHER_SECRET);
  const cluster = nonEmpty(env.PUSHER_CLUSTER) ?? 'eu';
  if (mode === 'pusher') {
    const missing = Object.entries({ PUSHER_APP_ID: appId, PUSHER_KEY: key, PUSHER_SECRET: secret })
      .filter(([, value]) => value === undefined)
      .map(([name]) => name);
    if (missing.length) throw new Error(`REALTIME=pusher needs ${missing.join(', ')}`);
    return { mode, appId: appId as string, key: key as string, secret: secret as string, cluster };
  }
  // A published dev secret would let anyone sign events on a production server, so production
  // without PUSHER_SECRET gets a random one (the reviewer CLI then needs PUSHER_SECRET set to publish).
  const fallbackSecret = production ? randomBytes(24).toString('hex') : EMBEDDED_DEV_KEYS.secret;
  return {
    mode,
    appId: appId ?? EMBEDDED_DEV_KEYS.appId,
    key: key ?? EMBEDDED_DEV_KEYS.key,
    secret: secret ?? fallbackSecret,
    cluster,
  };
}

function loadRtcAdapter(env: NodeJS.ProcessEnv, production: boolean): 'agora' | 'fake' {
  const value = (nonEmpty(env.RTC_ADAPTER) ?? 'agora').toLowerCase();
  if (value !== 'agora' && value !== 'fake') throw new Error(`RTC_ADAPTER must be "agora" or "fake", got "${env.RTC_ADAPTER}"`);
  // The fake relay lets any participant fake a peer and move a session's clock: never in production.
  if (value === 'fake' && production) throw new Error('RTC_ADAPTER=fake is for the test server only, not production');
  return value;
}

/** NODE_ENV or APP_ENV says production. */
export function isProductionEnv(env: NodeJS.ProcessEnv): boolean {
  return env.NODE_ENV === 'production' || env.APP_ENV === 'production';
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const production = isProductionEnv(env);
  const logLevelRaw = (env.LOG_LEVEL ?? 'info').toLowerCase();
  const logLevel = (LOG_LEVELS as readonly string[]).includes(logLevelRaw) ? (logLevelRaw as LogLevel) : 'info';
  const host = nonEmpty(env.HOST) ?? '127.0.0.1';
  const devTools = devToolsAllowed(production, host);
  return {
    port: parsePort(env.PORT, 3000),
    // Loopback by default: exposing the server is an explicit decision (HOST=0.0.0.0 in a container).
    host,
    dataDir: nonEmpty(env.DATA_DIR) ?? path.resolve('.data'),
    databaseUrl: nonEmpty(env.DATABASE_URL),
    production,
    staticDir: path.resolve(nonEmpty(env.STATIC_DIR) ?? 'dist/client'),
    // Never in production: the demo teachers' password is published (assertProductionSafe refuses it).
    seedDemo: !production && (parseBool(env.SEED_DEMO) ?? true),
    logLevel,
    // Without dev tools the embedded endpoint gets a random secret, as in production.
    pusher: loadRealtime(env, !devTools),
    agora: { appId: nonEmpty(env.AGORA_APP_ID), appCertificate: nonEmpty(env.AGORA_APP_CERTIFICATE) },
    rtcAdapter: loadRtcAdapter(env, production),
    auth: {
      uploadDir: path.resolve(nonEmpty(env.UPLOAD_DIR) ?? '.data/uploads'),
      otpSecret: nonEmpty(env.OTP_SECRET),
      smsUrl: nonEmpty(env.SMS_URL),
      smsToken: nonEmpty(env.SMS_TOKEN),
      trustProxy: parseBool(env.TRUST_PROXY) ?? false,
    },
    admin: { token: nonEmpty(env.ADMIN_TOKEN), allowRemote: parseBool(env.ADMIN_ALLOW_REMOTE) ?? false },
    devTools,
    authRelaxations: authRelaxations(env, production),
    ipCountryUrl: nonEmpty(env.VITE_IP_COUNTRY_URL),
  };
}
