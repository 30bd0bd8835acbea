// Settings for running as several instances behind a load balancer: the PostgreSQL pool,
// shared upload storage, job and shutdown timing, and the production fail-closed check. Kept apart
// from config.ts because they read their own variables and other issues edit loadConfig.
import { EMBEDDED_DEV_KEYS, nonEmpty, parseBool } from './config-env';

/** One PostgreSQL pool per instance; instances × (poolMax + 1 for readiness + 1 for LISTEN) ≤ max_connections. */
export interface DatabaseSettings {
  poolMax: number;
  /** How long to wait for a connection (new or from the pool) before the query fails. */
  connectTimeoutMs: number;
  /** PostgreSQL's statement_timeout for every pooled connection (0 = none). */
  statementTimeoutMs: number;
  /** PostgreSQL's idle_in_transaction_session_timeout (0 = none). */
  idleInTransactionTimeoutMs: number;
  /** Shown in pg_stat_activity, so a DBA can tell whose connections these are. */
  applicationName: string;
  /**
   * DATABASE_LISTEN_URL: a direct connection to PostgreSQL for LISTEN, when DATABASE_URL goes through
   * a pooler in transaction mode (PgBouncer). Unset: LISTEN runs on DATABASE_URL's own connections.
   */
  listenUrl: string | undefined;
  /** /api/health/ready answers 503 when the database has not answered within this. */
  readyTimeoutMs: number;
}

function parseMs(env: NodeJS.ProcessEnv, name: string, fallback: number, min = 0): number {
  const raw = nonEmpty(env[name]);
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) throw new Error(`${name} must be an integer ≥ ${min}, got "${raw}"`);
  return value;
}

export function loadDatabaseSettings(env: NodeJS.ProcessEnv = process.env): DatabaseSettings {
  return {
    poolMax: parseMs(env, 'DB_POOL_MAX', 10, 1),
    connectTimeoutMs: parseMs(env, 'DB_CONNECT_TIMEOUT_MS', 5000, 1),
    statementTimeoutMs: parseMs(env, 'DB_STATEMENT_TIMEOUT_MS', 15_000),
    idleInTransactionTimeoutMs: parseMs(env, 'DB_IDLE_IN_TRANSACTION_TIMEOUT_MS', 10_000),
    applicationName: nonEmpty(env.DB_APPLICATION_NAME) ?? 'noor-api',
    listenUrl: nonEmpty(env.DATABASE_LISTEN_URL),
    readyTimeoutMs: parseMs(env, 'READY_TIMEOUT_MS', 2000, 1),
  };
}

/** Where uploads live: a folder (PGlite default), the database (DATABASE_URL default) or an S3 bucket. */
export type StorageConfig =
  | { kind: 'disk' }
  | { kind: 'db' }
  | {
      kind: 's3';
      bucket: string;
      region: string;
      endpoint: string | undefined;
      accessKeyId: string | undefined;
      secretAccessKey: string | undefined;
      forcePathStyle: boolean;
    };

export function loadStorageConfig(env: NodeJS.ProcessEnv = process.env): StorageConfig {
  const kind = (nonEmpty(env.STORAGE) ?? (nonEmpty(env.DATABASE_URL) ? 'db' : 'disk')).toLowerCase();
  if (kind === 'disk') return { kind };
  if (kind === 'db') {
    if (!nonEmpty(env.DATABASE_URL)) throw new Error('STORAGE=db needs DATABASE_URL');
    return { kind };
  }
  if (kind !== 's3') throw new Error(`STORAGE must be "disk", "db" or "s3", got "${env.STORAGE}"`);
  const bucket = nonEmpty(env.S3_BUCKET);
  if (!bucket) throw new Error('STORAGE=s3 needs S3_BUCKET');
  return {
    kind,
    bucket,
    region: nonEmpty(env.S3_REGION) ?? 'us-east-1',
    endpoint: nonEmpty(env.S3_ENDPOINT),
    // Unset keys leave the AWS SDK's own chain (instance role, AWS_* variables) in charge.
    accessKeyId: nonEmpty(env.S3_ACCESS_KEY_ID),
    secretAccessKey: nonEmpty(env.S3_SECRET_ACCESS_KEY),
    forcePathStyle: parseBool(env.S3_FORCE_PATH_STYLE) ?? false,
  };
}

/** JOBS_EVERY_MS: how often the background jobs (reminders, requests sweep) run on each instance. */
export function loadJobPeriodMs(env: NodeJS.ProcessEnv = process.env): number {
  return parseMs(env, 'JOBS_EVERY_MS', 60_000, 100);
}

