// Joining and leaving presence channels on the embedded endpoint: the member list a new subscriber is
// given, and the member_added / member_removed announcements. On one instance the in-memory registry
// is the whole truth; with a cluster (several instances on PostgreSQL, presence-cluster.ts) the list
// spans every instance and announcements go to the other instances' sockets too.
import type { Logger } from '../logger';
import type { ChannelRegistry, PresenceMember, PresenceSnapshot, Subscriber } from './channels';
import { encodeFrame, type TriggerInput } from './protocol';

export interface Departure {
  channel: string;
  userId: string;
}

/** What the endpoint needs from the other instances (presence-cluster.ts implements it on PostgreSQL). */
export interface EndpointCluster {
  /** Records the member; resolves with everyone present on any instance and whether they are new there. */
  join(channel: string, socketId: string, member: PresenceMember): Promise<{ added: boolean; snapshot: PresenceSnapshot }>;
  /** Removes the socket from one channel (or all); resolves with the users now gone from every instance. */
  leave(socketId: string, channel?: string): Promise<Departure[]>;
  /** Sends an event to the other instances' subscribers (client events, member changes). */
  forward(input: TriggerInput): void;
}

export interface PresenceHandlers {
  /** A socket subscribed as `member`; `addedHere` is whether it is that user's first socket on this instance. */
  joined(conn: Subscriber, channel: string, member: PresenceMember, addedHere: boolean): void;
  /**
   * A socket left one presence channel (or, without `channel`, closed); `departuresHere` are the users
   * whose last socket on this instance that was, as the registry counted them.
   */
  left(socketId: string, channel: string | undefined, departuresHere: Departure[]): void;
}

export interface PresenceDeps {
  registry: ChannelRegistry;
  log: Logger;
  cluster: EndpointCluster | undefined;
  /** Sends an event to this instance's subscribers of its channels, except `socketId`. */
  deliver(input: TriggerInput): void;
}

function addedEvent(channel: string, member: PresenceMember, socketId: string): TriggerInput {
  const info = member.user_info === undefined ? {} : { user_info: member.user_info };
  return {
    channels: [channel],
    name: 'pusher_internal:member_added',
    data: JSON.stringify({ user_id: member.user_id, ...info }),
    socketId,
  };
}

function removedEvent(channel: string, userId: string): TriggerInput {
  return { channels: [channel], name: 'pusher_internal:member_removed', data: JSON.stringify({ user_id: userId }) };
}

/** Everyone in either list (the cluster's may lag a socket that joined here a moment ago). */
function union(a: PresenceSnapshot, b: PresenceSnapshot): PresenceSnapshot {
  const hash = { ...a.hash, ...b.hash };
  const ids = Object.keys(hash);
  return { ids, hash, count: ids.length };
}

export function createPresence({ registry, log, cluster, deliver }: PresenceDeps): PresenceHandlers {
  /** Sockets with rows in the cluster's presence table. */
  const inCluster = new Set<string>();
  const succeeded = (conn: Subscriber, channel: string, snapshot: PresenceSnapshot) =>
    conn.send(encodeFrame('pusher_internal:subscription_succeeded', { presence: snapshot }, channel));

  return {
    joined(conn, channel, member, addedHere) {
      if (!cluster) {
        succeeded(conn, channel, registry.presenceSnapshot(channel));
        if (addedHere) deliver(addedEvent(channel, member, conn.socketId));
        return;
      }
      inCluster.add(conn.socketId);
      cluster.join(channel, conn.socketId, member).then(
        ({ added, snapshot }) => {
          // The socket left (or closed) while the database answered: take back the row it just wrote.
          if (!registry.isSubscribed(conn.socketId, channel)) {
            cluster.leave(conn.socketId, channel).catch(() => undefined);
            return;
          }
          succeeded(conn, channel, union(snapshot, registry.presenceSnapshot(channel)));
          if (!addedHere || !added) return;
          deliver(addedEvent(channel, member, conn.socketId));
          cluster.forward(addedEvent(channel, member, conn.socketId));
        },
        (err: unknown) => {
          // The database is unreachable: this instance's members are still better than no answer.
          log.error('realtime presence: join not shared', { channel, err: err instanceof Error ? err.message : String(err) });
          if (!registry.isSubscribed(conn.socketId, channel)) return;
          succeeded(conn, channel, registry.presenceSnapshot(channel));
          if (addedHere) deliver(addedEvent(channel, member, conn.socketId));
        },
      );
    },
    left(socketId, channel, departuresHere) {
      const announce = (departures: Departure[], everywhere: boolean) => {
        for (const { channel: ch, userId } of departures) {
          deliver(removedEvent(ch, userId));
          if (everywhere) cluster?.forward(removedEvent(ch, userId));
        }
      };
      if (!cluster) return announce(departuresHere, false);
      // Sockets that never joined a presence channel cost no query when they close.
      if (!inCluster.has(socketId)) return;
      if (channel === undefined) inCluster.delete(socketId);
      // The database counts every instance's sockets, this one's included: it alone decides who is gone.
      cluster.leave(socketId, channel).then(
        (departures) => announce(departures, true),
        (err: unknown) => {
          log.error('realtime presence: leave not shared', { channel, err: err instanceof Error ? err.message : String(err) });
          announce(departuresHere, false);
        },
      );
    },
  };
}
