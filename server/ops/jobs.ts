// Background jobs on a timer, one run at a time per instance. Running on every instance is safe: each
// job's exactly-once guarantee lives in the database (dedupe keys, conditional updates), so N
// instances only means N chances per period. Each run is counted for /metrics.
import { errorFields, type Logger } from '../logger';
import type { Metrics } from './metrics';

export interface Job {
  name: string;
  everyMs: number;
  /** Returns how many things it did, for the log (0: nothing to say). */
  run(): Promise<number>;
}

/** Starts the job (first run now); the returned stop waits for a run in progress. */
export function startJob(job: Job, log: Logger, metrics?: Metrics): () => Promise<void> {
  let running: Promise<void> | undefined;
  const tick = () => {
    if (running) return; // a slow run is not overtaken by the next one
    const started = performance.now();
    const seconds = () => (performance.now() - started) / 1000;
    running = job
      .run()
      .then((done) => {
        metrics?.jobRun(job.name, 'ok', seconds());
        if (done) log.info('job ran', { job: job.name, done });
      })
      .catch((err: unknown) => {
        metrics?.jobRun(job.name, 'failed', seconds());
        log.error('job failed', { job: job.name, ...errorFields(err) });
      })
      .finally(() => {
        running = undefined;
      });
  };
  const timer = setInterval(tick, job.everyMs);
  timer.unref();
  tick();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
