// Fixtures for the notifications tests: the app over a seeded database with a recording publisher
// (what would go out on each user's private channel), users made straight in the table, and a bearer
// token for each.
import { createApp } from '../../server/app';
import { EMBEDDED_DEV_KEYS } from '../../server/config';
import type { Db, Queryable } from '../../server/db';
import { createLogger } from '../../server/logger';
import { resolveUser } from '../../server/modules/auth';
import { issueToken } from '../../server/modules/auth/tokens';
import type { Publisher } from '../../server/realtime/publisher';
import { json } from './helpers';

export interface Published {
  channel: string;
  event: string;
  data: unknown;
}

export function recordingPublisher(): Publisher & { sent: Published[] } {
  const sent: Published[] = [];
  return {
    mode: 'embedded',
    sent,
    publish(channel, event, data) {
      for (const c of Array.isArray(channel) ? channel : [channel]) sent.push({ channel: c, event, data });
      return Promise.resolve(true);
    },
    authorizeChannel: () => ({ auth: 'test' }),
  };
}

let phoneCounter = 0;

export async function makePerson(
  db: Queryable,
  {
    type = 'student',
    timeZone,
    firstName = 'سارة',
    lastName = 'النعيمي',
  }: { type?: 'student' | 'instructor'; timeZone?: string; firstName?: string; lastName?: string } = {},
): Promise<number> {
  phoneCounter += 1;
  const phone = `+9745${String(8_000_000 + (process.pid % 1000) * 100 + phoneCounter).slice(-7)}`;
  const row = await db.one<{ id: number }>(
    `INSERT INTO users (type, first_name, last_name, phone, country_code, status, has_free_session, time_zone)
     VALUES ($1, $2, $3, $4, 'QA', 'active', false, $5) RETURNING id`,
    [type, firstName, lastName, phone, timeZone ?? 'Asia/Qatar'],
  );
  return row!.id;
}

export function notificationsApp(db: Db, publisher: Publisher = recordingPublisher()) {
  const app = createApp({
    db,
    log: createLogger('silent'),
    realtime: {
      config: { mode: 'embedded', ...EMBEDDED_DEV_KEYS, cluster: 'eu' },
      publisher,
      resolveUser: (token) => resolveUser(db, token),
    },
  });
  const as = (token: string | null, locale: 'ar' | 'en' = 'en') => {
    const headers: Record<string, string> = { 'Accept-Language': locale };
    if (token) headers.Authorization = `Bearer ${token}`;
    return {
      get: (path: string) => app.request(path, { headers }),
      post: (path: string, body: unknown = {}) => app.request(path, json(body, headers)),
    };
  };
  return { app, as };
}

export const tokenFor = (db: Queryable, userId: number) => issueToken(db, userId, new Date());
