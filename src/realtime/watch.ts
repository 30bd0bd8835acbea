// One realtime connection for the whole signed-in app: the review-status channel, the notification
// bell and the requests screens each watch what they need through `watchChannels`, which shares a
// single pusher-js connection (counted; closed when the last watcher stops, e.g. on logout) instead of
// opening a WebSocket each. pusher-js is still loaded only when the first watcher starts.
import { connectRealtime, type RealtimeConnection } from './client';
import { userChannel } from '../../contract/realtime-names';

export type Connect = () => Promise<RealtimeConnection>;

let shared: { connect: Connect; connection: Promise<RealtimeConnection>; users: number } | null = null;

function acquire(connect: Connect): Promise<RealtimeConnection> {
  if (!shared || shared.connect !== connect) {
    shared = { connect, connection: connect(), users: 0 };
    // A failed connection is forgotten so the next watcher tries again.
    const attempt = shared;
    attempt.connection.catch(() => {
      if (shared === attempt) shared = null;
    });
  }
  shared.users++;
  return shared.connection;
}

function release(connection: Promise<RealtimeConnection>): void {
  if (!shared || shared.connection !== connection) {
    // Not the shared one any more (another connect replaced it): this watcher was its last user.
    void connection.then((c) => c.disconnect()).catch(() => undefined);
    return;
  }
  if (--shared.users > 0) return;
  shared = null;
  void connection.then((c) => c.disconnect()).catch(() => undefined);
}

/**
 * Once the shared connection is up, `setup` subscribes and returns its undo functions. The result stops
 * watching: undoes the subscriptions and releases the connection (safe to call before it is up). When
 * the connection cannot be made the watcher does nothing: every screen still works by reloading.
 */
export function watchChannels(
  setup: (connection: RealtimeConnection) => Array<() => void>,
  connect: Connect = connectRealtime,
): () => void {
  const connection = acquire(connect);
  let undo: Array<() => void> = [];
  let stopped = false;
  void connection
    .then((c) => {
      if (!stopped) undo = setup(c);
    })
    .catch(() => undefined);
  return () => {
    if (stopped) return;
    stopped = true;
    for (const u of undo) u();
    undo = [];
    release(connection);
  };
}

/**
 * Watches `userId`'s private channel: each of `events` goes to its handler, and `resync` runs whenever
 * something may have been missed — once the subscription is in place (an event published before it was
 * is lost) and after each reconnect (Pusher does not promise delivery).
 */
export function watchUserChannel(
  userId: number,
  events: Record<string, (data: unknown) => void>,
  resync: () => void,
  connect: Connect = connectRealtime,
): () => void {
  return watchChannels((c) => {
    const channel = userChannel(userId);
    return [
      c.subscribe(channel, 'pusher:subscription_succeeded', resync),
      ...Object.entries(events).map(([event, handler]) => c.subscribe(channel, event, handler)),
      c.onReconnect(resync),
    ];
  }, connect);
}
