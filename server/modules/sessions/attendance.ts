// Attendance of one session from its recorded events (pure): when each participant first joined and
// last left, the minutes they were in the call and the minutes lost to reconnection. Time after the
// session's end, or before a participant's first `joined`, does not count.
import type { AttendanceEventType } from '../../../contract/sessions';

export interface RecordedEvent {
  type: AttendanceEventType;
  at: Date;
}

export interface AttendanceFigures {
  firstJoinedAt: Date | null;
  lastLeftAt: Date | null;
  presentMs: number;
  lostMs: number;
}

/**
 * Walks the events in order: joined → in the call; reconnecting → the time until reconnected (or
 * left) is lost; left → out. An interval still open is counted until `until` (now, or the end).
 */
export function attendanceOf(events: readonly RecordedEvent[], until: Date): AttendanceFigures {
  const end = until.getTime();
  let firstJoinedAt: Date | null = null;
  let lastLeftAt: Date | null = null;
  let presentMs = 0;
  let lostMs = 0;
  let inCallSince: number | null = null;
  let lostSince: number | null = null;
  const clip = (t: number) => Math.min(t, end);
  const closeLost = (t: number) => {
    if (lostSince !== null) lostMs += Math.max(0, clip(t) - lostSince);
    lostSince = null;
  };
  const closeCall = (t: number) => {
    if (inCallSince !== null) presentMs += Math.max(0, clip(t) - inCallSince);
    inCallSince = null;
  };
  for (const event of [...events].sort((a, b) => a.at.getTime() - b.at.getTime())) {
    const t = clip(event.at.getTime());
    switch (event.type) {
      case 'joined':
        firstJoinedAt ??= event.at;
        closeLost(t);
        if (inCallSince === null) inCallSince = t;
        break;
      case 'reconnecting':
        if (inCallSince !== null && lostSince === null) lostSince = t;
        break;
      case 'reconnected':
        closeLost(t);
        break;
      case 'left':
        closeLost(t);
        closeCall(t);
        lastLeftAt = event.at;
        break;
    }
  }
  closeLost(end);
  closeCall(end);
  // Lost time is part of the call's wall-clock time; present counts only the connected part.
  return { firstJoinedAt, lastLeftAt, presentMs: Math.max(0, presentMs - lostMs), lostMs };
}

export const wholeMinutes = (ms: number) => Math.round(ms / 60_000);
