// GET/PUT v1/profile/notification-preferences (contract/notification-preferences.ts): always the
// caller's own account; the outbox applies them when it delivers.
import { Hono } from 'hono';
import { preferencesInputSchema, type NotificationPreferences } from '../../../contract/notification-preferences';
import type { AppEnv } from '../../http/context';
import { ApiFailure } from '../../http/errors';
import { ok } from '../../http/respond';
import { jsonBody } from '../../http/validate';
import { accountId, requireCaller } from '../auth/caller';
import type { AuthMiddleware } from '../auth/middleware';
import { preferencesOf, savePreferences } from './queries';

export function notificationPreferencesRoutes({ auth, now }: { auth: AuthMiddleware; now: () => Date }) {
  const PATH = '/profile/notification-preferences';
  return new Hono<AppEnv>()
    .get(PATH, auth.requireUser, async (c) => {
      const prefs = await preferencesOf(c.get('db'), accountId(requireCaller(c)));
      if (!prefs) throw new ApiFailure(404, 'not_found');
      return ok<NotificationPreferences>(c, prefs);
    })
    .put(PATH, auth.requireUser, async (c) => {
      const user = accountId(requireCaller(c));
      const input = await jsonBody(c, preferencesInputSchema);
      const db = c.get('db');
      await db.transaction((tx) => savePreferences(tx, user, input, now()));
      const prefs = await preferencesOf(db, user);
      if (!prefs) throw new ApiFailure(404, 'not_found');
      return ok<NotificationPreferences>(c, prefs, 'notification_preferences_saved');
    });
}
