// Who may call the admin API, one middleware per route: the caller is resolved to one principal —
// a staff member with a role (a console session) or the command line (the ADMIN_TOKEN, which acts as
// an admin) — the route's roles are checked, and after a successful answer exactly one audit row is
// written. Wrong credentials are throttled per address; the CLI token is accepted only from the
// server machine itself (loopback socket and no proxy's forwarding header) unless allowed remote.
import { createHash, timingSafeEqual } from 'node:crypto';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from '../../http/context';
import { ApiFailure } from '../../http/errors';
import { clientIp } from '../auth/client-ip';
import { writeAudit } from './audit';
import { isStaffToken, resolveStaff, type StaffMember, type StaffRole } from './service';

export type AdminPrincipal = ({ kind: 'staff' } & StaffMember) | { kind: 'cli'; role: 'admin' };

/** The admin API's variables are declared on the app's context (server/http/context.ts). */
export type AdminEnv = AppEnv;

export interface AccessOptions {
  /** The command line's ADMIN_TOKEN. */
  token: string;
  /** Refuse the CLI token unless it comes from a loopback socket without a proxy in between. */
  loopbackOnly: boolean;
  trustProxy: boolean;
  now?: () => Date;
}

/** Wrong credentials allowed per address in a minute; beyond that every admin call from it waits. */
export const ADMIN_FAILURES = { limit: 10, windowSeconds: 60 };

const digest = (s: string) => createHash('sha256').update(s).digest();
const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;

function fromThisMachine(c: Context): boolean {
  // A proxy on the same host makes every caller's socket look local: its forwarding header gives it away.
  if (c.req.header('x-forwarded-for') || c.req.header('forwarded') || c.req.header('x-real-ip')) return false;
  try {
    return LOOPBACK.test(getConnInfo(c).remote.address ?? '');
  } catch {
    return false;
  }
}

export function bearer(c: Context): string {
  return /^Bearer\s+(\S+)\s*$/i.exec(c.req.header('authorization') ?? '')?.[1] ?? '';
}

/** Seconds to wait when the address has used up its wrong guesses, else 0. */
async function throttled(c: Context<AdminEnv>, bucket: string, now: Date): Promise<number> {
  const rows = await c
    .get('db')
    .query<{ at: Date }>('SELECT at FROM rate_limit_hits WHERE bucket = $1 AND at > $2 ORDER BY at DESC LIMIT $3', [
      bucket,
      new Date(now.getTime() - ADMIN_FAILURES.windowSeconds * 1000),
      ADMIN_FAILURES.limit,
    ]);
  if (rows.length < ADMIN_FAILURES.limit) return 0;
  const oldest = rows[rows.length - 1]!.at.getTime();
  return Math.max(1, Math.ceil((oldest + ADMIN_FAILURES.windowSeconds * 1000 - now.getTime()) / 1000));
}

export function createAccess({ token, loopbackOnly, trustProxy, now = () => new Date() }: AccessOptions) {
  const expected = digest(token);

  /** The principal, or a thrown 401/403/429. */
  const authenticate: MiddlewareHandler<AdminEnv> = async (c, next) => {
    const at = now();
    const address = clientIp(c, trustProxy);
    c.set('address', address);
    const bucket = `admin-auth-fail:${address}`;
    const wait = await throttled(c, bucket, at);
    if (wait > 0) {
      c.header('Retry-After', String(wait));
      throw new ApiFailure(429, 'auth_rate_limited');
    }
    const sent = bearer(c);
    let principal: AdminPrincipal | null = null;
    if (isStaffToken(sent)) {
      const member = await resolveStaff(c.get('db'), sent, at);
      if (member) principal = { kind: 'staff', ...member };
      c.set('staffToken', sent);
    } else if (sent && timingSafeEqual(digest(sent), expected)) {
      if (loopbackOnly && !fromThisMachine(c)) throw new ApiFailure(403, 'admin_loopback_only');
      principal = { kind: 'cli', role: 'admin' };
    }
    if (!principal) {
      await c.get('db').query('INSERT INTO rate_limit_hits (bucket, at) VALUES ($1, $2)', [bucket, at]);
      throw new ApiFailure(401, 'admin_unauthorized');
    }
    c.set('principal', principal);
    await next();
  };

  /** Staff of these roles (and the CLI, an admin); one audit row per successful answer. */
  const allow =
    (...roles: StaffRole[]): MiddlewareHandler<AdminEnv> =>
    async (c, next) => {
      await authenticate(c, async () => {
        const principal = c.get('principal');
        if (!roles.includes(principal.role)) throw new ApiFailure(403, 'admin_forbidden');
        c.set('audit', undefined);
        await next();
        if (c.res.status < 400) {
          const note = c.get('audit') ?? { action: `${c.req.method} ${c.req.routePath}`.toLowerCase() };
          await writeAudit(c.get('db'), { principal, address: c.get('address'), at: now() }, note);
        }
      });
    };

  /**
   * For the metrics scrape: the CLI token from this machine is checked without the database, so the
   * figures still answer while every pooled connection is stuck (when they matter most). Anything else
   * (a staff session, a wrong token) goes through `authenticate`, throttle and all.
   */
  const authenticateScrape: MiddlewareHandler<AdminEnv> = async (c, next) => {
    const sent = bearer(c);
    if (sent && !isStaffToken(sent) && timingSafeEqual(digest(sent), expected) && (!loopbackOnly || fromThisMachine(c))) {
      c.set('address', clientIp(c, trustProxy));
      c.set('principal', { kind: 'cli', role: 'admin' });
      return next();
    }
    return authenticate(c, next);
  };

  return { authenticate, authenticateScrape, allow };
}
