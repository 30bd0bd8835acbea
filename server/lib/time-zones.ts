// Reading a stored `time_zone` without letting one bad value fail a shared read or a job. Validators
// (contract/time-zones.ts) and a migration keep stored names inside the accepted list, but a row
// written before that, restored from a backup, or by hand must cost only that row: the teacher shows
// no free times and is not booked or broadcast to, a user's evening reminder is skipped, and a
// warning names the user, never a 500 for every visitor or a failed reminders run for everyone.
import { TIME_ZONES, isTimeZone } from '../../contract/time-zones';
import { createLogger, type Logger } from '../logger';

/** The accepted names as an SQL list: IN over constants is hashed once per query, not per row. */
const ACCEPTED_SQL = `(${TIME_ZONES.map((z) => `'${z.replaceAll("'", "''")}'`).join(',')})`;

/**
 * In SQL: `column` when it holds an accepted zone name, else NULL. `x AT TIME ZONE NULL` is NULL, so a
 * comparison with it is not true and the row drops out, where the bare column would raise 22023 and
 * fail the whole statement. CASE (not AND) because only CASE fixes the order of evaluation.
 */
export function usableZoneSql(column: string): string {
  return `(CASE WHEN ${column} IN ${ACCEPTED_SQL} THEN ${column} END)`;
}

let sink: Logger = createLogger('warn', (line) => process.stderr.write(line + '\n'));
const reported = new Set<string>();

/** Where skipped rows are reported (the server's logger, set once at start). */
export function reportUnusableZonesTo(log: Logger): void {
  sink = log;
}

/** Logs, once per process for each user and value, that a stored zone was skipped. */
export function reportUnusableZone(userId: number, zone: string, where: string): void {
  const key = `${userId} ${zone}`;
  if (reported.has(key)) return;
  reported.add(key);
  sink.warn('stored time zone is not usable: row skipped', { user_id: userId, time_zone: zone, where });
}

/** `zone` when the rule can use it; otherwise reported and null (the caller skips the row). */
export function usableZone(userId: number, zone: string, where: string): string | null {
  if (isTimeZone(zone)) return zone;
  reportUnusableZone(userId, zone, where);
  return null;
}
