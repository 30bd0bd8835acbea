// The live-session API, for the student and the teacher of an approved request:
//   POST v1/sessions/:channelName/token       → the join grant (Agora token, times, adapter)
//   POST v1/sessions/:channelName/events      → records joined | left | reconnecting | reconnected
//   GET  v1/sessions/:channelName/attendance  → who attended, minutes present and lost to reconnection
//   POST v1/sessions/:channelName/end         → after the end: the request becomes finished
// and, only when the server runs with the fake RTC adapter (test server, never production):
//   POST v1/sessions/:channelName/fake-rtc        → the in-memory relay that lets two browsers "see" each other
//   POST v1/sessions/:channelName/test/ends-in    → moves the session so it ends in N seconds
//   POST v1/sessions/:channelName/test/reminders  → runs the reminder job for this session only, as of
//                                                   N minutes before its start (the browser tests' clock)
import { Hono, type Context } from 'hono';
import { z } from 'zod';
import { attendanceEventRequestSchema, fakeRtcBeatSchema, type FakeRtcRoom } from '../../../contract/sessions';
import type { AppEnv } from '../../http/context';
import { ApiFailure } from '../../http/errors';
import { ok } from '../../http/respond';
import { jsonBody } from '../../http/validate';
import { accountId, requireCaller } from '../auth/caller';
import type { AuthMiddleware } from '../auth/middleware';
import { runReminders } from '../notifications';
import { sweepAndPublish } from '../requests';
import type { Publisher } from '../../realtime/publisher';
import {
  assertJoinable,
  findSession,
  grantFor,
  recordEvent,
  roleIn,
  sessionAttendance,
  SessionFailure,
  type AgoraCredentials,
} from './service';

export interface SessionsRoutesOptions {
  auth: AuthMiddleware;
  agora: AgoraCredentials;
  /** The fake RTC relay and the test clock routes; only the test server turns this on. */
  fakeRtc: boolean;
  now: () => Date;
  /** Tells a reminded person's open pages (the test reminder hook). */
  publisher?: Publisher | undefined;
}

// Channel names are 32 hex characters (128 random bits); anything else cannot be one.
const CHANNEL = /^[A-Za-z0-9_-]{8,64}$/;
function channelOf(c: Context<AppEnv>): string {
  const channel = c.req.param('channelName') ?? '';
  if (!CHANNEL.test(channel)) throw new SessionFailure('not_found');
  return channel;
}

/** How far back an event delivered late (after the line came back) may be dated. */
const LATE_EVENT_MS = 5 * 60_000;

/** How long after the end a `left` is still recorded. */
const LEFT_GRACE_MS = 5 * 60_000;

/** A fake peer is gone when it has not beaten for this long (it beats every second). */
const FAKE_PEER_STALE_MS = 3_000;

