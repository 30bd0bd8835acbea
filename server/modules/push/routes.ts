// Web Push subscriptions (contract/push.ts): the profile turns push on in a browser and sends its
// PushSubscription here; the outbox's push channel (server/modules/outbox/push.ts) delivers to them.
// The server POSTs to whatever endpoint is stored, so in production only the browsers' push services
// are accepted (https, a known host): a subscription cannot point the server at an internal address.
import { Hono, type Context } from 'hono';
import { PUSH_SUBSCRIPTIONS_MAX, pushSubscriptionInputSchema, pushUnsubscribeSchema, type PushState } from '../../../contract/push';
import type { Queryable } from '../../db';
import type { AppEnv } from '../../http/context';
import { ApiFailure, ValidationFailure } from '../../http/errors';
import { ok } from '../../http/respond';
import { jsonBody } from '../../http/validate';
import { trValidation } from '../../i18n';
import { accountId, requireCaller } from '../auth/caller';
import type { AuthMiddleware } from '../auth/middleware';

export interface PushRoutesOptions {
  auth: AuthMiddleware;
  /** The VAPID public key browsers subscribe with; unset, push is off (subscribing answers 409). */
  publicKey: string | undefined;
  /** Production: only https endpoints of the browsers' push services. Elsewhere any http(s) URL (tests run a local one). */
  production: boolean;
}

/** The push services of Chrome/Edge/Opera (FCM), Firefox (Mozilla), Edge (WNS) and Safari (Apple). */
const PUSH_SERVICE_HOSTS = ['fcm.googleapis.com', 'updates.push.services.mozilla.com', 'notify.windows.com', 'push.apple.com'];

function acceptedEndpoint(endpoint: string, production: boolean): boolean {
  if (!production) return true;
  const url = new URL(endpoint);
  const host = url.hostname.toLowerCase();
  return url.protocol === 'https:' && PUSH_SERVICE_HOSTS.some((h) => host === h || host.endsWith(`.${h}`));
}

async function stateOf(q: Queryable, userId: number, publicKey: string | undefined): Promise<PushState> {
  const row = await q.one<{ n: number }>('SELECT count(*)::int AS n FROM push_subscriptions WHERE user_id = $1', [userId]);
  return { public_key: publicKey ?? null, subscriptions: row?.n ?? 0 };
}

export function pushRoutes({ auth, publicKey, production }: PushRoutesOptions) {
  const me = (c: Context<AppEnv>) => accountId(requireCaller(c));
  return new Hono<AppEnv>()
    .get('/push-subscriptions', auth.requireUser, async (c) => ok<PushState>(c, await stateOf(c.get('db'), me(c), publicKey)))
    .post('/push-subscriptions', auth.requireUser, async (c) => {
      const user = me(c);
      const input = await jsonBody(c, pushSubscriptionInputSchema);
      if (!acceptedEndpoint(input.endpoint, production))
        throw new ValidationFailure({ endpoint: [trValidation('invalid', c.get('locale'))] });
      if (!publicKey) throw new ApiFailure(409, 'push_not_configured');
      const db = c.get('db');
      await db.transaction(async (tx) => {
        await tx.query(
          `INSERT INTO push_subscriptions (user_id, endpoint, p256dh, auth) VALUES ($1, $2, $3, $4)
           ON CONFLICT (endpoint) DO UPDATE SET user_id = EXCLUDED.user_id, p256dh = EXCLUDED.p256dh, auth = EXCLUDED.auth, created_at = now()`,
          [user, input.endpoint, input.keys.p256dh, input.keys.auth],
        );
        // A bounded list per account: the oldest browsers go first.
        await tx.query(
          `DELETE FROM push_subscriptions WHERE user_id = $1 AND id NOT IN (
             SELECT id FROM push_subscriptions WHERE user_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2)`,
          [user, PUSH_SUBSCRIPTIONS_MAX],
        );
      });
      return ok<PushState>(c, await stateOf(db, user, publicKey), 'push_subscribed', 201);
    })
    .delete('/push-subscriptions', auth.requireUser, async (c) => {
      const user = me(c);
      const { endpoint } = await jsonBody(c, pushUnsubscribeSchema);
      const db = c.get('db');
      await db.query('DELETE FROM push_subscriptions WHERE user_id = $1 AND endpoint = $2', [user, endpoint]);
      return ok<PushState>(c, await stateOf(db, user, publicKey), 'push_unsubscribed');
    });
}
