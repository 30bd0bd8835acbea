// `npm run bench:availability`: how long the availability rule takes to build one teacher's
// free starts for 14 days — the work behind GET v1/teachers/:id/availability and the booking calendar.
// Pure computation (the database reads are measured by `npm run bench`). Prints the median and the 95th
// percentile per case; not a test, CI does not run it. Bounded: RUNS iterations per case.
import { performance } from 'node:perf_hooks';
import type { BusySlot, WorkingHour } from '../../contract/teachers';
import { availableNow, availableStarts, slotProblem, type TeacherSchedule } from '../../server/modules/availability/rules';

const RUNS = Number(process.env.BENCH_RUNS ?? 300);
const HOUR = 3_600_000;
// A Sunday two weeks before London's clocks go forward (29 March 2026), so the window crosses the change.
const NOW = new Date('2026-03-22T07:00:00.000Z');

function schedule(zone: string, busyCount: number): TeacherSchedule {
  const hours: WorkingHour[] = [0, 1, 2, 3, 4, 5, 6].flatMap((day) => [
    { day, from: '08:00', to: '12:00' },
    { day, from: '14:00', to: '22:00' },
  ]);
  const busy: BusySlot[] = Array.from({ length: busyCount }, (_, i) => {
    const start = NOW.getTime() + (i * 14 * 24 * HOUR) / Math.max(busyCount, 1) + 3 * HOUR;
    return { starts_at: new Date(start).toISOString(), ends_at: new Date(start + 2 * HOUR).toISOString() };
  });
  return { zone, hours, busy };
}

function measure(fn: () => unknown): { median: number; p95: number } {
  for (let i = 0; i < 20; i++) fn(); // warm up the JIT and Intl's zone caches
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    fn();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return { median: times[Math.floor(times.length / 2)]!, p95: times[Math.floor(times.length * 0.95)]! };
}

const cases: [string, () => unknown][] = [];
for (const zone of ['Asia/Qatar', 'Europe/London']) {
  for (const busyCount of [0, 40]) {
    const s = schedule(zone, busyCount);
    for (const duration of [1, 3]) {
      cases.push([
        `14 days, ${zone}, ${busyCount} sessions, ${duration} h`,
        () => availableStarts(s, { from: NOW, days: 14, durationHours: duration, now: NOW }),
      ]);
    }
  }
  const s = schedule(zone, 40);
  cases.push([
    `one submitted start (slotProblem), ${zone}`,
    () => slotProblem(s, { type: 'schedule', startsAt: new Date(NOW.getTime() + 30 * HOUR), durationHours: 2 }, NOW),
  ]);
  cases.push([`available now, ${zone}`, () => availableNow(s, 1, NOW)]);
}

console.log(`availability rule, ${RUNS} runs per case (node ${process.version})`);
console.log(`${'case'.padEnd(48)} ${'slots'.padStart(6)} ${'median'.padStart(10)} ${'p95'.padStart(10)}`);
for (const [name, fn] of cases) {
  const result = fn();
  const slots = Array.isArray(result) ? String(result.length) : '—';
  const { median, p95 } = measure(fn);
  console.log(`${name.padEnd(48)} ${slots.padStart(6)} ${`${median.toFixed(3)} ms`.padStart(10)} ${`${p95.toFixed(3)} ms`.padStart(10)}`);
}
