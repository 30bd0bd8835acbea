// The Hono application: cross-cutting middleware, the API modules under /api, then the built SPA.
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { Db } from './db';
import { DatabaseUnavailable } from './db/types';
import { bearerToken } from './http/bearer';
import { compression } from './http/compression';
import type { AppEnv } from './http/context';
import { ApiFailure } from './http/errors';
import { isInvalidInputDbError, refuseNulInUrl } from './http/input-guard';
import { requestContext } from './http/request-context';
import { readInlineHashes } from './http/inline-hashes';
import { originOf, securityHeaders } from './http/security-headers';
import { staticFiles } from './http/static-files';
import { DEFAULT_LOCALE, tr } from './i18n';
import { createLogger, errorFields, type Logger } from './logger';
import { reportUnusableZonesTo } from './lib/time-zones';
import { availabilityRoutes } from './modules/availability';
import { accountById, authModule, callerOf, MAX_UPLOAD_BODY, UPLOAD_PATHS, type AuthModuleOptions, type AuthUser } from './modules/auth';
import { contactRoutes } from './modules/contact/routes';
import { countriesRoutes } from './modules/countries/routes';
import { healthRoutes } from './modules/health/routes';
import { ipCountryRoutes } from './modules/ip-country/routes';
import type { CountryLookup } from './modules/ip-country/lookup';
import { messagesRoutes } from './modules/messages';
import { newsletterRoutes } from './modules/newsletter/routes';
import { notificationsRoutes } from './modules/notifications';
import { packagesModule } from './modules/packages';
import { phasesRoutes } from './modules/phases/routes';
import { PHOTO_UPLOAD_PATHS, photoRoutes } from './modules/photos';
import { calendarRoutes } from './modules/calendar/routes';
import { pushRoutes } from './modules/push/routes';
import { notificationPreferencesRoutes, unsubscribeRoutes } from './modules/notification-preferences';
import { profileEmailRoutes, verifyEmailLinkRoutes } from './modules/profile-email';
import { childrenRoutes } from './modules/children';
import { defaultRateFromEnv, earningsRoutes } from './modules/earnings';
import type { Rate } from '../contract/earnings-rule';
import { reportsRoutes } from './modules/reports';
import { requestsRoutes } from './modules/requests';
import { settingsRoutes } from './modules/settings/routes';
import { subjectsRoutes } from './modules/subjects/routes';
import { sessionsRoutes, type AgoraCredentials } from './modules/sessions';
import { adminApi, createAccess } from './modules/staff';
import type { AdminEnv } from './modules/staff/access';
import { TEACHER_UPLOAD_PATHS, teacherReviewRoutes } from './modules/teacher-review';
import { teacherVideoRoutes, VIDEO_UPLOAD_PATHS } from './modules/teacher-video';
import { POSTER_MAX_BYTES, VIDEO_MAX_BYTES } from '../contract/teacher-video';
import type { Metrics } from './ops/metrics';
import { teachersRoutes } from './modules/teachers';
import { timeOffRoutes } from './modules/time-off';
import type { RealtimeConfig } from './config';
import type { ChannelAuthorizer, ResolveUser } from './realtime/authorizer';
import type { RealtimeEndpoint } from './realtime/endpoint';
import { eventsApiRoutes } from './realtime/events-api';
import type { Publisher } from './realtime/publisher';
import { realtimeRoutes } from './realtime/routes';
import { endSessionSubscriptions } from './realtime/session-grants';

