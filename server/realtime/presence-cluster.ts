// Presence across instances: each instance keeps its own sockets in memory (channels.ts),
// and this keeps who is present where in PostgreSQL (migration 0110), so a socket subscribing on A is
// given the members present through B too, and a member is announced as added (or removed) only when
// they are new to (or gone from) the channel on every instance. Joins and leaves on one channel are
// serialised by an advisory lock, so two tabs of one person on two instances are announced once.
// Each instance beats its row in realtime_instances; any instance sweeps the rows of one that stopped
// beating (a crash, a kill -9) and announces its members as gone. An instance that could not beat
// for that long (the database was away) but is alive puts its members back when it beats again, and
// announces those the others had been told were gone.
import type { Db, Queryable } from '../db';
import { errorFields, type Logger } from '../logger';
import type { PresenceMember, PresenceSnapshot } from './channels';
import type { Departure, EndpointCluster } from './presence';
import type { TriggerInput } from './protocol';

export interface PresenceCluster extends EndpointCluster {
  /** Finishes pending joins and leaves, then removes this instance's rows. */
  close(): Promise<void>;
}

export interface PresenceClusterOptions {
  db: Db;
  instanceId: string;
  log: Logger;
  /** Sends an event to the other instances' sockets (the NOTIFY fan-out). */
  publish(input: TriggerInput): Promise<void>;
  /** Delivers an event to this instance's own sockets (for members of a dead instance). */
  deliverLocally(input: TriggerInput): void;
  /** How often this instance proves it is alive; an instance silent for 3 beats counts as gone. */
  heartbeatMs?: number;
}

interface MemberRow {
  user_id: string;
  user_info: string | null;
}

