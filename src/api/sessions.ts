// The live-session calls on the app's HTTP client: the join grant, attendance events, the end of the
// session, the teacher's End for both (the request's `end`), and the test-only fake relay.
// Responses are checked against contract/sessions.ts.
import {
  attendanceSchema,
  sessionGrantSchema,
  type Attendance,
  type AttendanceEventType,
  type SessionGrant,
} from '../../contract/sessions';
import { api, type ApiClient, type Envelope } from './client';
import { changeRequest } from './requests';

const path = (channel: string, rest: string) => `v1/sessions/${encodeURIComponent(channel)}/${rest}`;

export function createSessionApi(client: ApiClient = api) {
  return {
    async token(channel: string): Promise<SessionGrant> {
      const res = await client<Envelope<unknown>>(path(channel, 'token'), { method: 'POST', body: {} });
      return sessionGrantSchema.parse(res.data);
    },
    async report(channel: string, type: AttendanceEventType, at: Date): Promise<void> {
      await client(path(channel, 'events'), { method: 'POST', body: { type, at: at.toISOString() } });
    },
    /**
     * `left` while the page goes away (tab closed, navigated off): a keepalive request outlives the
     * page like a beacon does, and unlike navigator.sendBeacon it carries the bearer header, so the
     * server's ordinary authenticated endpoint takes it (no cookie auth, so no CSRF surface).
     */
    leaveOnUnload(channel: string, at: Date): void {
      void client(path(channel, 'events'), { method: 'POST', body: { type: 'left', at: at.toISOString() }, keepalive: true }).catch(
        () => undefined,
      );
    },
    /** Who has joined and left so far: tells presence when no video provider does (peer-presence.ts). */
    async attendance(channel: string, signal?: AbortSignal): Promise<Attendance> {
      const res = await client<Envelope<unknown>>(path(channel, 'attendance'), signal ? { signal } : {});
      return attendanceSchema.parse(res.data);
    },
    async end(channel: string): Promise<void> {
      await client(path(channel, 'end'), { method: 'POST', body: {} });
    },
    /** The teacher ends the session early for both: the request is finished, the untaught half-hours go back. */
    async endForBoth(requestId: number): Promise<void> {
      await changeRequest(requestId, 'end', client);
    },
    /** For the fake adapter: `sessions/<channel>/fake-rtc` relative to v1. */
    async post<T>(relative: string, body: object): Promise<T> {
      const res = await client<Envelope<T>>(`v1/${relative}`, { method: 'POST', body });
      return res.data;
    },
  };
}

export type SessionApi = ReturnType<typeof createSessionApi>;