export interface AppOptions {
  db: Db;
  /** The built client; omit to serve the API only. */
  staticDir?: string | undefined;
  log?: Logger;
  production?: boolean;
  /** Authentication: clock, SMS and storage adapters, upload folder, OTP secret, proxy trust. */
  auth?: Omit<AuthModuleOptions, 'db' | 'log' | 'production'>;
  /**
   * Packages and payments: a clock / sandbox gateway for tests, and for tests that send no token the
   * account a request comes from (its caller is then derived from the account as a token's would be).
   */
  packages?: Partial<Pick<Parameters<typeof packagesModule>[0], 'gateway' | 'now' | 'refundLimitMs'>> & {
    identify?: (c: Context<AppEnv>) => Promise<{ id: number } | null>;
  };
  /** Realtime config and auth routes; with an endpoint (embedded mode) also Pusher's events API. */
  realtime?: {
    config: RealtimeConfig;
    publisher: Publisher;
    resolveUser: ResolveUser;
    authorizer?: ChannelAuthorizer | undefined;
    endpoint?: RealtimeEndpoint | undefined;
  };
  /** Teachers and session requests: a clock for tests (expiry, finishing, "available now"). */
  requests?: { now?: () => Date };
  /**
   * The live session: Agora credentials (none: "video not configured"), the test-only fake
   * RTC relay (refused in production), and a clock for tests.
   */
  sessions?: { agora?: AgoraCredentials; fakeRtc?: boolean; now?: () => Date };
  /** The admin API under /api/admin (staff sessions, and the CLI's token); absent without a token. */
  admin?: { token: string; loopbackOnly?: boolean; now?: () => Date };
  /**
   * Running behind a load balancer: whether a shutdown began (readiness 503, new requests
   * refused with Connection: close), the readiness timeout, and the Prometheus metrics (GET /metrics,
   * guarded like the admin API).
   */
  ops?: { draining?: () => boolean; notificationsUp?: () => boolean; readyTimeoutMs?: number; metrics?: Metrics };
  /**
   * The phone input's country lookup: our own /api/v1/ip-country (a database lookup; a fake in tests),
   * and the outside service the client was built to call instead (VITE_IP_COUNTRY_URL), whose origin
   * the CSP then allows.
   */
  ipCountry?: { lookup?: CountryLookup; externalUrl?: string | undefined };
  /** Calendar files and feeds: PUBLIC_URL, the origin of their links and the host of their UIDs. */
  calendar?: { publicUrl?: string | undefined };
  /** Teachers' earnings: the rate per hour taught of a teacher without their own (default: TEACHER_RATE_*). */
  earnings?: { defaultRate?: Rate };
  /** Web Push: the VAPID public key browsers subscribe with (unset: push is off). */
  push?: { publicKey?: string | undefined };
}

// Our forms are small; a body this size is a mistake or an attack. Uploads have their own limit (auth module).
const MAX_JSON_BODY = 1024 * 1024;

