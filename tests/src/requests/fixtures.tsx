// Requests as the server sends them (contract/requests.ts), a fake realtime connection whose events
// and reconnects the test fires, and a render with the app's providers and a router (for links).
import type { ReactElement } from 'react';
import { vi } from 'vitest';
import type { RequestDetail, RequestSummary } from '../../../contract/requests';
import type { RealtimeConnection } from '../../../src/realtime/client';
import { renderRouted } from '../helpers';

const HOUR = 3_600_000;
export const NOW = Date.parse('2030-05-05T09:00:00.000Z');

/** The child a request is for as a teacher reads it: no last name (contract/children.ts). */
export const childForTeacher = { id: 7, first_name: 'Maryam', last_name: null, phase: { id: 2, name: 'Grade 2' } };
/** The same child, named in Arabic as the family reads it. */
export const arabicChild = { id: 8, first_name: 'مريم', last_name: 'الكواري', phase: { id: 2, name: 'الصف الثاني' } };

export function summary(over: Partial<RequestSummary> = {}): RequestSummary {
  return {
    id: 1,
    type: 'schedule',
    status: 'pending',
    subject: { id: 3, name: 'Mathematics' },
    teacher: { id: 20, first_name: 'Omar', last_name: 'Haddad' },
    student: { id: 10, first_name: 'Sara', last_name: 'Ali' },
    child: { id: 7, first_name: 'Maryam', last_name: 'Ali', phase: { id: 2, name: 'Grade 2' } },
    starts_at: new Date(NOW + 24 * HOUR).toISOString(),
    ends_at: new Date(NOW + 26 * HOUR).toISOString(),
    duration_hours: 2,
    broadcast: false,
    offered: false,
    taken_by_other: false,
    has_report: false,
    created_at: new Date(NOW - HOUR).toISOString(),
    actions: [],
    ...over,
  };
}

export function detail(over: Partial<RequestDetail> = {}): RequestDetail {
  const base = summary(over);
  const startsAt = Date.parse(base.starts_at);
  return {
    ...base,
    comment: 'Fractions, please.',
    preferred_gender: null,
    paid_with: 'hours',
    history: [{ status: 'pending', at: base.created_at, actor_role: 'student' }],
    deadlines: {
      cancel_free_until: base.starts_at,
      join_opens_at: new Date(startsAt - 10 * 60_000).toISOString(),
      expires_at: base.starts_at,
    },
    channel_name: null,
    evaluation: null,
    ...over,
  };
}

export function page(data: RequestSummary[], meta: Partial<{ page: number; per_page: number; total: number }> = {}) {
  return { message: 'ok', data, meta: { page: 1, per_page: 20, total: data.length, ...meta } };
}

export interface FakeRealtime {
  connect: () => Promise<RealtimeConnection>;
  /** Delivers an event to every handler bound to it. */
  fire: (channel: string, event: string, data: unknown) => void;
  reconnect: () => void;
  subscriptions: () => string[];
  disconnect: ReturnType<typeof vi.fn>;
}

export function fakeRealtime(): FakeRealtime {
  const handlers = new Map<string, Set<(data: unknown) => void>>();
  const reconnects = new Set<() => void>();
  const disconnect = vi.fn();
  const connection: RealtimeConnection = {
    subscribe<T>(channel: string, event: string, handler: (data: T) => void) {
      const key = `${channel}|${event}`;
      const set = handlers.get(key) ?? new Set();
      handlers.set(key, set);
      const h = handler as (data: unknown) => void;
      set.add(h);
      return () => void set.delete(h);
    },
    onReconnect(handler) {
      reconnects.add(handler);
      return () => void reconnects.delete(handler);
    },
    onSubscriptionError: () => () => undefined,
    socketId: () => '1.1',
    disconnect,
  };
  return {
    connect: () => Promise.resolve(connection),
    fire: (channel, event, data) => handlers.get(`${channel}|${event}`)?.forEach((h) => h(data)),
    reconnect: () => reconnects.forEach((h) => h()),
    subscriptions: () => [...handlers.entries()].filter(([, s]) => s.size > 0).map(([k]) => k),
    disconnect,
  };
}

/** A screen rendered as the app does (tests/src/helpers.tsx); the test stubs fetch itself. */
export function renderScreen(ui: () => ReactElement, locale: 'en' | 'ar' = 'en') {
  return renderRouted({ component: ui, locale });
}
