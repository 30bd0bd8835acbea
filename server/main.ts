// Starts the product: opens the database (PGlite or PostgreSQL), migrates, seeds, and serves the API
// and the built app from one Node process. `createServer` is also what tests and the e2e launcher use.
import { realpathSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { createAdaptorServer } from '@hono/node-server';
import { createHttpSms } from './adapters/sms';
import { createApp, type AppOptions } from './app';
import { EMBEDDED_DEV_KEYS, loadConfig, type LogLevel, type RealtimeConfig } from './config';
import { openDb, type Db } from './db';
import { migrate } from './db/migrate';
import { seed } from './db/seed';
import { createLogger, errorFields } from './logger';
import { resolveUser } from './modules/auth';
import { startReminders } from './modules/notifications';
import { startRequestSweep } from './modules/requests';
import { ensureAdminToken } from './modules/teacher-review';
import type { ChannelAuthorizer, ResolveUser } from './realtime/authorizer';
import { createRealtimeEndpoint, type RealtimeEndpoint } from './realtime/endpoint';
import { createPublisher, type Publisher } from './realtime/publisher';

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
}

export interface RunningServer {
  url: string;
  port: number;
  db: Db;
  realtime: { config: RealtimeConfig; publisher: Publisher; endpoint: RealtimeEndpoint | undefined };
  close(): Promise<void>;
}

const EMBEDDED_DEV_REALTIME: RealtimeConfig = { mode: 'embedded', ...EMBEDDED_DEV_KEYS, cluster: 'eu' };

export async function createServer(options: ServerOptions = {}): Promise<RunningServer> {
  const log = createLogger(options.logLevel ?? 'info');
  const db = await openDb({
    databaseUrl: options.databaseUrl,
    dataDir: options.dataDir ?? 'memory://',
    searchPath: options.databaseSchema,
  });
  try {
    const applied = await migrate(db);
    if (applied.length) log.info('migrations applied', { versions: applied });
    const seeded = await seed(db, { demo: options.seedDemo ?? true });
    if (seeded.demoPeople) log.info('demo teachers and students seeded');
  } catch (err) {
    await db.close();
    throw err;
  }

  const realtimeConfig = options.realtime?.config ?? EMBEDDED_DEV_REALTIME;
  let listening = { host: options.host ?? '127.0.0.1', port: options.port ?? 0 };
  const publisher = createPublisher(realtimeConfig, { log, embeddedTarget: () => listening });
  const endpoint =
    realtimeConfig.mode === 'embedded'
      ? createRealtimeEndpoint({ app: realtimeConfig, log, clientEvents: options.realtime?.clientEvents ?? false })
      : undefined;

  const app = createApp({
    db,
    staticDir: options.staticDir,
    log,
    production: options.production ?? false,
    ...(options.auth ? { auth: options.auth } : {}),
    ...(options.admin ? { admin: options.admin } : {}),
    ...(options.sessions ? { sessions: options.sessions } : {}),
    ...(options.ipCountry ? { ipCountry: options.ipCountry } : {}),
    realtime: {
      config: realtimeConfig,
      publisher,
      resolveUser: options.realtime?.resolveUser ?? ((token) => resolveUser(db, token)),
      authorizer: options.realtime?.authorizer,
      endpoint,
    },
  });
  const server = createAdaptorServer({ fetch: app.fetch, hostname: options.host ?? '127.0.0.1' });
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

  // Session reminders (issue 8): sent once each, whatever restarts happen (the dedupe lives in the DB).
  const remindersEveryMs = options.remindersEveryMs ?? 60_000;
  const stopReminders = remindersEveryMs > 0 ? startReminders(db, publisher, log, remindersEveryMs) : async () => {};

  // Requests (issue 6): expire unaccepted ones (refunded) and finish ended sessions.
  const sweepEveryMs = options.requestSweepEveryMs ?? 60_000;
  const stopSweep = sweepEveryMs > 0 ? startRequestSweep(db, publisher, log, sweepEveryMs) : async () => {};

  let closing: Promise<void> | undefined;
  const close = () =>
    (closing ??= (async () => {
      await stopReminders();
      await stopSweep();
      const stopped = new Promise<void>((resolve) => {
        server.close(() => resolve());
        // Keep-alive sockets would hold close() open until they time out.
        if ('closeIdleConnections' in server) server.closeIdleConnections();
      });
      // Upgraded sockets would hold the server open too: realtime clients are told to come back
      // (4200) once nothing listens any more, so they reconnect to the next instance, not this one.
      await endpoint?.close();
      await stopped;
      await db.close();
    })());

  return {
    url: `http://${displayHost}:${port}`,
    port,
    db,
    realtime: { config: realtimeConfig, publisher, endpoint },
    close,
  };
}

async function main(): Promise<void> {
  const config = loadConfig();
  const log = createLogger(config.logLevel);
  const running = await createServer({
    dataDir: config.dataDir,
    ...(config.databaseUrl ? { databaseUrl: config.databaseUrl } : {}),
    port: config.port,
    host: config.host,
    staticDir: config.staticDir,
    seedDemo: config.seedDemo,
    logLevel: config.logLevel,
    production: config.production,
    realtime: { config: config.pusher },
    sessions: { agora: config.agora, fakeRtc: config.rtcAdapter === 'fake' },
    ipCountry: { externalUrl: config.ipCountryUrl },
    auth: {
      uploadDir: config.auth.uploadDir,
      trustProxy: config.auth.trustProxy,
      ...(config.auth.otpSecret ? { secret: config.auth.otpSecret } : {}),
      ...(config.auth.smsUrl ? { sms: createHttpSms({ url: config.auth.smsUrl, token: config.auth.smsToken }) } : {}),
    },
    // The reviewer CLI (scripts/admin.ts) reads the generated token from DATA_DIR/admin-token.
    admin: { token: ensureAdminToken(config.dataDir, config.admin.token), loopbackOnly: !config.admin.allowRemote },
  });
  log.info('listening', { url: running.url, db: running.db.driver, static: config.staticDir, realtime: config.pusher.mode });

  const shutdown = (signal: string) => {
    log.info('shutting down', { signal });
    // A second signal, or a hang, must still end the process.
    setTimeout(() => process.exit(1), 10_000).unref();
    running.close().then(
      () => process.exit(0),
      (err: unknown) => {
        log.error('shutdown failed', errorFields(err));
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', () => shutdown('SIGINT'));
  process.once('SIGTERM', () => shutdown('SIGTERM'));
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
