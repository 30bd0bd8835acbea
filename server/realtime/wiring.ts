// Assembles realtime for one server process: the embedded Pusher-protocol endpoint (or none, with
// Pusher Channels), the publisher the modules use, and — on PostgreSQL — the NOTIFY fan-out and the
// shared presence that make several instances behave as one endpoint. PGlite is one process, so its
// endpoint alone is the whole audience.
import type { RealtimeConfig } from '../config';
import type { Db } from '../db';
import type { PgSettings } from '../db/pg';
import type { Logger } from '../logger';
import { createRealtimeEndpoint, type RealtimeEndpoint } from './endpoint';
import { startPgFanout, type Fanout } from './fanout';
import { startPresenceCluster, type PresenceCluster } from './presence-cluster';
import { createPublisher, type Publisher } from './publisher';

export interface RealtimeWiringOptions {
  config: RealtimeConfig;
  db: Db;
  log: Logger;
  /** Set on PostgreSQL: other instances may share the database. */
  databaseUrl?: string | undefined;
  searchPath?: string | undefined;
  settings: PgSettings;
  clientEvents: boolean;
  /** Shared presence heartbeat (presence-cluster.ts; default 10 s). */
  presenceHeartbeatMs?: number;
  /** LISTEN was lost for `downMs` and is back; `told` clients were asked to refetch (for the metric). */
  onGap?(downMs: number, told: number): void;
  /** Where this server listens (known once it does; the SDK path of the publisher needs it). */
  listening(): { host: string; port: number };
}

export interface RealtimeWiring {
  config: RealtimeConfig;
  publisher: Publisher;
  endpoint: RealtimeEndpoint | undefined;
  fanout: Fanout | undefined;
  /** Tells the sockets to reconnect elsewhere (their presence leaves are announced to the others). */
  closeSockets(): Promise<void>;
  /** After the sockets: the presence rows and the LISTEN connection, before the pool closes. */
  close(): Promise<void>;
}

export async function startRealtime(options: RealtimeWiringOptions): Promise<RealtimeWiring> {
  const { config, db, log } = options;
  let fanout: Fanout | undefined;
  let cluster: PresenceCluster | undefined;
  // The endpoint needs the cluster and the cluster delivers through the endpoint: tied up after both exist.
  const deliverHere: { to?: RealtimeEndpoint } = {};
  if (config.mode === 'embedded' && options.databaseUrl) {
    fanout = await startPgFanout({
      db,
      databaseUrl: options.databaseUrl,
      searchPath: options.searchPath,
      settings: options.settings,
      log,
      deliver: (input) => void deliverHere.to?.trigger(input),
      // Events of other instances were missed meanwhile: this instance's clients refetch what they show.
      restored: (downMs) => {
        const told = deliverHere.to?.refetchAll() ?? 0;
        log.warn('realtime: notifications were interrupted; clients told to refetch', { down_ms: downMs, clients: told });
        options.onGap?.(downMs, told);
      },
    });
    const out = fanout;
    cluster = await startPresenceCluster({
      db,
      instanceId: out.instanceId,
      log,
      publish: (input) => out.publish(input),
      deliverLocally: (input) => void deliverHere.to?.trigger(input),
      ...(options.presenceHeartbeatMs ? { heartbeatMs: options.presenceHeartbeatMs } : {}),
    });
  }
  const local =
    config.mode === 'embedded' ? createRealtimeEndpoint({ app: config, log, clientEvents: options.clientEvents, cluster }) : undefined;
  deliverHere.to = local;
  const shared = fanout;
  // Every server publish also goes to the other instances' sockets.
  const endpoint: RealtimeEndpoint | undefined =
    local && shared
      ? {
          ...local,
          trigger(input) {
            void shared.publish(input);
            return local.trigger(input);
          },
        }
      : local;
  const publisher = createPublisher(config, {
    log,
    embeddedTarget: options.listening,
    ...(endpoint ? { embeddedDeliver: (input: Parameters<RealtimeEndpoint['trigger']>[0]) => void endpoint.trigger(input) } : {}),
  });
  return {
    config,
    publisher,
    endpoint,
    fanout,
    closeSockets: async () => endpoint?.close(),
    async close() {
      await cluster?.close();
      await fanout?.close();
    },
  };
}
