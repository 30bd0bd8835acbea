// Channel and event names the app subscribes to; the server has the same in server/realtime/names.ts
// (the server never imports src/), and tests/src/realtime checks the two agree.

/**
 * The spec calls the channel `instructor-status-{id}`; we subscribe to `private-instructor-status-{id}`
 * so that only that teacher may listen. The event keeps the spec's name.
 */
export function instructorStatusChannel(teacherId: number): string {
  return `private-instructor-status-${teacherId}`;
}

export function instructorStatusEvent(teacherId: number): string {
  return `instructor-status-${teacherId}`;
}

/** A channel only this user may hear. */
export function userChannel(userId: number): string {
  return `private-user-${userId}`;
}
