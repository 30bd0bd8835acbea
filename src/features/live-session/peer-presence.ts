// Whether the other participant is in the call when no video provider can say so (both in
// the call without video each saw "Waiting for … to join"). The server's attendance record answers:
// the other's latest event is a join (or a reconnection), not a leave. Polled while in such a call.
import { useQuery } from '@tanstack/react-query';
import type { Attendance } from '../../../contract/sessions';
import { sessionKeys, type SessionApi } from '../../api/sessions';

/** How often the attendance record is read while no provider reports presence. */
export const PRESENCE_POLL_MS = 5_000;

export function isPeerPresent(attendance: Attendance | undefined, myRole: 'student' | 'teacher'): boolean {
  const other = attendance?.participants.find((p) => p.role !== myRole);
  const last = other?.events.at(-1);
  return last !== undefined && last.type !== 'left';
}

export function usePeerPresentFromAttendance(
  api: Pick<SessionApi, 'attendance'>,
  channelName: string,
  myRole: 'student' | 'teacher',
  enabled: boolean,
): boolean {
  const attendance = useQuery({
    queryKey: sessionKeys.attendance(channelName),
    queryFn: ({ signal }) => api.attendance(channelName, signal),
    enabled,
    refetchInterval: enabled ? PRESENCE_POLL_MS : false,
    // Presence is a hint on this screen: a failed read shows no toast.
    meta: { silent: true },
  });
  return enabled && isPeerPresent(attendance.data, myRole);
}
