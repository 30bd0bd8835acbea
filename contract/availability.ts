// The wire format of a teacher's free start times, shared by the server and the booking
// calendar.
//
//   GET v1/teachers/:id/availability?from=&days=&duration=
//     → { message, data: Availability }      (404 for an unknown or inactive teacher)
//
// `slots` are the UTC instants a student can book a session of `duration_hours` at: inside the
// teacher's working hours (wall-clock times in the teacher's IANA zone), at least MIN_LEAD_MS after
// now, free of the teacher's approved and pending sessions, on a SLOT_GRID_MINUTES grid of the
// teacher's clock. The server computes them with the very rule that validates POST v1/requests
// (server/modules/availability/rules.ts), so an offered slot is refused at submit only when someone
// booked it meanwhile: then 409 `slot_taken`.
import { z } from 'zod';
import { envelopeSchema } from './envelope';
import { MAX_DURATION_HOURS, MIN_DURATION_HOURS } from './request-values';
import { isTimeZone } from './time-zones';

/** Offered start times fall on this grid of the teacher's wall clock (:00 and :30). */
export const SLOT_GRID_MINUTES = 30;
export const DEFAULT_AVAILABILITY_DAYS = 14;
export const MAX_AVAILABILITY_DAYS = 31;
/** The zone of every user until they choose theirs (and of all data before time zones existed). */
export { DEFAULT_TIME_ZONE } from './default-zone';

/** A zone name every layer accepts (contract/time-zones.ts); the error key is profileValidationKeys.timeZoneInvalid. */
export const timeZoneSchema = z.string({ error: 'invalid' }).trim().refine(isTimeZone, { error: 'time_zone_invalid' });

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

export const availabilityQuerySchema = z.object({
  /** ISO-8601 instant the window starts at; default now. A window starting in the past starts now. */
  from: z.preprocess(blankToUndefined, z.iso.datetime({ offset: true }).optional()),
  days: z.preprocess(blankToUndefined, z.coerce.number().int().min(1).max(MAX_AVAILABILITY_DAYS).default(DEFAULT_AVAILABILITY_DAYS)),
  duration: z.preprocess(
    blankToUndefined,
    z.coerce.number().int().min(MIN_DURATION_HOURS).max(MAX_DURATION_HOURS).default(MIN_DURATION_HOURS),
  ),
});

export const availabilitySchema = z.object({
  teacher_id: z.number().int(),
  /** The teacher's IANA zone: their working hours are written in it. */
  time_zone: z.string(),
  duration_hours: z.number().int(),
  /** The window asked about, as UTC instants. */
  from: z.string(),
  to: z.string(),
  /** Bookable start times, UTC ISO-8601, ascending. */
  slots: z.array(z.string()),
  /** Whether an urgent request of `duration_hours` starting now would be accepted. */
  available_now: z.boolean(),
  /** The teacher has set no working hours: nobody can book them. */
  no_working_hours: z.boolean(),
});
export type Availability = z.infer<typeof availabilitySchema>;
export const availabilityResponseSchema = envelopeSchema(availabilitySchema);
