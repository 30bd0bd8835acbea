// LISTEN on a pg pool: every pool connection listens to every channel asked for, instead of
// one dedicated connection. So the connection that commits a write hears that commit's own NOTIFY
// before the COMMIT resolves (PostgreSQL sends it ahead of ReadyForQuery): a reader on this instance
// that starts after a write has finished always sees its effect. Writes of other instances arrive on
// whichever of our connections is idle, within milliseconds.
// Through a transaction-mode pooler (PgBouncer) pooled connections cannot listen: directListener keeps
// one direct connection to PostgreSQL for LISTEN instead, reconnects it when it drops, and makes a
// write wait for one round trip on it, so the write's own NOTIFY is still heard before it resolves.
// When no connection has been listening (the pool closed its idle ones, an error dropped them), a
// notification may have been missed: listeners are told (`gap`) and re-read what they keep.
import pg from 'pg';
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

export interface DirectListener extends PoolListener {
  /** Whether the LISTEN connection is up (false while it reconnects). */
  listening(): boolean;
  /** Resolves once every notification committed before the call has been delivered (bounded wait). */
  sync(): Promise<void>;
  close(): Promise<void>;
}

const SYNC_WAIT_MS = 1000;
const RETRY_MS = [100, 250, 500, 1000, 2000];

export function directListener(pool: pg.Pool, config: pg.ClientConfig): DirectListener {
  const channels = new Map<string, Set<NotifyListener>>();
  let client: pg.Client | undefined;
  let opening: Promise<pg.Client> | undefined;
  let closed = false;
  let lostAt = false;
  let attempt = 0;
  let retryTimer: NodeJS.Timeout | undefined;
  const everyone = () => [...channels.values()].flatMap((set) => [...set]);
  const deliver = (n: pg.Notification) => {
    for (const listener of channels.get(n.channel) ?? []) listener.notify(n.payload ?? '');
  };

  function scheduleReconnect(): void {
    if (closed || retryTimer) return;
    const wait = RETRY_MS[Math.min(attempt++, RETRY_MS.length - 1)] ?? 2000;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      ensure().catch(() => scheduleReconnect());
    }, wait);
    retryTimer.unref();
  }

  async function open(): Promise<pg.Client> {
    const c = new pg.Client(config);
    let gone = false;
    const lost = () => {
      if (gone) return;
      gone = true;
      c.end().catch(() => undefined);
      if (client !== c) return;
      client = undefined;
      lostAt = true;
      // Whatever was announced from now until LISTEN is back is missed: listeners re-read meanwhile.
      for (const listener of everyone()) listener.gap();
      scheduleReconnect();
    };
    c.on('notification', deliver);
    c.on('error', lost);
    c.on('end', lost);
    try {
      await c.connect();
      // Channel names are ours (identifiers), never user input.
      for (const channel of channels.keys()) await c.query(`LISTEN "${channel}"`);
    } catch (err) {
      gone = true;
      c.end().catch(() => undefined);
      throw err;
    }
    return c;
  }

  function ensure(): Promise<pg.Client> {
    if (client) return Promise.resolve(client);
    return (opening ??= open().then(
      (c) => {
        opening = undefined;
        if (closed) {
          void c.end().catch(() => undefined);
          throw new Error('listener closed');
        }
        client = c;
        attempt = 0;
        if (lostAt) {
          lostAt = false;
          // Listening again: one more re-read covers what committed while the connection was down.
          for (const listener of everyone()) listener.gap();
        }
        return c;
      },
      (err: unknown) => {
        opening = undefined;
        throw err;
      },
    ));
  }

  return {
    checkout: () => pool.connect(),
    listening: () => client !== undefined,
    async listen(channel, listener) {
      let set = channels.get(channel);
      const fresh = !set;
      if (!set) channels.set(channel, (set = new Set()));
      set.add(listener);
      const c = await ensure();
      if (fresh) await c.query(`LISTEN "${channel}"`);
      return () => void set.delete(listener);
    },
    async sync() {
      const c = client;
      if (!c) return;
      let timer: NodeJS.Timeout | undefined;
      // PostgreSQL delivers pending notifications before it answers: after this round trip every
      // notification committed before it has reached `deliver`.
      await Promise.race([
        c.query('SELECT 1').then(
          () => undefined,
          () => undefined,
        ),
        new Promise<void>((resolve) => (timer = setTimeout(resolve, SYNC_WAIT_MS))),
      ]).finally(() => clearTimeout(timer));
    },
    async close() {
      closed = true;
      clearTimeout(retryTimer);
      const c = client;
      client = undefined;
      await c?.end().catch(() => undefined);
    },
  };
}
