// The console's sign-in in this tab: the staff session (token, who, until when) in sessionStorage, so
// closing the tab signs out and it never mixes with a family's or teacher's session (their cookie).
// A small store: the console re-renders when it changes (sign-in, sign-out, a 401).
import { useSyncExternalStore } from 'react';
import { staffSessionSchema, type StaffSessionWire } from '../../../contract/staff';

const KEY = 'noor-staff-session';
const listeners = new Set<() => void>();
let cache: { raw: string | null; value: StaffSessionWire | null } = { raw: null, value: null };

function storage(): Storage | null {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null;
  }
}

/** The stored session, or null (none, unreadable, or past its end). */
export function readStaffSession(now: Date = new Date()): StaffSessionWire | null {
  const raw = storage()?.getItem(KEY) ?? null;
  if (raw !== cache.raw) {
    let value: StaffSessionWire | null = null;
    try {
      const parsed = staffSessionSchema.safeParse(raw ? JSON.parse(raw) : null);
      value = parsed.success ? parsed.data : null;
    } catch {
      value = null;
    }
    cache = { raw, value };
  }
  return cache.value && Date.parse(cache.value.expires_at) > now.getTime() ? cache.value : null;
}

function changed(): void {
  for (const listener of listeners) listener();
}

export function saveStaffSession(session: StaffSessionWire): void {
  storage()?.setItem(KEY, JSON.stringify({ token: session.token, expires_at: session.expires_at, staff: session.staff }));
  changed();
}

export function clearStaffSession(): void {
  storage()?.removeItem(KEY);
  changed();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useStaffSession(): StaffSessionWire | null {
  return useSyncExternalStore(
    subscribe,
    () => readStaffSession(),
    () => null,
  );
}
