// The RTC session of the live call, for the video tiles: the binding (src/bindings/live-session-rtc.ts)
// sets it when the adapter is loaded and clears it when the call ends, the call view subscribes
// (useSyncExternalStore). It lives here, not in the machine's context, which stays serialisable.
import type { RtcSession } from './port';

export function createRtcStore() {
  let session: RtcSession | null = null;
  const listeners = new Set<() => void>();
  return {
    get: () => session,
    set(next: RtcSession | null) {
      session = next;
      for (const l of [...listeners]) l();
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}
export type RtcStore = ReturnType<typeof createRtcStore>;
