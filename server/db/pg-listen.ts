// LISTEN on a pg pool (issue 13): every pool connection listens to every channel asked for, instead of
// one dedicated connection. So the connection that commits a write hears that commit's own NOTIFY
// before the COMMIT resolves (PostgreSQL sends it ahead of ReadyForQuery): a reader on this instance
// that starts after a write has finished always sees its effect. Writes of other instances arrive on
// whichever of our connections is idle, within milliseconds.
// When no connection has been listening (the pool closed its idle ones, an error dropped them), a
// notification may have been missed: listeners are told (`gap`) and re-read what they keep.
import type pg from 'pg';
import type { NotifyListener } from './types';

export interface PoolListener {
  /** pool.connect(), then LISTEN on the channels this connection does not listen to yet. */
  checkout(): Promise<pg.PoolClient>;
  listen(channel: string, listener: NotifyListener): Promise<() => void>;
}

export function poolListener(pool: pg.Pool): PoolListener {
  const channels = new Map<string, Set<NotifyListener>>();
  // The channel set's generation each connection listens to in full; a new channel starts a new one.
  const listensTo = new WeakMap<pg.PoolClient, number>();
  let generation = 0;
  let hearing = 0;
  const everyone = () => [...channels.values()].flatMap((set) => [...set]);

  const deliver = (n: pg.Notification) => {
    for (const listener of channels.get(n.channel) ?? []) listener.notify(n.payload ?? '');
  };
  pool.on('remove', (client) => {
    if (listensTo.get(client) !== generation) return;
    hearing--;
    if (hearing === 0) for (const listener of everyone()) listener.gap();
  });

  async function checkout(): Promise<pg.PoolClient> {
    const client = await pool.connect();
    if (channels.size === 0 || listensTo.get(client) === generation) return client;
    const at = generation;
    // Attached here, not on the pool's 'connect': connections opened before us must deliver too.
    if (!listensTo.has(client)) client.on('notification', deliver);
    try {
      // Channel names are ours (identifiers), never user input.
      for (const channel of channels.keys()) await client.query(`LISTEN "${channel}"`);
    } catch (err) {
      client.release(err as Error);
      throw err;
    }
    listensTo.set(client, at === generation ? at : -1);
    if (at === generation) hearing++;
    return client;
  }

  return {
    checkout,
    async listen(channel, listener) {
      let set = channels.get(channel);
      if (!set) {
        // The connections counted so far do not listen to the new channel: start counting again, and
        // have the other channels' listeners re-read, since no one watches their connections now.
        for (const other of everyone()) other.gap();
        channels.set(channel, (set = new Set()));
        generation++;
        hearing = 0;
      }
      set.add(listener);
      // One connection listens before this resolves: nothing committed after it goes unheard.
      (await checkout()).release();
      return () => void set.delete(listener);
    },
  };
}
