// Starts the product: opens the database (PGlite or PostgreSQL), migrates, seeds, and serves the API
// and the built app from one Node process. `createServer` is also what tests and the e2e launcher use.
import { realpathSync } from 'node:fs';
import type { IncomingMessage, Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { createAdaptorServer } from '@hono/node-server';
import { createHttpSms, createOutboxSms } from './adapters/sms';
import { createDbStorage, createDiskStorage, type FileStorage } from './adapters/storage';
import { createS3Storage } from './adapters/storage-s3';
import { createApp, type AppOptions } from './app';
import { EMBEDDED_DEV_KEYS, loadConfig, startWarnings, type LogLevel, type RealtimeConfig } from './config';
import * as instanceConfig from './config-instances';
import type { DatabaseSettings, StorageConfig } from './config-instances';
import { openDb, type Db } from './db';
import { migrate } from './db/migrate';
import { seed } from './db/seed';
import { seedDemoPortraits } from './db/seed-portraits';
import { createLogger, errorFields, type Logger } from './logger';
import { resolveUser } from './modules/auth';
import { runReminders } from './modules/notifications';
import { sweepAndPublish } from './modules/requests';
import { ensureAdminToken } from './modules/teacher-review';
import { warmPublicReads } from './modules/teachers';
import { startJob } from './ops/jobs';
import { createDevMailSender, createEmailSender, createPushSender, createSmsSender, runOutbox, type OutboxOutcome } from './modules/outbox';
import { nonEmpty } from './config-env';
import { devVapidSubject, ensureVapidKeys, loadOutboxConfig, withDevMail, type OutboxConfig } from './config-outbox';
import { loadPaymentsConfig, paymentGatewayFor } from './config-payments';
import type { PaymentGateway } from './adapters/payments/gateway';
import { createMetrics } from './ops/metrics';
import type { ChannelAuthorizer, ResolveUser } from './realtime/authorizer';
import type { RealtimeEndpoint } from './realtime/endpoint';
import type { Fanout } from './realtime/fanout';
import type { Publisher } from './realtime/publisher';
import { startRealtime } from './realtime/wiring';

export interface ServerOptions {
  /** PGlite directory or `memory://`; ignored when databaseUrl is given. */
  dataDir?: string;
  databaseUrl?: string;
  /** With databaseUrl: the schema to work in (tests give each file its own). */
  databaseSchema?: string;
  /** 0 picks a free port. */
  port?: number;
  host?: string;
  /** The built client (omit to serve the API only). */
  staticDir?: string;
  seedDemo?: boolean;
  /**
   * With the demo people: draw each demo teacher's illustrated portrait into storage (about a second).
   * The production entry turns it on; servers made by tests leave it off unless they ask.
   */
  demoPortraits?: boolean;
  logLevel?: LogLevel;
  production?: boolean;
  realtime?: {
    /** Default: embedded with the development keys. */
    config?: RealtimeConfig;
    /** Bearer token → user, for channel authorization. Default: the auth module's token lookup. */
    resolveUser?: ResolveUser;
    authorizer?: ChannelAuthorizer;
    /** Client events on private/presence channels of the embedded endpoint (off by default). */
    clientEvents?: boolean;
    /** How often this instance beats for shared presence (default 10 s). */
    presenceHeartbeatMs?: number;
  };
  /** Sign-in: upload folder, OTP secret, SMS adapter, proxy trust (defaults: see the auth module). */
  auth?: AppOptions['auth'];
  /** The live session: Agora credentials, the test-only fake RTC relay, a clock for tests. */
  sessions?: AppOptions['sessions'];
  /** The reviewer's admin API under /api/admin (off without a token). */
  admin?: AppOptions['admin'];
  /** The phone input's country lookup: an outside service's URL for the CSP, a fake lookup for tests. */
  ipCountry?: AppOptions['ipCountry'];
  /** The requests sweep's period in ms (default every minute; expires and finishes requests); 0 turns it off. */
  requestSweepEveryMs?: number;
  /** The session reminder job's period in ms (default every minute); 0 turns it off. */
  remindersEveryMs?: number;
  /** PostgreSQL pool size and timeouts, readiness timeout (config: loadDatabaseSettings). */
  database?: Partial<DatabaseSettings>;
  /** Where uploads live (default: the database with databaseUrl, else auth.uploadDir). */
  storage?: StorageConfig;
  /** GET /metrics (needs the admin token); process metrics are off unless asked (tests start many servers). */
  metrics?: { processMetrics?: boolean };
  /** Outgoing messages: the e-mail channel (off without SMTP), push, SMS reminders, the runner's period in ms (0 turns it off; default 5 s) and lease. */
  outbox?: Partial<OutboxConfig>;
  /** PUBLIC_URL when set: the origin of calendar links and feed URLs (unset: each request's own origin). */
  publicUrl?: string | undefined;
  /** The payment gateway (default: the sandbox); main() builds it from PAYMENTS (config-payments.ts). */
  payments?: PaymentGateway;
  /** A connection that sends no request within this many ms is closed (default 10 s). */
  firstRequestTimeoutMs?: number;
}

export interface RunningServer {
  url: string;
  port: number;
  db: Db;
  realtime: { config: RealtimeConfig; publisher: Publisher; endpoint: RealtimeEndpoint | undefined; fanout: Fanout | undefined };
  /** True once close() began: readiness answers 503 and new requests are refused. */
  readonly draining: boolean;
  /**
   * Graceful stop, safe to call any number of times: readiness 503, no new connections, realtime
   * clients told to reconnect elsewhere (4200), in-flight requests answered, jobs stopped, pool closed.
   */
  close(): Promise<void>;
}

const EMBEDDED_DEV_REALTIME: RealtimeConfig = { mode: 'embedded', ...EMBEDDED_DEV_KEYS, cluster: 'eu' };

export async function createServer(options: ServerOptions = {}): Promise<RunningServer> {
  const log = createLogger(options.logLevel ?? 'info');
  const dbSettings = { ...instanceConfig.loadDatabaseSettings({}), ...options.database };
  const db = await openDb({
    databaseUrl: options.databaseUrl,
    dataDir: options.dataDir ?? 'memory://',
    searchPath: options.databaseSchema,
    settings: dbSettings,
  });
  let storage: FileStorage;
  try {
    const applied = await migrate(db);
    if (applied.length) log.info('migrations applied', { versions: applied });
    storage = options.auth?.storage ?? (await chooseStorage(options, db));
    // Demo people never in production, whatever the caller asks: their password is published.
    const seeded = await seed(db, { demo: !options.production && (options.seedDemo ?? true) });
    if (seeded.demoPeople) {
      // Their portraits go through the storage adapter, after the people's transaction.
      const portraits = options.demoPortraits ? await seedDemoPortraits(db, storage, new Date()) : 0;
      log.info('demo teachers and students seeded', { portraits });
    }
  } catch (err) {
    await db.close();
    throw err;
  }

  let listening = { host: options.host ?? '127.0.0.1', port: options.port ?? 0 };
  // Gaps can only happen once the server runs, after the metrics exist.
  const gapSeen: { record?: (seconds: number) => void } = {};
  const realtime = await startRealtime({
    config: options.realtime?.config ?? EMBEDDED_DEV_REALTIME,
    db,
    log,
    databaseUrl: options.databaseUrl,
    searchPath: options.databaseSchema,
    settings: dbSettings,
    clientEvents: options.realtime?.clientEvents ?? false,
    onGap: (downMs) => gapSeen.record?.(downMs / 1000),
    ...(options.realtime?.presenceHeartbeatMs ? { presenceHeartbeatMs: options.realtime.presenceHeartbeatMs } : {}),
    listening: () => listening,
  });
  const { endpoint, publisher } = realtime;
  let draining = false;
  const metrics = options.admin
    ? createMetrics({
        db,
        realtimeConnections: () => endpoint?.connectionCount() ?? 0,
        processMetrics: options.metrics?.processMetrics ?? false,
      })
    : undefined;
  if (metrics) gapSeen.record = (seconds) => metrics.realtimeGap(seconds);

  const app = createApp({
    db,
    staticDir: options.staticDir,
    log,
    production: options.production ?? false,
    auth: { ...options.auth, storage },
    ops: {
      draining: () => draining,
      // Not ready while notifications cannot arrive: this instance would serve stale reads and miss events.
      notificationsUp: () => (db.listening?.() ?? true) && (realtime.fanout?.listening() ?? true),
      readyTimeoutMs: dbSettings.readyTimeoutMs,
      ...(metrics ? { metrics } : {}),
    },
    ...(options.admin ? { admin: options.admin } : {}),
    ...(options.sessions ? { sessions: options.sessions } : {}),
    ...(options.ipCountry ? { ipCountry: options.ipCountry } : {}),
    ...(options.payments ? { packages: { gateway: options.payments } } : {}),
    calendar: { publicUrl: options.publicUrl },
    push: { publicKey: options.outbox?.push?.publicKey },
    realtime: {
      config: realtime.config,
      publisher,
      resolveUser: options.realtime?.resolveUser ?? ((token) => resolveUser(db, token)),
      authorizer: options.realtime?.authorizer,
      endpoint,
    },
  });
  // Before listening: the first visitors find the default teachers list cached.
  await warmPublicReads(app, log);
  // Plain HTTP/1.1 (no http2 options given): the type says so, for closeIdleConnections.
  const server = createAdaptorServer({ fetch: app.fetch, hostname: options.host ?? '127.0.0.1' }) as Server;
  // A connection that never sends a request is closed: Node's headersTimeout only counts from the first
  // byte, so silent connections would otherwise stay open for ever (and hold a file descriptor each).
  // The first request lifts the limit; Node's own keepAliveTimeout then closes idle keep-alive
  // connections, and the WebSocket library clears it on upgrade.
  const firstRequestMs = options.firstRequestTimeoutMs ?? 10_000;
  server.on('connection', (socket: Socket) => socket.setTimeout(firstRequestMs));
  server.on('request', (req: IncomingMessage) => req.socket.setTimeout(0));
  // The Pusher-protocol WebSocket endpoint shares this port; any other upgrade is refused.
  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    if (endpoint?.handleUpgrade(req, socket, head)) return;
    socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port, address } = server.address() as AddressInfo;
  listening = { host: address, port };
  const displayHost = address === '0.0.0.0' || address === '::' ? 'localhost' : address.includes(':') ? `[${address}]` : address;

  // Session reminders and the requests sweep: on every instance; each is exactly
  // once through the database.
  const remindersEveryMs = options.remindersEveryMs ?? 60_000;
  const sweepEveryMs = options.requestSweepEveryMs ?? 60_000;
  const stopJobs = [
    remindersEveryMs > 0
      ? startJob(
          { name: 'reminders', everyMs: remindersEveryMs, run: async () => (await runReminders(db, publisher, new Date())).sent },
          log,
          metrics,
        )
      : undefined,
    sweepEveryMs > 0
      ? startJob({ name: 'requests_sweep', everyMs: sweepEveryMs, run: () => sweepAndPublish(db, publisher, new Date()) }, log, metrics)
      : undefined,
  ];
  // Outgoing messages: on every instance, each message claimed by one (FOR UPDATE SKIP LOCKED).
  const email = options.outbox?.email
    ? createEmailSender(options.outbox.email)
    : options.outbox?.devMail && !options.production
      ? createDevMailSender(options.outbox.devMail)
      : undefined;
  const push = options.outbox?.push ? createPushSender({ vapid: options.outbox.push }) : undefined;
  // SMS reminders go through the adapter the sign-in codes use (the development outbox without SMS_URL).
  const sms = options.outbox?.sms
    ? createSmsSender({
        sms:
          options.auth?.sms ?? createOutboxSms({ db, log, production: (options.production ?? false) || !(options.auth?.devTools ?? true) }),
      })
    : undefined;
  const outboxEveryMs = options.outbox?.everyMs ?? 5_000;
  const leaseMs = options.outbox?.leaseMs;
  if ((email || push || sms) && outboxEveryMs > 0) {
    const onOutcome = metrics ? (o: OutboxOutcome) => metrics.outbox(o.channel, o.outcome) : undefined;
    const senders = { ...(email ? { email } : {}), ...(push ? { push } : {}), ...(sms ? { sms } : {}) };
    stopJobs.push(
      startJob(
        { name: 'outbox', everyMs: outboxEveryMs, run: () => runOutbox(db, { senders, now: new Date(), log, onOutcome, leaseMs }) },
        log,
        metrics,
      ),
    );
  }

  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= (async () => {
      draining = true;
      // No new connections; keep-alive ones are closed as soon as they are idle (in-flight requests
      // finish first, and a new request on them is refused by the app while draining).
      const stopped = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      const idleSweep = setInterval(() => server.closeIdleConnections(), 100);
      // Realtime clients are told to come back (4200) now, so they reconnect to another instance.
      await realtime.closeSockets();
      await stopped;
      clearInterval(idleSweep);
      await Promise.all(stopJobs.map((stop) => (stop ? stop() : Promise.resolve())));
      email?.close();
      await realtime.close();
      await db.close();
    })());

  return {
    url: `http://${displayHost}:${port}`,
    port,
    db,
    realtime: { config: realtime.config, publisher, endpoint, fanout: realtime.fanout },
    get draining() {
      return draining;
    },
    close,
  };
}

