// The signed-in teacher's review-status channel (spec §4, issue 4): subscribe to
// `private-instructor-status-{id}` / `instructor-status-{id}`; every event, and every reconnect (Pusher
// does not promise delivery), reloads the profile so the guards move the teacher on without a reload.
// Loaded with a dynamic import by use-teacher-status-channel.ts, so neither this nor pusher-js is in
// the entry chunk, and only a signed-in teacher ever downloads them.
import { connectRealtime, type RealtimeConnection } from '../../realtime/client';
import { instructorStatusChannel, instructorStatusEvent } from '../../realtime/names';

export type Connect = () => Promise<RealtimeConnection>;

/** Starts watching; the result stops it (unsubscribes and disconnects), safe to call at any time. */
export function watchTeacherStatus(teacherId: number, onChange: () => void, connect: Connect = connectRealtime): () => void {
  let stopped = false;
  let undo: Array<() => void> = [];
  let connection: RealtimeConnection | null = null;
  void connect()
    .then((c) => {
      if (stopped) {
        c.disconnect();
        return;
      }
      connection = c;
      undo = [c.subscribe(instructorStatusChannel(teacherId), instructorStatusEvent(teacherId), onChange), c.onReconnect(onChange)];
    })
    // No live updates then: the teacher still moves on at the next profile load.
    .catch(() => undefined);
  return () => {
    stopped = true;
    for (const u of undo) u();
    undo = [];
    connection?.disconnect();
    connection = null;
  };
}
