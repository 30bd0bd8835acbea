// The requests sweep on a timer (wired in server/main.ts): expires unaccepted requests (refunded) and
// finishes ended sessions, telling the student and teacher. Reads also sweep lazily, so a missed tick
// never shows a stale status; the sweep itself is idempotent.
import type { Db } from '../../db';
import { errorFields, type Logger } from '../../logger';
import type { Publisher } from '../../realtime/publisher';
import { sweepAndPublish } from './routes';

export function startRequestSweep(db: Db, publisher: Publisher | undefined, log: Logger, everyMs = 60_000): () => Promise<void> {
  let running: Promise<void> | undefined;
  const tick = () => {
    if (running) return; // a slow run is not overtaken by the next one
    running = sweepAndPublish(db, publisher, new Date())
      .then((changed) => {
        if (changed) log.info('requests swept', { changed });
      })
      .catch((err: unknown) => log.error('requests sweep failed', errorFields(err)))
      .finally(() => {
        running = undefined;
      });
  };
  const timer = setInterval(tick, everyMs);
  timer.unref();
  tick();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
