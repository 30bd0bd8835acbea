// Realtime across instances: every event an instance's endpoint delivers is also sent through
// PostgreSQL NOTIFY, and every instance LISTENs and delivers what the others sent to its own sockets.
// So a publish through instance B reaches a pusher-js client connected to A, with nothing to run but
// the database we already have. Payloads over NOTIFY's 8000-byte limit go through realtime_messages
// (migration 0040) and the notification carries the row id. Delivery is at most once: an event
// published while an instance's LISTEN connection is down does not reach that instance's sockets:
// once LISTEN is back, `restored` is told how long it was away, and the wiring tells this instance's
// sockets to refetch what they show (realtime-names.ts: the refetch event). Until then `listening()`
// is false and readiness fails, so a balancer does not count on a split instance.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { Db } from '../db';
import { pgClientConfig, type PgSettings } from '../db/pg';
import { errorFields, type Logger } from '../logger';
import type { TriggerInput } from './endpoint';

export interface Fanout {
  readonly instanceId: string;
  /** Sends the event to the other instances; resolves once PostgreSQL has it, never rejects. */
  publish(input: TriggerInput): Promise<void>;
  /** False while the LISTEN connection is down (reconnecting). */
  listening(): boolean;
  close(): Promise<void>;
}

export interface FanoutOptions {
  db: Db;
  databaseUrl: string;
  searchPath?: string | undefined;
  settings: PgSettings;
  log: Logger;
  /** Delivers an event another instance published to this instance's own sockets. */
  deliver(input: TriggerInput): void;
  /** LISTEN is back after it was lost for `downMs`: events of other instances may have been missed. */
  restored?(downMs: number): void;
}

// NOTIFY refuses payloads of 8000 bytes or more; leave room for the envelope.
export const MAX_NOTIFY_BYTES = 7900;
// Large rows are only read in the moment of delivery.
const KEEP_LARGE_FOR = '5 minutes';

interface Envelope {
  /** The sending instance (it has delivered to its own sockets already). */
  o: string;
  m?: TriggerInput;
  /** realtime_messages.id when the message was too large to travel inline. */
  ref?: string;
}

/** The NOTIFY channel: one per schema, so test files sharing a database do not hear each other. */
export function notifyChannel(searchPath: string | undefined): string {
  return searchPath ? `noor_rt_${searchPath.replace(/[^a-z0-9_]/gi, '')}`.slice(0, 63) : 'noor_realtime';
}

export async function startPgFanout(options: FanoutOptions): Promise<Fanout> {
  const { db, log } = options;
  const instanceId = randomBytes(8).toString('hex');
  const channel = notifyChannel(options.searchPath);
  let listener: pg.Client | undefined;
  let closed = false;
  let retryTimer: NodeJS.Timeout | undefined;
  let retryMs = 250;
  let lostAt: number | undefined;

  async function receive(payload: string | undefined): Promise<void> {
    if (!payload) return;
    const envelope = JSON.parse(payload) as Envelope;
    if (envelope.o === instanceId) return;
    let message = envelope.m;
    if (envelope.ref) {
      const row = await db.one<{ payload: string }>('SELECT payload FROM realtime_messages WHERE id = $1', [envelope.ref]);
      message = row ? (JSON.parse(row.payload) as TriggerInput) : undefined;
    }
    if (message) options.deliver(message);
  }

  async function connect(): Promise<void> {
    const client = new pg.Client(
      pgClientConfig(
        options.settings.listenUrl ?? options.databaseUrl,
        options.searchPath,
        { ...options.settings, statementTimeoutMs: 0 },
        'listen',
      ),
    );
    client.on('notification', (n) => {
      receive(n.payload).catch((err: unknown) => log.error('realtime fan-out: bad notification', errorFields(err)));
    });
    // A dropped LISTEN connection is re-opened; the pool's queries are unaffected meanwhile.
    const lost = (err?: Error) => {
      if (closed || listener !== client) return;
      listener = undefined;
      lostAt ??= Date.now();
      log.error('realtime fan-out: LISTEN connection lost, reconnecting', err ? errorFields(err) : {});
      client.end().catch(() => undefined);
      scheduleReconnect();
    };
    client.on('error', lost);
    client.on('end', () => lost());
    try {
      await client.connect();
      await client.query(`LISTEN "${channel}"`);
    } catch (err) {
      await client.end().catch(() => undefined);
      throw err;
    }
    listener = client;
    retryMs = 250;
    if (lostAt !== undefined) {
      const downMs = Date.now() - lostAt;
      lostAt = undefined;
      options.restored?.(downMs);
    }
  }

  function scheduleReconnect(): void {
    retryTimer = setTimeout(() => {
      connect().catch((err: unknown) => {
        log.error('realtime fan-out: reconnect failed', errorFields(err));
        // Readiness waits for LISTEN: retry often enough that an instance is back soon after the database.
        retryMs = Math.min(retryMs * 2, 2000);
        if (!closed) scheduleReconnect();
      });
    }, retryMs);
    retryTimer.unref();
  }

  await connect();

  return {
    instanceId,
    async publish(input) {
      try {
        const inline = JSON.stringify({ o: instanceId, m: input } satisfies Envelope);
        if (Buffer.byteLength(inline) <= MAX_NOTIFY_BYTES) {
          await db.query('SELECT pg_notify($1, $2)', [channel, inline]);
          return;
        }
        // Insert and notify in one transaction: the others can read the row when they hear of it.
        await db.transaction(async (tx) => {
          const row = await tx.one<{ id: string }>('INSERT INTO realtime_messages (payload) VALUES ($1) RETURNING id::text AS id', [
            JSON.stringify(input),
          ]);
          await tx.query('SELECT pg_notify($1, $2)', [channel, JSON.stringify({ o: instanceId, ref: row?.id } satisfies Envelope)]);
          await tx.query(`DELETE FROM realtime_messages WHERE created_at < now() - interval '${KEEP_LARGE_FOR}'`);
        });
      } catch (err) {
        log.error('realtime fan-out: publish failed', { channels: input.channels, event: input.name, ...errorFields(err) });
      }
    },
    listening: () => listener !== undefined,
    async close() {
      closed = true;
      clearTimeout(retryTimer);
      const client = listener;
      listener = undefined;
      await client?.end().catch(() => undefined);
    },
  };
}
