// A small semaphore around password hashing (scrypt takes ~50 ms of CPU and 16 MB each): at most
// `concurrency` run at once in this process and `queue` wait; anything beyond is refused at once, so
// a flood of guesses gets 503s instead of starving every other request of CPU and memory.
import type { HashLimits } from './limits';

export class HashGateBusy extends Error {
  constructor() {
    super('password hashing is saturated');
    this.name = 'HashGateBusy';
  }
}

export interface HashGate {
  /** Runs `work` when a slot is free; rejects with HashGateBusy when the queue is full too. */
  run<T>(work: () => Promise<T>): Promise<T>;
  /** Running now, and the most that ever ran at once (for tests and metrics). */
  stats(): { active: number; waiting: number; peak: number };
}

export function createHashGate({ concurrency, queue }: HashLimits): HashGate {
  let active = 0;
  let peak = 0;
  const waiting: Array<() => void> = [];

  const release = () => {
    const next = waiting.shift();
    // The slot passes straight to the next waiter, so `active` never dips and rises past the cap.
    if (next) next();
    else active -= 1;
  };

  return {
    async run(work) {
      if (active >= concurrency) {
        if (waiting.length >= queue) throw new HashGateBusy();
        await new Promise<void>((resolve) => waiting.push(resolve));
      } else {
        active += 1;
      }
      peak = Math.max(peak, active);
      try {
        return await work();
      } finally {
        release();
      }
    },
    stats: () => ({ active, waiting: waiting.length, peak }),
  };
}
