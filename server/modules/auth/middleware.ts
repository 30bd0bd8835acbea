// Hono middleware that reads `Authorization: Bearer <token>` and puts the user in `c.get('user')` and
// who is calling (family or teacher, caller.ts) in `c.get('caller')`.
// requireUser answers 401 without a valid token; optionalUser lets the request through with null.
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../../http/context';
import { ApiFailure } from '../../http/errors';
import { callerOf } from './caller';
import { suspended } from './answers';
import { bearerToken } from '../../http/bearer';
import { resolveUser, suspendedHolder, type AuthUser } from './tokens';

/** The app's context; `user` is declared there (server/http/context.ts) so every module can read it. */
export type AuthEnv = AppEnv;

export interface AuthMiddleware {
  requireUser: MiddlewareHandler<AuthEnv>;
  optionalUser: MiddlewareHandler<AuthEnv>;
}

/** `now` decides token expiry; tests pass a movable clock. */
export function createAuthMiddleware(now: () => Date = () => new Date()): AuthMiddleware {
  const lookup = async (c: Parameters<MiddlewareHandler<AuthEnv>>[0]) => {
    const token = bearerToken(c.req.header('authorization'));
    return token ? resolveUser(c.get('db'), token, now()) : null;
  };
  // The one place a request's caller is derived: modules read `c.get('caller')` through caller.ts.
  const identify = (c: Parameters<MiddlewareHandler<AuthEnv>>[0], user: AuthUser | null) => {
    c.set('user', user);
    c.set('caller', user ? callerOf(user) : null);
  };
  return {
    requireUser: async (c, next) => {
      const user = await lookup(c);
      if (!user) {
        // A teacher signed out by a suspension is told why, not only that the session ended.
        const token = bearerToken(c.req.header('authorization'));
        const holder = token ? await suspendedHolder(c.get('db'), token) : undefined;
        if (holder) throw suspended(401, holder.reason);
        throw new ApiFailure(401, 'auth_unauthorized');
      }
      identify(c, user);
      await next();
    },
    optionalUser: async (c, next) => {
      identify(c, await lookup(c));
      await next();
    },
  };
}