export function sessionsRoutes({ auth, agora, fakeRtc, now, publisher }: SessionsRoutesOptions) {
  // channel → user id → last beat; in memory, one process (the test server).
  const fakeRooms = new Map<string, Map<number, { quality: number; at: number }>>();

  const participant = async (c: Context<AppEnv>) => {
    // The family or the teacher of the request: roleIn compares the account with the request's parties.
    const account = accountId(requireCaller(c));
    const channel = channelOf(c);
    const found = roleIn(await findSession(c.get('db'), channel), account);
    return { account, channel, ...found };
  };

  const app = new Hono<AppEnv>()
    .post('/sessions/:channelName/token', auth.requireUser, async (c) => {
      const { account, row, role } = await participant(c);
      const at = now();
      assertJoinable(row, role, at);
      return ok(c, grantFor(row, role, account, agora, fakeRtc ? 'fake' : 'agora', at, c.get('locale')));
    })
    .post('/sessions/:channelName/events', auth.requireUser, async (c) => {
      const { account, row, role } = await participant(c);
      const body = await jsonBody(c, attendanceEventRequestSchema);
      const at = now();
      // Inside the window; a `left` still counts when sent by the time-up screen just after the end (the
      // request may be finished already), or by either side's screen after the teacher's End for both
      // finished it early.
      const inGrace = at.getTime() < row.ends_at.getTime() + LEFT_GRACE_MS;
      const late = at.getTime() >= row.ends_at.getTime() && inGrace;
      const leftAfterEnd = body.type === 'left' && ((late && row.status === 'approved') || (inGrace && row.status === 'finished'));
      if (!leftAfterEnd) assertJoinable(row, role, at);
      // A late delivery keeps its time, within bounds: never in the future, never long ago.
      const claimed = body.at ? Date.parse(body.at) : at.getTime();
      const when = new Date(Math.min(at.getTime(), Math.max(claimed, at.getTime() - LATE_EVENT_MS)));
      const recorded = await recordEvent(c.get('db'), row.id, account, body.type, when);
      if (!recorded) throw new ApiFailure(429, 'session_too_many_events');
      return ok(c, { recorded: true }, 'ok', 201);
    })
    .get('/sessions/:channelName/attendance', auth.requireUser, async (c) => {
      const { row } = await participant(c);
      return ok(c, await sessionAttendance(c.get('db'), row.id, now()));
    })
    .post('/sessions/:channelName/end', auth.requireUser, async (c) => {
      const { row } = await participant(c);
      const at = now();
      if (row.status === 'approved' && at.getTime() < row.ends_at.getTime()) throw new ApiFailure(409, 'session_not_over_yet');
      // The request machine's `finish` (through the requests sweep: conditional, idempotent, history),
      // of this request only, announced as the sweep's timer would: both parties' lists update live and
      // the family is asked to rate the lesson.
      if (row.status === 'approved') await sweepAndPublish(c.get('db'), publisher, at, row.id);
      const after = await findSession(c.get('db'), row.channel_name);
      return ok(c, { status: after?.status ?? row.status }, 'session_ended');
    });

  if (!fakeRtc) return app;

  return app
    .post('/sessions/:channelName/fake-rtc', auth.requireUser, async (c) => {
      const { account, channel, row, role } = await participant(c);
      const beat = await jsonBody(c, fakeRtcBeatSchema);
      assertJoinable(row, role, now());
      const room = fakeRooms.get(channel) ?? new Map<number, { quality: number; at: number }>();
      fakeRooms.set(channel, room);
      const at = Date.now();
      if (beat.present) room.set(account, { quality: beat.quality, at });
      else room.delete(account);
      const data: FakeRtcRoom = {
        peers: [...room]
          .filter(([id, peer]) => id !== account && at - peer.at < FAKE_PEER_STALE_MS)
          .map(([uid, peer]) => ({ uid, quality: peer.quality })),
      };
      return ok(c, data);
    })
    .post('/sessions/:channelName/test/ends-in', auth.requireUser, async (c) => {
      const { row } = await participant(c);
      const { seconds } = await jsonBody(c, z.object({ seconds: z.number().int().min(1).max(3600) }));
      const endsAt = new Date(now().getTime() + seconds * 1000);
      const startsAt = new Date(endsAt.getTime() - (row.ends_at.getTime() - row.starts_at.getTime()));
      await c.get('db').query('UPDATE requests SET starts_at = $2, ends_at = $3 WHERE id = $1', [row.id, startsAt, endsAt]);
      return ok(c, { starts_at: startsAt.toISOString(), ends_at: endsAt.toISOString() });
    })
    .post('/sessions/:channelName/test/reminders', auth.requireUser, async (c) => {
      const { row } = await participant(c);
      const { minutes_before } = await jsonBody(
        c,
        z.object({
          minutes_before: z
            .number()
            .int()
            .min(1)
            .max(2 * 24 * 60),
        }),
      );
      const at = new Date(row.starts_at.getTime() - minutes_before * 60_000);
      const { sent } = await runReminders(c.get('db'), publisher, at, { requestId: row.id });
      return ok(c, { sent });
    });
}
