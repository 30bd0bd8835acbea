// What every request handler can read from the Hono context: the database, the caller's locale, the request id,
// and the signed-in user and caller once the auth middleware (requireUser / optionalUser) has run.
import type { Db } from '../db';
import type { Locale } from '../i18n';
import type { Logger } from '../logger';
import type { Caller } from '../modules/auth/caller';
import type { AuthUser } from '../modules/auth/tokens';
import type { AdminPrincipal } from '../modules/staff/access';
import type { AuditNote } from '../modules/staff/audit';

export interface AppEnv {
  Variables: {
    db: Db;
    locale: Locale;
    requestId: string;
    log: Logger;
    /** Set by requireUser (never null after it) or optionalUser (null when nobody is signed in). */
    user: AuthUser | null;
    /** Who is calling (family or teacher), derived from `user` by the same middleware; modules ask this. */
    caller: Caller | null;
    // The admin API's access check (server/modules/staff/access.ts) sets these on its routes only.
    /** The staff member or the command line calling the admin API. */
    principal: AdminPrincipal;
    /** What the admin route did, for its one audit row. */
    audit: AuditNote | undefined;
    /** The caller's address as the audit log records it. */
    address: string;
    /** The staff session's bearer, for sign-out. */
    staffToken: string | null;
  };
}
