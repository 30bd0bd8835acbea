// Time off as the rule reads it: whole days in the teacher's zone resolved to instants with Temporal,
// so a day of a daylight-saving change is 23 or 25 hours long, as the teacher's clock has it.
import { Temporal } from 'temporal-polyfill';

/** [start of firstDay, start of the day after lastDay) in `zone`, as UTC instants. */
export function timeOffSpan(firstDay: string, lastDay: string, zone: string): { startsAt: Date; endsAt: Date } {
  const start = Temporal.PlainDate.from(firstDay).toZonedDateTime({ timeZone: zone });
  const end = Temporal.PlainDate.from(lastDay).add({ days: 1 }).toZonedDateTime({ timeZone: zone });
  return { startsAt: new Date(start.epochMilliseconds), endsAt: new Date(end.epochMilliseconds) };
}

/** The calendar date of `now` in `zone`, YYYY-MM-DD. */
export function todayIn(zone: string, now: Date): string {
  return Temporal.Instant.fromEpochMilliseconds(now.getTime()).toZonedDateTimeISO(zone).toPlainDate().toString();
}
