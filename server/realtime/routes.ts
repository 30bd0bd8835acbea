// The app's side of realtime: GET /api/v1/realtime/config tells the client where to connect (so the
// embedded mode needs no build-time keys), and POST /api/v1/realtime/auth signs a private or presence
// subscription for the bearer-token holder when the authorizer allows it.
import { Hono } from 'hono';
import { z } from 'zod';
import type { RealtimeConfig } from '../config';
import { bearerToken } from '../http/bearer';
import type { AppEnv } from '../http/context';
import { ApiFailure, ValidationFailure } from '../http/errors';
import { ok } from '../http/respond';
import { fieldErrors } from '../http/validate';
import { defaultChannelAuthorizer, type ChannelAuthorizer, type ResolveUser } from './authorizer';
import { isValidChannelName, needsAuth } from './protocol';
import type { Publisher } from './publisher';
import { recordGrant } from './session-grants';

export interface RealtimeClientConfig {
  mode: RealtimeConfig['mode'];
  key: string;
  cluster: string;
  /** Absent in embedded mode: connect to the origin the page came from (works behind any proxy). */
  host?: string;
  port?: number;
  forceTLS: boolean;
}

export interface RealtimeRoutesOptions {
  config: RealtimeConfig;
  publisher: Publisher;
  resolveUser: ResolveUser;
  authorizer?: ChannelAuthorizer;
}

// pusher-js posts these two fields form-encoded; the names are its own.
const authForm = z.object({
  socket_id: z.string({ error: 'required' }).regex(/^\d+\.\d+$/, { error: 'invalid' }),
  channel_name: z.string({ error: 'required' }).refine(isValidChannelName, { error: 'invalid' }),
});

export function clientConfig(config: RealtimeConfig): RealtimeClientConfig {
  return config.mode === 'pusher'
    ? { mode: 'pusher', key: config.key, cluster: config.cluster, forceTLS: true }
    : { mode: 'embedded', key: config.key, cluster: config.cluster, forceTLS: false };
}

export function realtimeRoutes({ config, publisher, resolveUser, authorizer = defaultChannelAuthorizer }: RealtimeRoutesOptions) {
  const publicConfig = clientConfig(config);
  return new Hono<AppEnv>()
    .get('/realtime/config', (c) => ok(c, publicConfig))
    .post('/realtime/auth', async (c) => {
      const token = bearerToken(c.req.header('authorization'));
      const user = token ? await resolveUser(token) : null;
      if (!user) throw new ApiFailure(401, 'realtime_sign_in');

      const contentType = c.req.header('content-type') ?? '';
      const raw: unknown = contentType.includes('application/json')
        ? await c.req.json().catch(() => ({}))
        : await c.req.parseBody().catch(() => ({}));
      const parsed = authForm.safeParse(raw);
      if (!parsed.success) throw new ValidationFailure(fieldErrors(parsed.error, c.get('locale')));
      const { socket_id: socketId, channel_name: channel } = parsed.data;

      const decision = needsAuth(channel) ? await authorizer(user, channel) : false;
      if (decision === false) {
        c.get('log').info('realtime: channel refused', { id: c.get('requestId'), user: user.id, channel });
        throw new ApiFailure(403, 'realtime_forbidden');
      }
      const presence = typeof decision === 'object' ? decision : undefined;
      if (channel.startsWith('presence-') && !presence) throw new ApiFailure(403, 'realtime_forbidden');
      // Logout finds the subscriptions this token opened through this.
      await recordGrant(c.get('db'), token as string, socketId, channel);
      // pusher-js reads `auth` (and `channel_data`) at the top level, so this answer has no envelope.
      return c.json(publisher.authorizeChannel(socketId, channel, channel.startsWith('presence-') ? presence : undefined));
    });
}