/**
 * REALTIME_CLIENT_EVENTS: let subscribers of private and presence channels send `client-*` events to
 * each other through the embedded endpoint (off by default, as on Pusher Channels).
 */
export function loadRealtimeClientEvents(env: NodeJS.ProcessEnv = process.env): boolean {
  return parseBool(env.REALTIME_CLIENT_EVENTS) ?? false;
}

/**
 * REALTIME_PRESENCE_HEARTBEAT_MS: how often an instance proves it is alive to the others (presence);
 * silent for three beats, its members count as gone. Tests shorten it.
 */
export function loadPresenceHeartbeatMs(env: NodeJS.ProcessEnv = process.env): number {
  return parseMs(env, 'REALTIME_PRESENCE_HEARTBEAT_MS', 10_000, 100);
}

/** How long a SIGTERM may take before the process gives up on stragglers and exits 1. */
export function loadShutdownTimeoutMs(env: NodeJS.ProcessEnv = process.env): number {
  return parseMs(env, 'SHUTDOWN_TIMEOUT_MS', 20_000, 1);
}

// Variables only the test servers set: each loosens a protection or adds a backdoor route.
const TEST_ONLY_SWITCHES = ['AUTH_IP_LIMIT_PER_MINUTE', 'AUTH_PHONE_LIMIT_SCALE'] as const;

/**
 * Production must fail closed: a secret every instance has to share, if missing, would be made up per
 * process and break users quietly (codes "wrong" on the next instance, channel auth refused); a
 * test-only switch or development endpoint would open a door. Throws naming the variable.
 */
export const ADMIN_TOKEN_MIN_LENGTH = 32;

export function assertProductionSafe(env: NodeJS.ProcessEnv = process.env): void {
  const production = env.NODE_ENV === 'production' || env.APP_ENV === 'production';
  if (!production) return;
  const refuse = (reason: string) => {
    throw new Error(`refusing to start in production: ${reason}`);
  };
  const shared = 'it must be set, and the same, on every instance';
  if (!nonEmpty(env.OTP_SECRET)) refuse(`OTP_SECRET is missing (${shared}: it keys the sign-in codes)`);
  const realtime = (nonEmpty(env.REALTIME) ?? 'embedded').toLowerCase();
  if (realtime === 'embedded' && !nonEmpty(env.PUSHER_SECRET)) {
    refuse(`PUSHER_SECRET is missing (${shared}: it signs realtime channel authorizations)`);
  }
  if (realtime === 'embedded' && nonEmpty(env.PUSHER_SECRET) === EMBEDDED_DEV_KEYS.secret) {
    refuse('PUSHER_SECRET is the published development secret');
  }
  const adminToken = nonEmpty(env.ADMIN_TOKEN);
  if (!adminToken) refuse(`ADMIN_TOKEN is missing (${shared}: it guards the admin API and /metrics)`);
  // A short token is guessed; 32 characters of base64 (`openssl rand -base64 32` gives 44) are not.
  else if (adminToken.length < ADMIN_TOKEN_MIN_LENGTH)
    refuse(`ADMIN_TOKEN is too short (at least ${ADMIN_TOKEN_MIN_LENGTH} characters; try: openssl rand -base64 32)`);
  for (const name of TEST_ONLY_SWITCHES) if (nonEmpty(env[name]) !== undefined) refuse(`${name} is a test-only switch`);
  if ((nonEmpty(env.RTC_ADAPTER) ?? '').toLowerCase() === 'fake') refuse('RTC_ADAPTER=fake exposes the test-only RTC relay');
  // The sandbox settles the published test card, so a production site running it gives hours away:
  // production takes PAYMENTS=tap, or a staging host says so explicitly.
  const payments = (nonEmpty(env.PAYMENTS) ?? 'sandbox').toLowerCase();
  if (payments !== 'tap' && nonEmpty(env.ALLOW_SANDBOX_PAYMENTS) !== '1') {
    refuse('the sandbox payment gateway accepts test cards; set PAYMENTS=tap, or ALLOW_SANDBOX_PAYMENTS=1 only on a staging host');
  }
  // Demo teachers' password is published in the README: their accounts would be anyone's.
  const demo = (nonEmpty(env.SEED_DEMO) ?? '').toLowerCase();
  if (demo !== '' && !['0', 'false', 'no', 'off'].includes(demo)) refuse('SEED_DEMO seeds demo accounts whose password is public');
}