export function createApp({
  db,
  staticDir,
  log = createLogger('info'),
  production = false,
  realtime,
  packages,
  auth: authOptions,
  admin,
  requests,
  sessions,
  ops,
  ipCountry,
  calendar,
  earnings,
  push,
}: AppOptions) {
  const app = new Hono<AppEnv>();
  const draining = ops?.draining ?? (() => false);
  // Rows skipped for an unusable stored time zone are reported in the server's own log.
  reportUnusableZonesTo(log);

  // Outermost first: the access log sees the final status, headers land on every response (errors
  // included), and compression sees the finished body.
  app.use(requestContext(db, log));
  const lookupOrigin = originOf(ipCountry?.externalUrl);
  app.use(
    securityHeaders({ production, connectOrigins: lookupOrigin ? [lookupOrigin] : [], scriptHashes: readInlineHashes(staticDir).script }),
  );
  app.use(compression());
  app.use(refuseNulInUrl());
  if (ops?.metrics) app.use(ops.metrics.middleware);
  // While shutting down, a keep-alive connection may still bring a new request: refuse it and close
  // the connection, so the client retries on another instance. Health answers for itself.
  app.use(async (c, next) => {
    if (!draining() || c.req.path.startsWith('/api/health')) return next();
    throw new ApiFailure(503, 'server_error', { headers: { Connection: 'close', 'Retry-After': '1' } });
  });

  // The finished response's headers are changed in place: Hono's c.header() after the handler
  // re-wraps the response around its body stream, which @hono/node-server then pumps chunk by chunk —
  // most of a cached public read's cost (docs/bench.md).
  app.use('/api/*', async (c, next) => {
    await next();
    const headers = c.res.headers;
    headers.append('Vary', 'Accept-Language');
    if (!headers.has('Cache-Control')) headers.set('Cache-Control', 'no-store');
  });
  const tooLarge = () => {
    throw new ApiFailure(413, 'payload_too_large');
  };
  const jsonLimit = bodyLimit({ maxSize: MAX_JSON_BODY, onError: tooLarge });
  // The teacher sign-up carries three documents; each is checked against its own 5 MB limit later.
  const uploadLimit = bodyLimit({ maxSize: MAX_UPLOAD_BODY, onError: tooLarge });
  // An intro video: refused by its Content-Length, or once a streamed body passes the limit (nothing more is read).
  const videoLimit = bodyLimit({
    maxSize: VIDEO_MAX_BYTES + POSTER_MAX_BYTES + 64 * 1024,
    onError: () => {
      throw new ApiFailure(413, 'video_too_large');
    },
  });
  // A GET or HEAD has no body to limit; asking for one would build a full Request.
  app.use('/api/*', (c, next) =>
    c.req.method === 'GET' || c.req.method === 'HEAD'
      ? next()
      : VIDEO_UPLOAD_PATHS.includes(c.req.path)
        ? videoLimit(c, next)
        : [...UPLOAD_PATHS, ...TEACHER_UPLOAD_PATHS, ...PHOTO_UPLOAD_PATHS].includes(c.req.path) &&
            /^multipart\/form-data/i.test(c.req.header('content-type') ?? '')
          ? uploadLimit(c, next)
          : jsonLimit(c, next),
  );
  const auth = authModule({
    db,
    log,
    production,
    // Logout ends the session's private realtime subscriptions.
    ...(realtime ? { onLogout: (c, token) => endSessionSubscriptions(c.get('db'), realtime.publisher, token, log) } : {}),
    ...authOptions,
  });

  app.route(
    '/api',
    healthRoutes({
      draining,
      ...(ops?.notificationsUp ? { notificationsUp: ops.notificationsUp } : {}),
      ...(ops?.readyTimeoutMs ? { readyTimeoutMs: ops.readyTimeoutMs } : {}),
    }),
  );
  if (ops?.metrics && admin) {
    const { registry } = ops.metrics;
    // Staff-only: the CLI token from this machine or an admin's session. A scrape is not a staff action
    // (no audit row). Production can also serve it on its own loopback listener (METRICS_PORT).
    const { authenticateScrape } = createAccess({
      token: admin.token,
      loopbackOnly: admin.loopbackOnly ?? true,
      trustProxy: authOptions?.trustProxy ?? false,
    });
    app.route(
      '/',
      new Hono<AdminEnv>().get('/metrics', authenticateScrape, async (c) => {
        if (c.get('principal').role !== 'admin') throw new ApiFailure(403, 'admin_forbidden');
        return c.body(await registry.metrics(), 200, { 'Content-Type': registry.contentType, 'Cache-Control': 'no-store' });
      }),
    );
  }
  const v1 = new Hono<AppEnv>()
    .route('/', settingsRoutes())
    .route('/', phasesRoutes())
    .route('/', countriesRoutes())
    .route(
      '/',
      ipCountryRoutes({ trustProxy: authOptions?.trustProxy ?? false, ...(ipCountry?.lookup ? { lookup: ipCountry.lookup } : {}) }),
    )
    .route('/', subjectsRoutes())
    .route('/', contactRoutes({ trustProxy: authOptions?.trustProxy ?? false }))
    .route('/', newsletterRoutes({ trustProxy: authOptions?.trustProxy ?? false }))
    .route('/', auth.routes);
  const payments = packagesModule({
    identify: async (c) => {
      const named = packages?.identify;
      let account: AuthUser | null;
      if (named) {
        const sent = await named(c);
        account = sent ? await accountById(c.get('db'), sent.id) : null;
      } else {
        const token = bearerToken(c.req.header('authorization'));
        account = token ? await auth.resolveUser(token) : null;
      }
      return account ? callerOf(account) : null;
    },
    ...(packages?.gateway ? { gateway: packages.gateway } : {}),
    ...(packages?.now ? { now: packages.now } : {}),
    ...(packages?.refundLimitMs ? { refundLimitMs: packages.refundLimitMs } : {}),
    // The gateway's test switches where the dev outbox is: development only.
    devTools: !production && (authOptions?.devTools ?? true),
    publisher: realtime?.publisher,
    // The sandbox's webhook goes through the whole app, as a gateway's HTTP call would.
    deliverWebhook: async (body) => {
      const res = await app.request('/api/v1/payments/webhook', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
      if (!res.ok) throw new Error(`webhook answered ${res.status}`);
    },
  });
  v1.route('/', payments.routes);
  if (realtime) v1.route('/', realtimeRoutes(realtime));
  v1.route(
    '/',
    teacherReviewRoutes({ auth: auth.middleware, storage: auth.storage, publisher: realtime?.publisher, log, now: () => new Date() }),
  );
  v1.route(
    '/',
    sessionsRoutes({
      auth: auth.middleware,
      agora: sessions?.agora ?? {},
      fakeRtc: (sessions?.fakeRtc ?? false) && !production,
      now: sessions?.now ?? (() => new Date()),
      publisher: realtime?.publisher,
    }),
  );
  v1.route('/', photoRoutes({ auth: auth.middleware, storage: auth.storage, now: () => new Date() }));
  v1.route('/', teacherVideoRoutes({ auth: auth.middleware, storage: auth.storage, now: () => new Date() }));
  v1.route('/', notificationsRoutes({ auth: auth.middleware, publisher: realtime?.publisher }));
  const requestsNow = requests?.now ?? packages?.now ?? (() => new Date());
  v1.route('/', teachersRoutes({ now: requestsNow }));
  v1.route('/', availabilityRoutes({ now: requestsNow }));
  v1.route('/', timeOffRoutes({ auth: auth.middleware, now: requestsNow }));
  v1.route('/', childrenRoutes({ auth: auth.middleware, now: requestsNow }));
  v1.route('/', requestsRoutes({ auth: auth.middleware, publisher: realtime?.publisher, log, now: requestsNow }));
  v1.route('/', reportsRoutes({ auth: auth.middleware, publisher: realtime?.publisher, now: requestsNow }));
  v1.route('/', messagesRoutes({ auth: auth.middleware, publisher: realtime?.publisher, now: requestsNow }));
  const calendarFiles = calendarRoutes({ auth: auth.middleware, publicUrl: calendar?.publicUrl, now: requestsNow });
  v1.route('/', calendarFiles.api);
  const defaultRate = earnings?.defaultRate ?? defaultRateFromEnv(process.env);
  v1.route('/', earningsRoutes({ auth: auth.middleware, defaultRate, now: requestsNow }));
  v1.route('/', pushRoutes({ auth: auth.middleware, publicKey: push?.publicKey, production }));
  v1.route('/', notificationPreferencesRoutes({ auth: auth.middleware, now: () => new Date() }));
  v1.route('/', profileEmailRoutes({ auth: auth.middleware, secret: auth.secret, now: () => new Date() }));
  app.route('/api/v1', v1);
  app.route('/', calendarFiles.feed);
  // One-click unsubscribe from e-mail (RFC 8058): outside /api, at the address the e-mails carry.
  app.route('/', unsubscribeRoutes({ now: () => new Date() }));
  // The link in the mail that verifies a family's address, beside it.
  app.route('/', verifyEmailLinkRoutes({ secret: auth.secret, now: () => new Date() }));
  if (admin) {
    const api = adminApi({
      ...admin,
      trustProxy: authOptions?.trustProxy ?? false,
      storage: auth.storage,
      publisher: realtime?.publisher,
      defaultRate,
      refund: payments.refund,
    });
    app.route('/api/admin', api);
  }
  if (realtime?.endpoint) app.route('/', eventsApiRoutes(realtime.endpoint));

  // The API in process: public pages are rendered with their data (server/http/ssr.ts).
  if (staticDir) app.use(staticFiles(staticDir, (request) => app.fetch(request)));

  app.notFound((c) => c.json({ message: tr('not_found', c.get('locale') ?? DEFAULT_LOCALE) }, 404));

  // The database away or the pool full: every request would log the same thing, so one line per
  // reason every 10 s, with how many requests it answered since.
  const unavailableLog = new Map<string, { at: number; answered: number }>();
  app.onError((err, c) => {
    const locale = c.get('locale') ?? DEFAULT_LOCALE;
    if (err instanceof DatabaseUnavailable) {
      const seen = unavailableLog.get(err.reason);
      const now = Date.now();
      if (!seen || now - seen.at >= 10_000) {
        log.warn('database unavailable: answering 503', {
          reason: err.reason,
          answered_503_since_last_line: seen?.answered ?? 0,
          err: err.message,
        });
        unavailableLog.set(err.reason, { at: now, answered: 0 });
      } else seen.answered++;
      c.header('Retry-After', err.reason === 'pool_exhausted' ? '1' : '5');
      return c.json({ message: tr('server_error', locale) }, 503);
    }
    if (err instanceof ApiFailure) {
      for (const [name, value] of Object.entries(err.extras.headers ?? {})) c.header(name, value);
      return c.json(err.body(locale), err.status);
    }
    const requestId = c.get('requestId');
    if (isInvalidInputDbError(err)) {
      // A schema let a bad value through to the database: the caller's input, so a 400, but logged to fix the schema.
      log.warn('database refused an input value', { id: requestId, method: c.req.method, path: c.req.path, ...errorFields(err) });
      return c.json({ message: tr('validation_failed', locale), errors: {} }, 400);
    }
    log.error('unhandled error', { id: requestId, method: c.req.method, path: c.req.path, ...errorFields(err) });
    return c.json({ message: tr('server_error', locale), request_id: requestId }, 500);
  });

  return app;
}
