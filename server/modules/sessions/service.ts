// The live session on the server: who may join which channel and when, the Agora token, attendance
// events, and the end of the session. The session is the approved request with that channel
// (migration 0005); whether joining is allowed NOW is asked of the request statechart's `join`
// event (machines/request.machine.ts), so the server and the session-details button agree.
import agoraToken from 'agora-token';
import type { Gender } from '../../../contract/auth';
import type { Attendance, AttendanceEventType, SessionGrant } from '../../../contract/sessions';
import { JOIN_EARLY_MS, type RequestStatus, type RequestType } from '../../../contract/requests';
import { resumeRequest } from '../../../machines/request.machine';
import type { Queryable } from '../../db';
import { ApiFailure } from '../../http/errors';
import type { Locale, MessageKey } from '../../i18n';
import { pickName } from '../../lib/latin-names';
import { CHILD_COLUMNS, CHILD_JOINS, childRefOf, type ChildColumns } from '../children/refs';
import { attendanceOf, wholeMinutes, type RecordedEvent } from './attendance';

// agora-token is CommonJS: its builders come through the default export.
const { RtcRole, RtcTokenBuilder } = agoraToken;

export type SessionRole = 'student' | 'teacher';

/** Why a caller gets no token; each has an HTTP status and a message. */
export type SessionRefusal = 'not_found' | 'not_participant' | 'not_approved' | 'finished' | 'not_open_yet' | 'over';

const REFUSALS: Record<SessionRefusal, { status: 403 | 404 | 409; key: MessageKey }> = {
  not_found: { status: 404, key: 'session_not_found' },
  not_participant: { status: 403, key: 'session_not_participant' },
  not_approved: { status: 409, key: 'session_not_approved' },
  finished: { status: 409, key: 'session_finished' },
  not_open_yet: { status: 409, key: 'session_not_open_yet' },
  over: { status: 409, key: 'session_over' },
};

/** A refusal with its message key as `code`: the screen offers "Try again" only where waiting helps. */
export class SessionFailure extends ApiFailure {
  constructor(readonly reason: SessionRefusal) {
    const { status, key } = REFUSALS[reason];
    super(status, key, { code: key });
    this.name = 'SessionFailure';
  }
}

export interface AgoraCredentials {
  appId?: string | undefined;
  appCertificate?: string | undefined;
}

export interface SessionRow extends ChildColumns {
  id: number;
  student_id: number;
  teacher_id: number;
  status: RequestStatus;
  type: RequestType;
  broadcast: boolean;
  starts_at: Date;
  ends_at: Date;
  expires_at: Date;
  channel_name: string;
  teacher_first_name: string;
  teacher_gender: Gender | null;
  teacher_latin: string | null;
}

export async function findSession(q: Queryable, channelName: string, lock = false): Promise<SessionRow | undefined> {
  return q.one<SessionRow>(
    `SELECT r.id, r.student_id, r.teacher_id, r.status, r.type, r.broadcast, r.starts_at, r.ends_at, r.expires_at, r.channel_name,
            r.child_id, ${CHILD_COLUMNS}, t.first_name AS teacher_first_name, t.gender AS teacher_gender, t.latin_name AS teacher_latin
       FROM requests r ${CHILD_JOINS} JOIN users t ON t.id = r.teacher_id
      WHERE r.channel_name = $1${lock ? ' FOR UPDATE OF r' : ''}`,
    [channelName],
  );
}

/** The caller's role in the session, or a refusal: unknown channel 404, someone else's 403. */
export function roleIn(row: SessionRow | undefined, userId: number): { row: SessionRow; role: SessionRole } {
  if (!row) throw new SessionFailure('not_found');
  if (row.student_id === userId) return { row, role: 'student' };
  if (row.teacher_id === userId) return { row, role: 'teacher' };
  throw new SessionFailure('not_participant');
}

/** Asks the request machine whether this participant may be in the call now; says why not. */
export function assertJoinable(row: SessionRow, role: SessionRole, now: Date): void {
  const snapshot = resumeRequest(row.status, {
    type: row.type,
    broadcast: row.broadcast,
    startsAt: row.starts_at.getTime(),
    endsAt: row.ends_at.getTime(),
    expiresAt: row.expires_at.getTime(),
    rated: false,
  });
  if (snapshot.can({ type: 'join', actor: { role, party: true }, now: now.getTime() })) return;
  if (row.status === 'finished') throw new SessionFailure('finished');
  if (row.status !== 'approved') throw new SessionFailure('not_approved');
  if (now.getTime() < row.starts_at.getTime() - JOIN_EARLY_MS) throw new SessionFailure('not_open_yet');
  throw new SessionFailure('over');
}

/** Agora allows at most 24 hours; sessions last at most 6. */
const MAX_TOKEN_SECONDS = 24 * 60 * 60;

/**
 * A token for `uid` in `channel`, valid until the session ends (the join privilege too). Null when
 * video is not configured: the client then runs the lifecycle without an RTC provider.
 */
