// What every request handler can read from the Hono context: the database, the caller's locale, the request id,
// and the signed-in user once the auth middleware (requireUser / optionalUser) has run.
import type { Db } from '../db';
import type { Locale } from '../i18n';
import type { Logger } from '../logger';
import type { AuthUser } from '../modules/auth/tokens';

export interface AppEnv {
  Variables: {
    db: Db;
    locale: Locale;
    requestId: string;
    log: Logger;
    /** Set by requireUser (never null after it) or optionalUser (null when nobody is signed in). */
    user: AuthUser | null;
  };
}
