// Whether a request was ended early for both by its teacher, and what went back: the `finished` row of
// its history written by the teacher (the time-up finish is the system's), with the minutes refunded.
import type { RequestDetail } from '../../api/requests';

export function endedEarlyEntry(detail: RequestDetail) {
  return detail.history.find((h) => h.status === 'finished' && h.actor_role === 'teacher') ?? null;
}
