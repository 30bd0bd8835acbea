// A session grant as the server hands it out (GET v1/sessions/{channel}/token), shared by the
// live-session specs: no video provider unless `over` names one, the server's clock at `now`.
import type { SessionGrant } from '../../../contract/sessions';

/** The grant for a session booked from `from` to `to` (ms), valid until its end. */
export function sessionGrant(now: number, { from, to }: { from: number; to: number }, over: Partial<SessionGrant> = {}): SessionGrant {
  return {
    request_id: 12,
    channel_name: 'session-xyz',
    app_id: null,
    token: null,
    uid: 4,
    role: 'student',
    child: { id: 7, first_name: 'Maryam', last_name: 'Ali', phase: { id: 2, name: 'Grade 2' } },
    expires_at: new Date(to).toISOString(),
    starts_at: new Date(from).toISOString(),
    ends_at: new Date(to).toISOString(),
    server_time: new Date(now).toISOString(),
    video_configured: false,
    teacher_first_name: 'هدى',
    teacher_gender: 'female',
    rtc_adapter: 'none',
    ...over,
  };
}
