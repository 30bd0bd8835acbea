// The signed-in user's own notifications: the list (newest first, paged), the unread count, and
// marking one or all read. Someone else's notification id answers 404, exactly like a missing one.
import { Hono, type Context } from 'hono';
import { NOTIFICATIONS_READ_EVENT, notificationsQuerySchema } from '../../../contract/notifications';
import type { AppEnv } from '../../http/context';
import { ApiFailure, ValidationFailure } from '../../http/errors';
import { ok } from '../../http/respond';
import { fieldErrors, idFrom } from '../../http/validate';
import { tr } from '../../i18n';
import type { Publisher } from '../../realtime/publisher';
import { accountId, requireCaller } from '../auth/caller';
import type { AuthMiddleware } from '../auth/middleware';
import { listNotifications, markAllRead, markRead, publishUnread, unreadCount } from './service';

export interface NotificationsRoutesOptions {
  auth: AuthMiddleware;
  publisher: Publisher | undefined;
  now?: () => Date;
}

/** The signed-in account, family or teacher: notifications belong to the account. */
function callerId(c: Context<AppEnv>): number {
  return accountId(requireCaller(c));
}

export function notificationsRoutes({ auth, publisher, now = () => new Date() }: NotificationsRoutesOptions) {
  return new Hono<AppEnv>()
    .use('/notifications/*', auth.requireUser)
    .use('/notifications', auth.requireUser)
    .get('/notifications', async (c) => {
      const userId = callerId(c);
      const parsed = notificationsQuerySchema.safeParse({ page: c.req.query('page') || undefined });
      if (!parsed.success) throw new ValidationFailure(fieldErrors(parsed.error, c.get('locale')));
      const page = await listNotifications(c.get('db'), userId, parsed.data.page, c.get('locale'));
      return c.json({ message: tr('ok', c.get('locale')), ...page });
    })
    .get('/notifications/unread-count', async (c) => {
      const userId = callerId(c);
      return ok(c, { unread_count: await unreadCount(c.get('db'), userId) });
    })
    .post('/notifications/read-all', async (c) => {
      const userId = callerId(c);
      const db = c.get('db');
      const changed = await markAllRead(db, userId, now());
      // The user's other tabs clear their badge too.
      if (changed > 0) await publishUnread(db, publisher, userId, NOTIFICATIONS_READ_EVENT);
      return ok(c, { unread_count: await unreadCount(db, userId) });
    })
    .post('/notifications/:id/read', async (c) => {
      const userId = callerId(c);
      const id = idFrom(c, 'id');
      const db = c.get('db');
      const before = await unreadCount(db, userId);
      const notification = await markRead(db, userId, id, now(), c.get('locale'));
      if (!notification) throw new ApiFailure(404, 'not_found');
      const count = await unreadCount(db, userId);
      if (count !== before) await publishUnread(db, publisher, userId, NOTIFICATIONS_READ_EVENT);
      return ok(c, { notification, unread_count: count });
    });
}
