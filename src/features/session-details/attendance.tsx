// Attendance on the session details, read from the sessions API, which answers only the two
// participants; the list itself is shared with the live session's end screen (domain/attendance-list).
import { useQuery } from '@tanstack/react-query';
import { attendanceQuery } from '../../api/sessions';
import { AttendanceList } from '../../domain/attendance-list';

export function AttendancePanel({ requestId, channelName }: { requestId: number; channelName: string }) {
  const attendance = useQuery(attendanceQuery(requestId, channelName));
  return attendance.data ? <AttendanceList attendance={attendance.data} /> : null;
}
