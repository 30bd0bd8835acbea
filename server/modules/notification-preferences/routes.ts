// GET/PUT/PATCH v1/profile/notification-preferences (contract/notification-preferences.ts): always the
// caller's own account; the outbox applies them when it delivers. PUT replaces the choices, PATCH
// changes only the cells it names (docs/decisions.md, "SMS reminders, news and PATCH").
import { Hono, type Context } from 'hono';
import {
  preferencesInputSchema,
  preferencesPatchSchema,
  type NotificationPreferences,
  type PreferencesPatch,
} from '../../../contract/notification-preferences';
import type { AppEnv } from '../../http/context';
import { ApiFailure, ValidationFailure } from '../../http/errors';
import { ok } from '../../http/respond';
import { jsonBody } from '../../http/validate';
import { trValidation } from '../../i18n';
import { accountId, requireCaller } from '../auth/caller';
import type { AuthMiddleware } from '../auth/middleware';
import { preferencesOf, savePreferences } from './queries';

export function notificationPreferencesRoutes({ auth, now }: { auth: AuthMiddleware; now: () => Date }) {
  const PATH = '/profile/notification-preferences';
  const save = async (c: Context<AppEnv>, input: PreferencesPatch) => {
    const user = accountId(requireCaller(c));
    const db = c.get('db');
    const at = now();
    const saved = await db.transaction((tx) => savePreferences(tx, user, input, at));
    // PATCH may name one end of the quiet hours: the pair it makes with the stored other end is refused alike.
    if (!saved) throw new ValidationFailure({ 'quiet_hours.end': [trValidation('invalid', c.get('locale'))] });
    const prefs = await preferencesOf(db, user, at);
    if (!prefs) throw new ApiFailure(404, 'not_found');
    return ok<NotificationPreferences>(c, prefs, 'notification_preferences_saved');
  };
  return new Hono<AppEnv>()
    .get(PATH, auth.requireUser, async (c) => {
      const prefs = await preferencesOf(c.get('db'), accountId(requireCaller(c)), now());
      if (!prefs) throw new ApiFailure(404, 'not_found');
      return ok<NotificationPreferences>(c, prefs);
    })
    .put(PATH, auth.requireUser, async (c) => save(c, await jsonBody(c, preferencesInputSchema)))
    .patch(PATH, auth.requireUser, async (c) => save(c, await jsonBody(c, preferencesPatchSchema)));
}
