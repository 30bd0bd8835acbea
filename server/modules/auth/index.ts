// The auth module's public face. For app.ts: `authModule(options)` → the auth and profile routes and
// the middleware bound to the module's clock. For any other module (realtime, booking …):
// `resolveUser(db, token)`, and the module's `middleware.requireUser` / `optionalUser`, which put the signed-in
// user in `c.get('user')` and who is calling in `c.get('caller')` (caller.ts; type `AuthEnv`).
import path from 'node:path';
import { Hono } from 'hono';
import { createOutboxSms, type SmsSender } from '../../adapters/sms';
import { createDiskStorage, type FileStorage } from '../../adapters/storage';
import type { Db } from '../../db';
import type { Logger } from '../../logger';
import { profileRoutes } from '../profile/routes';
import { createHashGate, type HashGate } from './hash-gate';
import { loadSignInLimits, type SignInLimits } from './limits';
import { createAuthMiddleware, type AuthEnv } from './middleware';
import { authRoutes, type AuthRoutesOptions } from './routes';
import { resolveUser as resolveUserAt, type AuthUser } from './tokens';

export type { AuthEnv } from './middleware';
export { accountById, resolveUser, type AuthUser } from './tokens';
export { callerOf } from './caller';

export interface AuthModuleOptions {
  db: Db;
  log: Logger;
  production: boolean;
  /** The clock for codes, tokens and rate limits (tests move it). */
  now?: () => Date;
  /** Default: the development outbox (sms_outbox table + log). */
  sms?: SmsSender;
  /** Default: files under `uploadDir`. */
  storage?: FileStorage;
  /** Default ./.data/uploads — outside any web root. */
  uploadDir?: string;
  /**
   * HMAC key of the one-time codes. Default outside production: a fixed development key; in
   * production: random per process (set OTP_SECRET when several instances share the database).
   */
  secret?: string;
  /** Read the caller's address from the last X-Forwarded-For entry (behind one trusted proxy). */
  trustProxy?: boolean;
  /**
   * The development conveniences: the readable outbox (GET v1/dev/outbox, codes in the log) and the
   * fixed code key. Default: outside production; the server passes config.devTools, which also needs
   * a loopback listener, so a dev build exposed on a network fails closed.
   */
  devTools?: boolean;
  /** Lockout, hashing gate and SMS budget. Default: from the environment (loadSignInLimits). */
  limits?: SignInLimits;
  /** The password-hashing semaphore; default one sized by limits.hashing (tests pass theirs to watch it). */
  hashGate?: HashGate;
  /** Called after logout revoked a token: realtime ends that session's private subscriptions. */
  onLogout?: AuthRoutesOptions['onLogout'];
}

/** The path whose multipart body may be larger than the JSON limit (the teacher's documents). */
export const UPLOAD_PATHS: readonly string[] = ['/api/v1/auth/register'];
/** Three documents of 5 MB plus the text fields. */
export const MAX_UPLOAD_BODY = 16 * 1024 * 1024;

const DEV_OTP_SECRET = 'noor-development-otp-secret';

export function authModule(options: AuthModuleOptions) {
  const now = options.now ?? (() => new Date());
  const middleware = createAuthMiddleware(now);
  const storage = options.storage ?? createDiskStorage(options.uploadDir ?? path.resolve('.data/uploads'));
  const devTools = (options.devTools ?? true) && !options.production;
  const sms = options.sms ?? createOutboxSms({ db: options.db, log: options.log, production: !devTools });
  const secret = options.secret ?? (devTools ? DEV_OTP_SECRET : globalThis.crypto.randomUUID() + globalThis.crypto.randomUUID());
  const limits = options.limits ?? loadSignInLimits(process.env);
  const gate = options.hashGate ?? createHashGate(limits.hashing);
  const routes = new Hono<AuthEnv>()
    .route(
      '/',
      authRoutes({
        now,
        sms,
        storage,
        secret,
        limits,
        gate,
        onLogout: options.onLogout,
        trustProxy: options.trustProxy ?? false,
        production: !devTools,
        auth: middleware,
      }),
    )
    .route('/', profileRoutes({ storage, auth: middleware, now }));
  return {
    routes,
    middleware,
    /** The one-time codes' HMAC key (a family's e-mail codes are one-time codes too). */
    secret,
    /** Where teachers' documents are kept (the teacher-review module stores resubmitted ones here too). */
    storage,
    /** Bearer token → user with this module's clock (for realtime's ResolveUser). */
    resolveUser: (token: string): Promise<AuthUser | null> => resolveUserAt(options.db, token, now()),
  };
}
