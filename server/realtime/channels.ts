// Who is subscribed to what on this process, and who is present on presence channels. In memory: the
// embedded endpoint serves one instance; production scale-out is what Pusher Channels is for.

export interface Subscriber {
  readonly socketId: string;
  send(frame: string): void;
}

export interface PresenceMember {
  user_id: string;
  user_info?: unknown;
}

interface PresenceEntry {
  info: unknown;
  /** One person may be present from several tabs; they leave when the last one does. */
  sockets: Set<string>;
}

export interface PresenceSnapshot {
  ids: string[];
  hash: Record<string, unknown>;
  count: number;
}

export class ChannelRegistry {
  private readonly channels = new Map<string, Map<string, Subscriber>>();
  private readonly presence = new Map<string, Map<string, PresenceEntry>>();
  /** socket id → channel → presence user id (or null on non-presence channels). */
  private readonly bySocket = new Map<string, Map<string, string | null>>();

  isSubscribed(socketId: string, channel: string): boolean {
    return this.bySocket.get(socketId)?.has(channel) ?? false;
  }

  /**
   * Adds the subscriber. On a presence channel `member` is required; `added` says whether this made
   * the user newly present (the first socket of that user), which is when others hear member_added.
   */
  subscribe(sub: Subscriber, channel: string, member?: PresenceMember): { added: boolean } {
    let subs = this.channels.get(channel);
    if (!subs) this.channels.set(channel, (subs = new Map()));
    subs.set(sub.socketId, sub);
    let mine = this.bySocket.get(sub.socketId);
    if (!mine) this.bySocket.set(sub.socketId, (mine = new Map()));
    const previous = mine.get(channel);
    mine.set(channel, member?.user_id ?? null);
    if (!member) return { added: false };
    // Re-subscribing with another identity on the same socket counts as leaving with the old one.
    if (previous && previous !== member.user_id) this.leavePresence(channel, previous, sub.socketId);
    let people = this.presence.get(channel);
    if (!people) this.presence.set(channel, (people = new Map()));
    const entry = people.get(member.user_id);
    if (entry) {
      entry.sockets.add(sub.socketId);
      return { added: false };
    }
    people.set(member.user_id, { info: member.user_info, sockets: new Set([sub.socketId]) });
    return { added: true };
  }

  /** Removes one subscription; returns the user id who left a presence channel, if someone did. */
  unsubscribe(socketId: string, channel: string): { removed?: string } {
    const mine = this.bySocket.get(socketId);
    if (!mine?.has(channel)) return {};
    const userId = mine.get(channel) ?? null;
    mine.delete(channel);
    if (mine.size === 0) this.bySocket.delete(socketId);
    const subs = this.channels.get(channel);
    subs?.delete(socketId);
    if (subs && subs.size === 0) this.channels.delete(channel);
    if (userId === null) return {};
    return this.leavePresence(channel, userId, socketId) ? { removed: userId } : {};
  }

  /** Drops every subscription of a closed socket; returns the presence departures to announce. */
  removeSocket(socketId: string): Array<{ channel: string; userId: string }> {
    const mine = this.bySocket.get(socketId);
    if (!mine) return [];
    const departures: Array<{ channel: string; userId: string }> = [];
    for (const channel of [...mine.keys()]) {
      const { removed } = this.unsubscribe(socketId, channel);
      if (removed !== undefined) departures.push({ channel, userId: removed });
    }
    return departures;
  }

  subscribers(channel: string): Iterable<Subscriber> {
    return this.channels.get(channel)?.values() ?? [];
  }

  subscriberCount(channel: string): number {
    return this.channels.get(channel)?.size ?? 0;
  }

  /** The presence channel's members as pusher_internal:subscription_succeeded carries them. */
  presenceSnapshot(channel: string): PresenceSnapshot {
    const people = this.presence.get(channel) ?? new Map<string, PresenceEntry>();
    const hash: Record<string, unknown> = {};
    for (const [id, entry] of people) hash[id] = entry.info ?? null;
    return { ids: [...people.keys()], hash, count: people.size };
  }

  /** The presence user id this socket joined the channel as. */
  presenceUserOf(socketId: string, channel: string): string | undefined {
    return this.bySocket.get(socketId)?.get(channel) ?? undefined;
  }

  private leavePresence(channel: string, userId: string, socketId: string): boolean {
    const people = this.presence.get(channel);
    const entry = people?.get(userId);
    if (!people || !entry) return false;
    entry.sockets.delete(socketId);
    if (entry.sockets.size > 0) return false;
    people.delete(userId);
    if (people.size === 0) this.presence.delete(channel);
    return true;
  }
}
