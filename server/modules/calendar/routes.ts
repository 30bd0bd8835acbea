// Calendar files and feeds. A request's parties download its .ics (GET v1/requests/:id/calendar.ics,
// signed in); each account may keep one private subscription feed (GET /calendar/:token.ics, no sign-in:
// the URL's 128-bit secret is the credential, stored only as its SHA-256), made, rotated and turned off
// from the profile (v1/profile/calendar-feed).
import { createHash, randomBytes } from 'node:crypto';
import { Hono, type Context } from 'hono';
import type { CalendarFeed } from '../../../contract/calendar';
import type { Queryable } from '../../db';
import type { AppEnv } from '../../http/context';
import { ApiFailure } from '../../http/errors';
import { idFrom } from '../../http/validate';
import { ok } from '../../http/respond';
import type { Locale } from '../../i18n';
import { tooMany } from '../auth/answers';
import { accountId, requireCaller } from '../auth/caller';
import type { AuthMiddleware } from '../auth/middleware';
import { hitRateLimit } from '../auth/rate-limit';
import { RequestFailure, type Viewer } from '../requests/rows';
import { sessionsCalendar } from './ics';
import { feedEvents, requestEvent } from './sessions';

export interface CalendarRoutesOptions {
  auth: AuthMiddleware;
  /** PUBLIC_URL: the origin of the links and the host of the UIDs; unset, the request's origin and a fixed host. */
  publicUrl?: string | undefined;
  now: () => Date;
}

// 16 random bytes in base64url: 22 characters.
const FEED_FILE = /^([A-Za-z0-9_-]{22})\.ics$/;
/** A calendar app polls every few minutes to hours; this is far above that and far below a scan. */
const FEED_RULES = [{ limit: 60, windowSeconds: 3600 }];
const FALLBACK_UID_HOST = 'noor.local';

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

function viewerOf(c: Context<AppEnv>): Viewer {
  const caller = requireCaller(c);
  return caller.kind === 'family' ? { id: caller.familyId, role: 'student' } : { id: caller.teacherId, role: 'teacher' };
}

function icsResponse(c: Context<AppEnv>, body: string, disposition: string): Response {
  return c.body(body, 200, {
    'Content-Type': 'text/calendar; charset=utf-8',
    'Content-Disposition': disposition,
    'Cache-Control': 'no-store',
  });
}

async function readerOf(q: Queryable, userId: number): Promise<{ role: Viewer['role']; locale: Locale; time_zone: string }> {
  const row = await q.one<{ type: string; locale: Locale; time_zone: string }>('SELECT type, locale, time_zone FROM users WHERE id = $1', [
    userId,
  ]);
  if (!row) throw new ApiFailure(404, 'not_found');
  return { role: row.type === 'instructor' ? 'teacher' : 'student', locale: row.locale, time_zone: row.time_zone };
}

export function calendarRoutes({ auth, publicUrl, now }: CalendarRoutesOptions) {
  const originOf = (c: Context<AppEnv>) => publicUrl ?? new URL(c.req.url).origin;
  const uidHost = publicUrl ? new URL(publicUrl).host : FALLBACK_UID_HOST;

  const api = new Hono<AppEnv>()
    .get('/requests/:id/calendar.ics', auth.requireUser, async (c) => {
      const viewer = viewerOf(c);
      const id = idFrom(c, 'id', 'request_not_found');
      const db = c.get('db');
      const { time_zone } = await readerOf(db, viewer.id);
      const locale = c.get('locale');
      let event;
      try {
        event = await requestEvent(db, id, viewer, locale, now());
      } catch (err) {
        if (err instanceof RequestFailure) throw new ApiFailure(404, 'request_not_found');
        throw err;
      }
      const body = sessionsCalendar([event], { locale, timeZone: time_zone, origin: originOf(c), uidHost });
      return icsResponse(c, body, `attachment; filename="noor-session-${event.id}.ics"`);
    })
    .get('/profile/calendar-feed', auth.requireUser, async (c) => {
      const row = await c
        .get('db')
        .one<{ created_at: Date }>('SELECT created_at FROM calendar_feeds WHERE user_id = $1', [accountId(requireCaller(c))]);
      return ok<CalendarFeed>(c, { active: row !== undefined, created_at: row?.created_at.toISOString() ?? null, url: null });
    })
    .post('/profile/calendar-feed', auth.requireUser, async (c) => {
      const user = accountId(requireCaller(c));
      const token = randomBytes(16).toString('base64url');
      const at = now();
      // One row per account: making it again rotates the secret, and the old URL answers 404 from now on.
      await c.get('db').query(
        `INSERT INTO calendar_feeds (user_id, token_hash, created_at) VALUES ($1, $2, $3)
          ON CONFLICT (user_id) DO UPDATE SET token_hash = EXCLUDED.token_hash, created_at = EXCLUDED.created_at`,
        [user, hashOf(token), at],
      );
      const url = new URL(`/calendar/${token}.ics`, originOf(c)).toString();
      return ok<CalendarFeed>(c, { active: true, created_at: at.toISOString(), url }, 'calendar_feed_created', 201);
    })
    .delete('/profile/calendar-feed', auth.requireUser, async (c) => {
      await c.get('db').query('DELETE FROM calendar_feeds WHERE user_id = $1', [accountId(requireCaller(c))]);
      return ok<CalendarFeed>(c, { active: false, created_at: null, url: null }, 'calendar_feed_removed');
    });

  // Outside /api: calendar apps fetch it with no token and no Accept-Language; the account's own
  // language and zone are used.
  const feed = new Hono<AppEnv>().get('/calendar/:file', async (c) => {
    const match = FEED_FILE.exec(c.req.param('file'));
    if (!match) throw new ApiFailure(404, 'not_found');
    const db = c.get('db');
    const owner = await db.one<{ user_id: number }>('SELECT user_id FROM calendar_feeds WHERE token_hash = $1', [
      hashOf(match[1] as string),
    ]);
    if (!owner) throw new ApiFailure(404, 'not_found');
    const at = now();
    const limited = await hitRateLimit(db, `calendar-feed:${owner.user_id}`, FEED_RULES, at);
    if (!limited.ok) throw tooMany(limited.retryAfter);
    const reader = await readerOf(db, owner.user_id);
    const events = await feedEvents(db, { id: owner.user_id, role: reader.role }, reader.locale, at);
    const body = sessionsCalendar(events, { locale: reader.locale, timeZone: reader.time_zone, origin: originOf(c), uidHost });
    return icsResponse(c, body, 'inline; filename="noor-sessions.ics"');
  });

  return { api, feed };
}