export function buildRtcToken(agora: AgoraCredentials, channel: string, uid: number, endsAt: Date, now: Date): string | null {
  if (!agora.appId || !agora.appCertificate) return null;
  const seconds = Math.min(MAX_TOKEN_SECONDS, Math.max(1, Math.ceil((endsAt.getTime() - now.getTime()) / 1000)));
  return RtcTokenBuilder.buildTokenWithUid(agora.appId, agora.appCertificate, channel, uid, RtcRole.PUBLISHER, seconds, seconds);
}

export function grantFor(
  row: SessionRow,
  role: SessionRole,
  userId: number,
  agora: AgoraCredentials,
  adapter: 'agora' | 'fake' | 'none',
  now: Date,
  locale: Locale,
): SessionGrant {
  const token = buildRtcToken(agora, row.channel_name, userId, row.ends_at, now);
  const configured = token !== null;
  return {
    request_id: row.id,
    channel_name: row.channel_name,
    app_id: configured ? (agora.appId ?? null) : null,
    token,
    // The user id is unique and stable, so a rejoin keeps the same uid and the peer sees one person.
    uid: userId,
    role,
    child: childRefOf(row, role === 'teacher' ? 'teacher' : 'family', locale),
    teacher_first_name: pickName(locale, { first_name: row.teacher_first_name, last_name: '' }, row.teacher_latin).first_name,
    teacher_gender: row.teacher_gender,
    expires_at: row.ends_at.toISOString(),
    starts_at: row.starts_at.toISOString(),
    ends_at: row.ends_at.toISOString(),
    server_time: now.toISOString(),
    video_configured: configured,
    // The test-only fake relay wins over Agora; without either the client has no provider.
    rtc_adapter: adapter === 'fake' ? 'fake' : configured ? 'agora' : 'none',
  };
}

/** Events a participant may record per session: plenty for a flaky line, not a flood. */
export const MAX_EVENTS_PER_PARTICIPANT = 500;

/** Records one attendance event at the server's time; false when the participant's quota is used up. */
export async function recordEvent(q: Queryable, requestId: number, userId: number, type: AttendanceEventType, now: Date): Promise<boolean> {
  const row = await q.one(
    `INSERT INTO session_events (request_id, user_id, type, at)
     SELECT $1, $2, $3, $4
      WHERE (SELECT count(*) FROM session_events WHERE request_id = $1 AND user_id = $2) < $5
     RETURNING id`,
    [requestId, userId, type, now, MAX_EVENTS_PER_PARTICIPANT],
  );
  return row !== undefined;
}

/**
 * Attendance of a request's session: for its student and teacher, first join, last leave, minutes in
 * the call and minutes lost to reconnection. For the requests module's session details too: call it
 * with the request id once the viewer is known to be a party (it does not check who asks).
 */
export async function sessionAttendance(q: Queryable, requestId: number, now: Date): Promise<Attendance | null> {
  const request = await q.one<{
    id: number;
    student_id: number;
    teacher_id: number;
    ends_at: Date;
    child_first: string;
    child_gender: Gender;
    teacher_first: string;
    teacher_gender: Gender | null;
  }>(
    // The learner is the child the lesson is for, never the family account's holder.
    `SELECT r.id, r.student_id, r.teacher_id, r.ends_at, ch.first_name AS child_first, ch.gender AS child_gender,
            t.first_name AS teacher_first, t.gender AS teacher_gender
       FROM requests r JOIN children ch ON ch.id = r.child_id JOIN users t ON t.id = r.teacher_id WHERE r.id = $1`,
    [requestId],
  );
  if (!request) return null;
  const rows = await q.query<{ user_id: number; type: AttendanceEventType; at: Date }>(
    'SELECT user_id, type, at FROM session_events WHERE request_id = $1 ORDER BY at, id',
    [requestId],
  );
  const until = new Date(Math.min(now.getTime(), request.ends_at.getTime()));
  const people: Array<{ role: SessionRole; id: number; first_name: string; gender: Gender | null }> = [
    { role: 'student', id: request.student_id, first_name: request.child_first, gender: request.child_gender },
    { role: 'teacher', id: request.teacher_id, first_name: request.teacher_first, gender: request.teacher_gender },
  ];
  return {
    request_id: request.id,
    participants: people.map(({ role, id, first_name, gender }) => {
      const events: RecordedEvent[] = rows.filter((r) => r.user_id === id).map((r) => ({ type: r.type, at: r.at }));
      const figures = attendanceOf(events, until);
      return {
        role,
        first_name,
        gender,
        first_joined_at: figures.firstJoinedAt?.toISOString() ?? null,
        last_left_at: figures.lastLeftAt?.toISOString() ?? null,
        minutes_present: wholeMinutes(figures.presentMs),
        minutes_lost_to_reconnection: wholeMinutes(figures.lostMs),
        events: events.map((e) => ({ type: e.type, at: e.at.toISOString() })),
      };
    }),
  };
}