async function chooseStorage(options: ServerOptions, db: Db): Promise<FileStorage> {
  const config = options.storage ?? (options.databaseUrl ? { kind: 'db' } : { kind: 'disk' });
  if (config.kind === 'db') return createDbStorage(db);
  if (config.kind === 's3') return createS3Storage(config);
  return createDiskStorage(options.auth?.uploadDir ?? path.resolve('.data/uploads'));
}

/**
 * Web Push keys: from the environment; in development, generated into the data folder on the first
 * start and its public half printed once. Production without them
 * runs with push off.
 */
function outboxWithPushKeys(
  outbox: OutboxConfig,
  config: { production: boolean; dataDir: string },
  env: NodeJS.ProcessEnv,
  log: Logger,
): OutboxConfig {
  if (outbox.push || config.production) return outbox;
  const push = ensureVapidKeys(config.dataDir, devVapidSubject(env), (keys) =>
    log.info('web push: VAPID keys generated for development (the private key stays in the file)', {
      file: path.join(config.dataDir, 'vapid.json'),
      VAPID_PUBLIC_KEY: keys.publicKey,
    }),
  );
  return { ...outbox, push };
}

/** The production entry: reads the environment, refuses unsafe production settings, serves until a signal. */
export async function main(env: NodeJS.ProcessEnv = process.env): Promise<void> {
  instanceConfig.assertProductionSafe(env);
  const config = loadConfig(env);
  // Before anything opens: a misconfigured gateway stops the start with a sentence naming the variable.
  const payments = loadPaymentsConfig(env, config.production);
  const log = createLogger(config.logLevel);
  for (const warning of startWarnings(config)) log.warn(warning);
  const running = await createServer({
    dataDir: config.dataDir,
    ...(config.databaseUrl ? { databaseUrl: config.databaseUrl } : {}),
    port: config.port,
    host: config.host,
    staticDir: config.staticDir,
    seedDemo: config.seedDemo,
    demoPortraits: true,
    logLevel: config.logLevel,
    production: config.production,
    realtime: {
      config: config.pusher,
      clientEvents: instanceConfig.loadRealtimeClientEvents(env),
      presenceHeartbeatMs: instanceConfig.loadPresenceHeartbeatMs(env),
    },
    sessions: { agora: config.agora, fakeRtc: config.rtcAdapter === 'fake' },
    ipCountry: { externalUrl: config.ipCountryUrl },
    auth: {
      uploadDir: config.auth.uploadDir,
      trustProxy: config.auth.trustProxy,
      devTools: config.devTools,
      ...(config.auth.otpSecret ? { secret: config.auth.otpSecret } : {}),
      ...(config.auth.smsUrl ? { sms: createHttpSms({ url: config.auth.smsUrl, token: config.auth.smsToken }) } : {}),
    },
    // The reviewer CLI (scripts/admin.ts) reads the generated token from DATA_DIR/admin-token.
    admin: { token: ensureAdminToken(config.dataDir, config.admin.token), loopbackOnly: !config.admin.allowRemote },
    database: instanceConfig.loadDatabaseSettings(env),
    storage: instanceConfig.loadStorageConfig(env),
    metrics: { processMetrics: true },
    remindersEveryMs: instanceConfig.loadJobPeriodMs(env),
    requestSweepEveryMs: instanceConfig.loadJobPeriodMs(env),
    outbox: withDevMail(outboxWithPushKeys(loadOutboxConfig(env), config, env, log), config.devTools, env),
    // Checked to be an absolute URL by loadOutboxConfig above.
    publicUrl: nonEmpty(env.PUBLIC_URL),
    payments: paymentGatewayFor(payments),
  });
  log.info('listening', {
    url: running.url,
    db: running.db.driver,
    static: config.staticDir,
    realtime: config.pusher.mode,
    payments: payments.kind,
  });

  const timeoutMs = instanceConfig.loadShutdownTimeoutMs(env);
  const shutdown = (signal: NodeJS.Signals) => {
    // Orchestrators and impatient people send signals again; the first one's shutdown carries on.
    if (running.draining) return log.info('already shutting down', { signal });
    log.info('shutting down', { signal });
    setTimeout(() => {
      log.error('shutdown timed out; exiting', { timeout_ms: timeoutMs });
      process.exit(1);
    }, timeoutMs).unref();
    running.close().then(
      () => {
        log.info('shut down', { signal });
        process.exit(0);
      },
      (err: unknown) => {
        log.error('shutdown failed', errorFields(err));
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

function isEntryPoint(): boolean {
  const entry = process.argv[1];
  if (!entry) return false;
  try {
    return realpathSync(entry) === realpathSync(fileURLToPath(import.meta.url));
  } catch {
    return false;
  }
}

if (isEntryPoint()) {
  main().catch((err: unknown) => {
    createLogger('error').error('server failed to start', errorFields(err));
    process.exit(1);
  });
}
