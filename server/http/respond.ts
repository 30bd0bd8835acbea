// The success envelope `{ message, data }` with a localized message.
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { tr, type MessageKey } from '../i18n';
import type { AppEnv } from './context';

export function ok<T>(c: Context<AppEnv>, data: T, key: MessageKey = 'ok', status: ContentfulStatusCode = 200) {
  return c.json({ message: tr(key, c.get('locale')), data }, status);
}
