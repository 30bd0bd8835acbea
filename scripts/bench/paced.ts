// An open-loop load generator for `npm run bench`, in the manner of wrk2: one GET every
// 1000/rate ms on a schedule fixed in advance, each request's latency counted from the moment it was
// due (not from when it left), so a stall of the server or of this process shows in full and never
// holds the next requests back. Why not autocannon's `-R`: it lets each connection send its share of
// a second back to back and then wait for the next second — 300 req/s arrives as a burst of 300 at
// the top of every second, 32 at a time — and its coordinated-omission correction takes 1 ms as the
// expected interval (`Math.ceil(1 / rate)`, seconds read as ms), adding a made-up sample for every
// millisecond of every slower response. Run in its own process (its CPU is not the server's):
//   tsx scripts/bench/paced.ts <url> <rate> <seconds> <max sockets> [bearer token]  → one JSON line on stdout.
import http from 'node:http';
import path from 'node:path';

interface PacedResult {
  /** Requests answered per second over the run. */
  rate: number;
  total: number;
  errors: number;
  /** Latency percentiles (ms) from each request's due time to its last byte. */
  p50: number;
  p90: number;
  p99: number;
  max: number;
}

function paced(url: string, rate: number, seconds: number, sockets: number, token?: string): Promise<PacedResult> {
  const headers = token ? { authorization: `Bearer ${token}` } : {};
  const agent = new http.Agent({ keepAlive: true, maxSockets: sockets });
  const interval = 1000 / rate;
  const count = Math.round(rate * seconds);
  const latencies: number[] = [];
  let errors = 0;
  let sent = 0;
  let done = 0;
  const start = performance.now();
  return new Promise((resolve) => {
    const finish = () => {
      const took = (performance.now() - start) / 1000;
      agent.destroy();
      latencies.sort((a, b) => a - b);
      const at = (q: number) => Math.round((latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0) * 10) / 10;
      resolve({
        rate: Math.round(latencies.length / took),
        total: latencies.length,
        errors,
        p50: at(0.5),
        p90: at(0.9),
        p99: at(0.99),
        max: at(1),
      });
    };
    const settle = (due: number, ok: boolean) => {
      if (ok) latencies.push(performance.now() - due);
      else errors++;
      if (++done === count) finish();
    };
    const send = (due: number) => {
      const req = http.get(url, { agent, headers }, (res) => {
        res.on('data', () => undefined);
        res.on('end', () => settle(due, res.statusCode === 200));
        res.on('error', () => settle(due, false));
      });
      req.setTimeout(10_000, () => req.destroy(new Error('timeout')));
      req.on('error', () => settle(due, false));
    };
    // A 1 ms tick sends every request that has come due; a late tick sends the backlog at once,
    // each still measured from its own due time.
    const tick = setInterval(() => {
      const now = performance.now();
      while (sent < count && start + sent * interval <= now) send(start + sent++ * interval);
      if (sent === count) clearInterval(tick);
    }, 1);
  });
}

if (import.meta.filename === path.resolve(process.argv[1] ?? '')) {
  const [url, rate, seconds, sockets, token] = process.argv.slice(2);
  const result = await paced(url!, Number(rate), Number(seconds), Number(sockets ?? 32), token);
  console.log(JSON.stringify(result));
}
