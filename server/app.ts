// The Hono application: cross-cutting middleware, the API modules under /api, then the built SPA.
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { Db } from './db';
import { compression } from './http/compression';
import type { AppEnv } from './http/context';
import { ApiFailure, ValidationFailure } from './http/errors';
import { requestContext } from './http/request-context';
import { securityHeaders } from './http/security-headers';
import { staticFiles } from './http/static-files';
import { DEFAULT_LOCALE, tr } from './i18n';
import { createLogger, errorFields, type Logger } from './logger';
import { availabilityRoutes } from './modules/availability';
import { authModule, bearerToken, MAX_UPLOAD_BODY, UPLOAD_PATHS, type AuthModuleOptions } from './modules/auth';
import { contactRoutes } from './modules/contact/routes';
import { countriesRoutes } from './modules/countries/routes';
import { healthRoutes } from './modules/health/routes';
import { newsletterRoutes } from './modules/newsletter/routes';
import { notificationsRoutes } from './modules/notifications';
import { packagesModule, type IdentifyCaller } from './modules/packages';
import { phasesRoutes } from './modules/phases/routes';
import { requestsRoutes } from './modules/requests';
import { settingsRoutes } from './modules/settings/routes';
import { subjectsRoutes } from './modules/subjects/routes';
import { sessionsRoutes, type AgoraCredentials } from './modules/sessions';
import { adminRoutes, TEACHER_UPLOAD_PATHS, teacherReviewRoutes } from './modules/teacher-review';
import { teachersRoutes } from './modules/teachers';
import type { RealtimeConfig } from './config';
import type { ChannelAuthorizer, ResolveUser } from './realtime/authorizer';
import type { RealtimeEndpoint } from './realtime/endpoint';
import { eventsApiRoutes } from './realtime/events-api';
import type { Publisher } from './realtime/publisher';
import { realtimeRoutes } from './realtime/routes';

export interface AppOptions {
  db: Db;
  /** The built client; omit to serve the API only. */
  staticDir?: string | undefined;
  log?: Logger;
  production?: boolean;
  /** Authentication: clock, SMS and storage adapters, upload folder, OTP secret, proxy trust. */
  auth?: Omit<AuthModuleOptions, 'db' | 'log' | 'production'>;
  /** Packages and payments: who the caller is (from auth), and a clock / sandbox gateway for tests. */
  packages?: Partial<Pick<Parameters<typeof packagesModule>[0], 'gateway' | 'now'>> & { identify?: IdentifyCaller };
  /** Realtime config and auth routes; with an endpoint (embedded mode) also Pusher's events API. */
  realtime?: {
    config: RealtimeConfig;
    publisher: Publisher;
    resolveUser: ResolveUser;
    authorizer?: ChannelAuthorizer | undefined;
    endpoint?: RealtimeEndpoint | undefined;
  };
  /** Teachers and session requests (issue 6): a clock for tests (expiry, finishing, "available now"). */
  requests?: { now?: () => Date };
  /**
   * The live session (issue 7): Agora credentials (none: "video not configured"), the test-only fake
   * RTC relay (refused in production), and a clock for tests.
   */
  sessions?: { agora?: AgoraCredentials; fakeRtc?: boolean; now?: () => Date };
  /** The reviewer's admin API under /api/admin (issue 4); absent without a token. */
  admin?: { token: string; loopbackOnly?: boolean };
}

// Our forms are small; a body this size is a mistake or an attack. Uploads have their own limit (auth module).
const MAX_JSON_BODY = 1024 * 1024;

export function createApp({ db, staticDir, log = createLogger('info'), production = false, realtime, packages, auth: authOptions, admin, requests, sessions }: AppOptions) {
  const app = new Hono<AppEnv>();

  // Outermost first: the access log sees the final status, headers land on every response (errors
  // included), and compression sees the finished body.
  app.use(requestContext(db, log));
  app.use(securityHeaders({ production }));
  app.use(compression());

  app.use('/api/*', async (c, next) => {
    await next();
    c.header('Vary', 'Accept-Language', { append: true });
    c.header('Cache-Control', c.res.headers.get('Cache-Control') ?? 'no-store');
  });
  const tooLarge = () => {
    throw new ApiFailure(413, 'payload_too_large');
  };
  const jsonLimit = bodyLimit({ maxSize: MAX_JSON_BODY, onError: tooLarge });
  // The teacher sign-up carries three documents; each is checked against its own 5 MB limit later.
  const uploadLimit = bodyLimit({ maxSize: MAX_UPLOAD_BODY, onError: tooLarge });
  app.use('/api/*', (c, next) =>
    (UPLOAD_PATHS.includes(c.req.path) || TEACHER_UPLOAD_PATHS.includes(c.req.path)) && /^multipart\/form-data/i.test(c.req.header('content-type') ?? '')
      ? uploadLimit(c, next)
      : jsonLimit(c, next),
  );
  const auth = authModule({ db, log, production, ...authOptions });

  app.route('/api', healthRoutes());
  const v1 = new Hono<AppEnv>()
    .route('/', settingsRoutes())
    .route('/', phasesRoutes())
    .route('/', countriesRoutes())
    .route('/', subjectsRoutes())
    .route('/', contactRoutes())
    .route('/', newsletterRoutes())
    .route('/', auth.routes);
  const payments = packagesModule({
    identify:
      packages?.identify ??
      (async (c) => {
        const token = bearerToken(c.req.header('authorization'));
        const user = token ? await auth.resolveUser(token) : null;
        return user ? { id: user.id, isTeacher: user.is_teacher } : null;
      }),
    ...(packages?.gateway ? { gateway: packages.gateway } : {}),
    ...(packages?.now ? { now: packages.now } : {}),
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
  v1.route('/', teacherReviewRoutes({ auth: auth.middleware, storage: auth.storage, publisher: realtime?.publisher, log, now: () => new Date() }));
  v1.route(
    '/',
    sessionsRoutes({
      auth: auth.middleware,
      agora: sessions?.agora ?? {},
      fakeRtc: (sessions?.fakeRtc ?? false) && !production,
      now: sessions?.now ?? (() => new Date()),
    }),
  );
  v1.route('/', notificationsRoutes({ auth: auth.middleware, publisher: realtime?.publisher }));
  const requestsNow = requests?.now ?? packages?.now ?? (() => new Date());
  v1.route('/', teachersRoutes({ now: requestsNow }));
  v1.route('/', availabilityRoutes({ now: requestsNow }));
  v1.route('/', requestsRoutes({ auth: auth.middleware, publisher: realtime?.publisher, log, now: requestsNow }));
  app.route('/api/v1', v1);
  if (admin) app.route('/api/admin', adminRoutes({ ...admin, storage: auth.storage, publisher: realtime?.publisher }));
  if (realtime?.endpoint) app.route('/', eventsApiRoutes(realtime.endpoint));

  if (staticDir) app.use(staticFiles(staticDir));

  app.notFound((c) => c.json({ message: tr('not_found', c.get('locale') ?? DEFAULT_LOCALE) }, 404));

  app.onError((err, c) => {
    const locale = c.get('locale') ?? DEFAULT_LOCALE;
    if (err instanceof ValidationFailure) return c.json({ message: tr(err.key, locale), errors: err.errors }, 400);
    if (err instanceof ApiFailure) return c.json({ message: tr(err.key, locale) }, err.status);
    const requestId = c.get('requestId');
    log.error('unhandled error', { id: requestId, method: c.req.method, path: c.req.path, ...errorFields(err) });
    return c.json({ message: tr('server_error', locale), request_id: requestId }, 500);
  });

  return app;
}

export type App = ReturnType<typeof createApp>;
