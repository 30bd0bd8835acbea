// Prometheus metrics for GET /metrics (prom-client): requests by route and status, their latency, the
// database pool, realtime connections and background job runs. One registry per server, so tests that
// start several servers in one process do not mix their numbers. Protected like the admin API.
import type { MiddlewareHandler } from 'hono';
import { routePath } from 'hono/route';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Db } from '../db';
import { CHANNELS, queuedByChannel, type OutboxOutcome } from '../modules/outbox';
import type { AppEnv } from '../http/context';

export interface Metrics {
  readonly registry: Registry;
  /** Counts and times every request; routes are the registered patterns, never raw paths (bounded labels). */
  middleware: MiddlewareHandler<AppEnv>;
  /** Called by the job scheduler after each run. */
  jobRun(job: string, outcome: 'ok' | 'failed', seconds: number): void;
  /** Realtime could not hear the other instances for `seconds` (LISTEN lost); clients were told to refetch. */
  realtimeGap(seconds: number): void;
  /**
   * Called by the outbox runner for each message it takes: sent, retry (will try again), failed (gave
   * up), skipped (the recipient turned that kind off) or held (quiet hours: queued until they end).
   */
  outbox(channel: string, outcome: OutboxOutcome['outcome']): void;
}

export interface MetricsSources {
  db: Db;
  realtimeConnections?: () => number;
  /** Process-wide metrics (CPU, memory, event loop); off in tests that start many servers. */
  processMetrics?: boolean;
}

export function createMetrics({ db, realtimeConnections, processMetrics = true }: MetricsSources): Metrics {
  const registry = new Registry();
  if (processMetrics) collectDefaultMetrics({ register: registry, prefix: 'noor_' });
  const labelNames = ['method', 'route', 'status'] as const;
  const requests = new Counter({ name: 'noor_http_requests_total', help: 'HTTP requests answered', labelNames, registers: [registry] });
  const latency = new Histogram({
    name: 'noor_http_request_duration_seconds',
    help: 'Time to answer an HTTP request',
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  new Gauge({
    name: 'noor_db_pool_connections',
    help: 'Database pool connections by state (total, idle, waiting requests, max)',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      const stats = db.stats?.();
      if (!stats) return;
      for (const [state, value] of Object.entries(stats)) this.set({ state }, value);
    },
  });
  new Gauge({
    name: 'noor_realtime_connections',
    help: 'WebSocket connections open on this instance (embedded realtime)',
    registers: [registry],
    collect() {
      this.set(realtimeConnections?.() ?? 0);
    },
  });
  const jobRuns = new Counter({
    name: 'noor_job_runs_total',
    help: 'Background job runs',
    labelNames: ['job', 'outcome'],
    registers: [registry],
  });
  const gaps = new Counter({
    name: 'noor_realtime_gaps_total',
    help: 'Times LISTEN was lost and restored (clients told to refetch)',
    registers: [registry],
  });
  const gapSeconds = new Counter({
    name: 'noor_realtime_gap_seconds_total',
    help: 'Time without LISTEN (events of other instances missed)',
    registers: [registry],
  });
  const jobSeconds = new Histogram({
    name: 'noor_job_duration_seconds',
    help: 'Background job run time',
    labelNames: ['job'],
    registers: [registry],
  });
  // Outgoing messages (e-mail, push, SMS): tries by outcome, and what is waiting, per channel.
  const outboxTries = new Counter({
    name: 'noor_outbox_messages_total',
    help: 'Outgoing messages taken by channel and outcome (sent, retry, failed = gave up, skipped = turned off, held = quiet hours)',
    labelNames: ['channel', 'outcome'],
    registers: [registry],
  });
  // Every channel's series exist from the start (at 0), so a channel that never sent yet is seen as such.
  for (const channel of CHANNELS)
    for (const outcome of ['sent', 'retry', 'failed', 'skipped', 'held'] as const) outboxTries.inc({ channel, outcome }, 0);
  new Gauge({
    name: 'noor_outbox_queued',
    help: 'Outgoing messages waiting to be sent, by channel',
    labelNames: ['channel'],
    registers: [registry],
    async collect() {
      const queued = await queuedByChannel(db).catch(() => undefined);
      if (!queued) return;
      this.reset();
      for (const channel of CHANNELS) this.set({ channel }, queued[channel] ?? 0);
    },
  });

  return {
    registry,
    middleware: async (c, next) => {
      const started = performance.now();
      try {
        await next();
      } finally {
        const labels = { method: c.req.method, route: routeLabel(c.req.path, routePath(c)), status: String(c.res.status) };
        requests.inc(labels);
        latency.observe(labels, (performance.now() - started) / 1000);
      }
    },
    jobRun(job, outcome, seconds) {
      jobRuns.inc({ job, outcome });
      jobSeconds.observe({ job }, seconds);
    },
    realtimeGap(seconds) {
      gaps.inc();
      gapSeconds.inc(seconds);
    },
    outbox(channel, outcome) {
      outboxTries.inc({ channel, outcome });
    },
  };
}

// Raw paths would give one time series per id or per probe; patterns are bounded. After next(),
// routePath(c) is the pattern of the handler that answered (a middleware's `*` when none did).
function routeLabel(path: string, pattern: string): string {
  if (!path.startsWith('/api/') && !path.startsWith('/apps/')) return 'static';
  return pattern.includes('*') ? 'unmatched' : pattern;
}
