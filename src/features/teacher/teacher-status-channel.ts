// The signed-in teacher's review-status channel (spec §4): subscribe to
// `private-instructor-status-{id}` / `instructor-status-{id}`; every event, and every reconnect (Pusher
// does not promise delivery), reloads the profile so the guards move the teacher on without a reload.
// Loaded with a dynamic import by use-teacher-status-channel.ts, so neither this nor pusher-js is in
// the entry chunk, and only a signed-in teacher ever downloads them.
import { connectRealtime } from '../../realtime/client';
import { instructorStatusChannel, instructorStatusEvent } from '../../../contract/realtime-names';
import { watchChannels, type Connect } from '../../realtime/watch';

export type { Connect };

/** Starts watching; the result stops it (unsubscribes, releases the shared connection), safe at any time. */
export function watchTeacherStatus(teacherId: number, onChange: () => void, connect: Connect = connectRealtime): () => void {
  // Without a connection there are no live updates: the teacher still moves on at the next profile load.
  return watchChannels(
    (c) => [c.subscribe(instructorStatusChannel(teacherId), instructorStatusEvent(teacherId), onChange), c.onReconnect(onChange)],
    connect,
  );
}
