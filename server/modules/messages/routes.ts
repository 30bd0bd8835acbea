// The messages routes (contract/messages.ts): a family's or a teacher's conversations, their messages,
// writing and reporting. Anybody but a conversation's two parties is answered 404.
import { Hono, type Context } from 'hono';
import { messagesQuerySchema, openConversationSchema, reportMessageSchema, sendMessageSchema } from '../../../contract/messages';
import type { AppEnv } from '../../http/context';
import { ApiFailure } from '../../http/errors';
import { ok } from '../../http/respond';
import { idFrom, jsonBody, queryParams } from '../../http/validate';
import { tr } from '../../i18n';
import type { Publisher } from '../../realtime/publisher';
import { requireCaller } from '../auth/caller';
import type { AuthMiddleware } from '../auth/middleware';
import { listConversations, listMessages, openConversation, reportMessage, sendMessage } from './service';

function pathId(c: Context<AppEnv>, name: 'id' | 'mid', key: 'conversation_not_found' | 'message_not_found'): number {
  return idFrom(c, name, key);
}

export function messagesRoutes({ auth, publisher, now }: { auth: AuthMiddleware; publisher: Publisher | undefined; now: () => Date }) {
  return new Hono<AppEnv>()
    .use('/conversations', auth.requireUser)
    .use('/conversations/*', auth.requireUser)
    .get('/conversations', async (c) => {
      const { data, unread_total } = await listConversations(c.get('db'), requireCaller(c), c.get('locale'));
      return c.json({ message: tr('ok', c.get('locale')), data, meta: { unread_total } });
    })
    .post('/conversations', async (c) => {
      const caller = requireCaller(c);
      const body = await jsonBody(c, openConversationSchema);
      const { conversation, created } = await openConversation(c.get('db'), caller, body, c.get('locale'), now());
      return ok(c, conversation, 'ok', created ? 201 : 200);
    })
    .get('/conversations/:id/messages', async (c) => {
      const caller = requireCaller(c);
      const id = pathId(c, 'id', 'conversation_not_found');
      const query = queryParams(c, messagesQuerySchema);
      const { page, unread_total } = await listMessages(c.get('db'), caller, id, query, now(), publisher, c.get('locale'));
      return c.json({ message: tr('ok', c.get('locale')), data: page, meta: { unread_total } });
    })
    .post('/conversations/:id/messages', async (c) => {
      const caller = requireCaller(c);
      const id = pathId(c, 'id', 'conversation_not_found');
      const { body } = await jsonBody(c, sendMessageSchema);
      const sent = await sendMessage(c.get('db'), caller, id, body, now(), publisher);
      if ('retryAfter' in sent) {
        c.header('Retry-After', String(sent.retryAfter));
        throw new ApiFailure(429, 'message_rate_limited');
      }
      return ok(c, sent, 'message_sent', 201);
    })
    .post('/conversations/:id/messages/:mid/report', async (c) => {
      const caller = requireCaller(c);
      const id = pathId(c, 'id', 'conversation_not_found');
      const mid = pathId(c, 'mid', 'message_not_found');
      const { reason } = await jsonBody(c, reportMessageSchema);
      await reportMessage(c.get('db'), caller, id, mid, reason, now());
      return ok(c, { reported: true }, 'message_reported');
    });
}
