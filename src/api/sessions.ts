// The live-session calls on the app's HTTP client: the join grant, attendance events, the end of the
// session, the teacher's End for both (the request's `end`), and the test-only fake relay.
// Responses are checked against contract/sessions.ts.
import {
  attendanceResponseSchema,
  sessionGrantResponseSchema,
  type Attendance,
  type AttendanceEventType,
  type SessionGrant,
} from '../../contract/sessions';
import { type AnswerSchema, api, type ApiClient, readAnswer } from './client';
import { queryOptions } from '@tanstack/react-query';
import { changeRequest, requestsKeys } from './requests';

export const sessionKeys = {
  /** Who attended, by the session's channel (the live screen) or its request (the end screen). */
  attendance: (of: string | number) => ['live-session', 'attendance', of] as const,
};

/**
 * Who attended a session and the minutes lost to reconnection; its two participants only. Its key sits
 * under the requests' keys, so a change to the request (its end, a realtime update) reads it again.
 */
export function attendanceQuery(requestId: number, channelName: string, client: ApiClient = api) {
  return queryOptions({
    queryKey: [...requestsKeys.all, 'attendance', requestId] as const,
    queryFn: async ({ signal }): Promise<Attendance> =>
      (await readAnswer(client(path(channelName, 'attendance'), { signal }), attendanceResponseSchema)).data,
    staleTime: 0,
  });
}

const path = (channel: string, rest: string) => `v1/sessions/${encodeURIComponent(channel)}/${rest}`;

/** The fake relay's answers are the test adapter's to check: only the envelope is read here. */
const fakeRelayAnswer = <T>(): AnswerSchema<{ data: T }> => ({
  parse(value) {
    if (typeof value !== 'object' || value === null || !('data' in value)) throw new TypeError('fake relay answer without data');
    return value as { data: T };
  },
});

export function createSessionApi(client: ApiClient = api) {
  return {
    async token(channel: string): Promise<SessionGrant> {
      return (await readAnswer(client(path(channel, 'token'), { method: 'POST', body: {} }), sessionGrantResponseSchema)).data;
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
      return (await readAnswer(client(path(channel, 'attendance'), signal ? { signal } : {}), attendanceResponseSchema)).data;
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
      return (await readAnswer(client(`v1/${relative}`, { method: 'POST', body }), fakeRelayAnswer<T>())).data;
    },
  };
}

export type SessionApi = ReturnType<typeof createSessionApi>;
