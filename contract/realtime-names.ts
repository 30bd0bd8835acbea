// Channel and event names on the realtime connection: the server publishes on them and the app
// subscribes to them, so both import them from here (one definition cannot drift).

/**
 * The spec's channel is `instructor-status-{id}`; ours is `private-instructor-status-{id}`: a public
 * channel would let anyone watch any teacher's review status. The event keeps the spec's name.
 */
export function instructorStatusChannel(teacherId: number): string {
  return `private-instructor-status-${teacherId}`;
}

export function instructorStatusEvent(teacherId: number): string {
  return `instructor-status-${teacherId}`;
}

/** A channel only this user may hear (notifications meant for one account). */
export function userChannel(userId: number): string {
  return `private-user-${userId}`;
}

/**
 * Sent by the server on the connection itself (no channel) when events may have been missed: this
 * instance could not hear the others for a while (the database was away). The app refetches what it
 * shows, as after a reconnect.
 */
export const REFETCH_EVENT = 'noor:refetch';