export async function startPresenceCluster(options: PresenceClusterOptions): Promise<PresenceCluster> {
  const { db, instanceId: me, log } = options;
  const heartbeatMs = options.heartbeatMs ?? 10_000;
  const deadAfterMs = heartbeatMs * 3;
  const pending = new Set<Promise<unknown>>();
  // Rows of instances that stopped beating do not count, even before the sweep removes them.
  const LIVE = `JOIN realtime_instances i ON i.id = p.instance_id AND i.seen_at > now() - ${deadAfterMs} * interval '1 millisecond'`;

  // This instance's rows as it last wrote them: what it puts back after a lapse.
  const mine = new Map<string, { socketId: string; channel: string; member: PresenceMember }>();
  const key = (socketId: string, channel: string) => `${socketId}\n${channel}`;

  function track<T>(work: Promise<T>): Promise<T> {
    pending.add(work);
    void work.finally(() => pending.delete(work)).catch(() => undefined);
    return work;
  }

  const lockChannel = (tx: Queryable, channel: string) =>
    tx.query("SELECT pg_advisory_xact_lock(hashtext('noor_presence:' || $1))", [channel]);
  const isPresent = async (tx: Queryable, channel: string, userId: string) =>
    (await tx.one(`SELECT 1 AS present FROM realtime_presence p ${LIVE} WHERE p.channel = $1 AND p.user_id = $2 LIMIT 1`, [
      channel,
      userId,
    ])) !== undefined;

  function removedEvent(channel: string, userId: string): TriggerInput {
    return { channels: [channel], name: 'pusher_internal:member_removed', data: JSON.stringify({ user_id: userId }) };
  }

  async function beat(): Promise<void> {
    const beaten = await db.one<{ lapsed: boolean }>(
      `WITH before AS (SELECT seen_at FROM realtime_instances WHERE id = $1)
       INSERT INTO realtime_instances (id) VALUES ($1) ON CONFLICT (id) DO UPDATE SET seen_at = now()
       RETURNING coalesce((SELECT seen_at FROM before) < now() - ${deadAfterMs} * interval '1 millisecond', true) AS lapsed`,
      [me],
    );
    if (beaten?.lapsed && mine.size > 0) await restore();
    const gone = await db.transaction(async (tx) => {
      const rows = await tx.query<{ channel: string; user_id: string }>(
        `DELETE FROM realtime_presence p USING realtime_instances i
         WHERE i.id = p.instance_id AND i.seen_at < now() - ${deadAfterMs} * interval '1 millisecond'
         RETURNING p.channel, p.user_id`,
      );
      await tx.query(`DELETE FROM realtime_instances WHERE seen_at < now() - ${deadAfterMs} * interval '1 millisecond'`);
      const departures = new Map(rows.map((r) => [`${r.channel}\n${r.user_id}`, r]));
      const result: Array<{ channel: string; user_id: string }> = [];
      for (const row of departures.values()) if (!(await isPresent(tx, row.channel, row.user_id))) result.push(row);
      return result;
    });
    for (const { channel, user_id: userId } of gone) {
      options.deliverLocally(removedEvent(channel, userId));
      await options.publish(removedEvent(channel, userId));
    }
  }

  /** After a lapse: this instance's members back in the table, announced where they had been removed. */
  async function restore(): Promise<void> {
    const announced: TriggerInput[] = [];
    for (const { socketId, channel, member } of [...mine.values()].sort((x, y) => x.channel.localeCompare(y.channel))) {
      const announce = await db.transaction(async (tx) => {
        await lockChannel(tx, channel);
        const presentBefore = await isPresent(tx, channel, member.user_id);
        const inserted = await tx.query(
          `INSERT INTO realtime_presence (instance_id, socket_id, channel, user_id, user_info) VALUES ($1, $2, $3, $4, $5)
           ON CONFLICT (instance_id, socket_id, channel) DO NOTHING RETURNING 1 AS inserted`,
          [me, socketId, channel, member.user_id, member.user_info === undefined ? null : JSON.stringify(member.user_info)],
        );
        // A row still there was never swept, so no one was told this member left.
        return inserted.length > 0 && !presentBefore;
      });
      if (!announce) continue;
      const info = member.user_info === undefined ? {} : { user_info: member.user_info };
      announced.push({
        channels: [channel],
        name: 'pusher_internal:member_added',
        data: JSON.stringify({ user_id: member.user_id, ...info }),
      });
    }
    for (const added of announced) {
      options.deliverLocally(added);
      await options.publish(added);
    }
    log.warn('realtime presence: members restored after the heartbeat lapsed', { members: mine.size, announced: announced.length });
  }

  await beat();
  const timer = setInterval(() => {
    track(beat()).catch((err: unknown) => log.error('realtime presence: heartbeat failed', errorFields(err)));
  }, heartbeatMs);
  timer.unref();

  return {
    join(channel, socketId, member: PresenceMember) {
      const joined = db.transaction(async (tx) => {
        await lockChannel(tx, channel);
        const presentBefore = await isPresent(tx, channel, member.user_id);
        await tx.query(
          `INSERT INTO realtime_presence (instance_id, socket_id, channel, user_id, user_info) VALUES ($1, $2, $3, $4, $5)
             ON CONFLICT (instance_id, socket_id, channel) DO UPDATE SET user_id = EXCLUDED.user_id, user_info = EXCLUDED.user_info`,
          [me, socketId, channel, member.user_id, member.user_info === undefined ? null : JSON.stringify(member.user_info)],
        );
        const rows = await tx.query<MemberRow>(
          `SELECT DISTINCT ON (p.user_id) p.user_id, p.user_info FROM realtime_presence p ${LIVE} WHERE p.channel = $1 ORDER BY p.user_id`,
          [channel],
        );
        const hash: Record<string, unknown> = {};
        for (const row of rows) hash[row.user_id] = row.user_info === null ? null : (JSON.parse(row.user_info) as unknown);
        const snapshot: PresenceSnapshot = { ids: rows.map((r) => r.user_id), hash, count: rows.length };
        return { added: !presentBefore, snapshot };
      });
      return track(
        joined.then((result) => {
          mine.set(key(socketId, channel), { socketId, channel, member });
          return result;
        }),
      );
    },
    leave(socketId, channel) {
      return track(
        db.transaction(async (tx) => {
          const rows = await tx.query<{ channel: string; user_id: string }>(
            `SELECT channel, user_id FROM realtime_presence WHERE instance_id = $1 AND socket_id = $2 AND ($3::text IS NULL OR channel = $3) ORDER BY channel`,
            [me, socketId, channel ?? null],
          );
          // Channels locked in name order, as every other leave does: no two transactions deadlock.
          const departures: Departure[] = [];
          for (const [k, row] of mine) if (row.socketId === socketId && (channel === undefined || row.channel === channel)) mine.delete(k);
          for (const row of rows) {
            await lockChannel(tx, row.channel);
            await tx.query('DELETE FROM realtime_presence WHERE instance_id = $1 AND socket_id = $2 AND channel = $3', [
              me,
              socketId,
              row.channel,
            ]);
            if (!(await isPresent(tx, row.channel, row.user_id))) departures.push({ channel: row.channel, userId: row.user_id });
          }
          return departures;
        }),
      );
    },
    forward(input) {
      void track(options.publish(input));
    },
    async close() {
      clearInterval(timer);
      await Promise.allSettled([...pending]);
      await db
        .query('DELETE FROM realtime_instances WHERE id = $1', [me])
        .catch((err: unknown) => log.error('realtime presence: cleanup failed', errorFields(err)));
    },
  };
}
