// The wire format of a weekly series: the same teacher at the same time every week for 2 to 12 weeks.
// Each lesson of it is its own request (moved, cancelled, paid and refunded alone) that names its series.
//
//   POST v1/series/preview       (family) body CreateRequest with repeat_weeks → { message, data: SeriesPreview }
//   POST v1/requests             (family) body CreateRequest with repeat_weeks and weeks
//                                → 201 { message, data: RequestDetail } (the first lesson booked)
//   POST v1/series/:id/cancel    (its family) → { message, data: SeriesCancelResult }
//
// The preview says, week by week, whether the time is free, taken, not bookable (outside the teacher's
// hours, time off, past the booking horizon) or more than the balance pays for; the create books
// exactly the weeks the parent confirmed (`weeks`, 1 = the first start), all or nothing: a week taken
// meanwhile is 409 `slot_taken` with `week` and `starts_at`, and nothing is booked. "Every week at this
// time" is the same wall-clock time in the parent's zone (`time_zone`, default the profile's).
import { z } from 'zod';
import { envelopeSchema } from './envelope';

export const MIN_REPEAT_WEEKS = 2;
export const MAX_REPEAT_WEEKS = 12;

/** The refusals of a series body (localized by the server, by Lingui on the client). */
export const seriesValidationKeys = {
  /** An urgent request starts now: it does not repeat. */
  scheduleOnly: 'series_schedule_only',
  /** A broadcast is offered to many teachers for one time: it does not repeat. */
  noBroadcast: 'series_no_broadcast',
  /** repeat_weeks outside 2–12. */
  weeksRange: 'series_weeks_range',
  /** `weeks` names a week twice, or one the series does not have. */
  weekUnknown: 'series_week_unknown',
} as const;
export type SeriesValidationKey = (typeof seriesValidationKeys)[keyof typeof seriesValidationKeys];

export const repeatWeeksSchema = z
  .number({ error: seriesValidationKeys.weeksRange })
  .int({ error: seriesValidationKeys.weeksRange })
  .min(MIN_REPEAT_WEEKS, { error: seriesValidationKeys.weeksRange })
  .max(MAX_REPEAT_WEEKS, { error: seriesValidationKeys.weeksRange });

export const seriesWeeksSchema = z
  .array(z.number({ error: seriesValidationKeys.weekUnknown }).int({ error: seriesValidationKeys.weekUnknown }), {
    error: seriesValidationKeys.weekUnknown,
  })
  .min(1, { error: seriesValidationKeys.weekUnknown })
  .max(MAX_REPEAT_WEEKS, { error: seriesValidationKeys.weekUnknown });

/**
 * What one week of a series would be: `free` (bookable and paid), `taken` (the teacher has another
 * session then), `unavailable` (another rule: outside their hours, time off, past the horizon, too
 * soon; `code` says which) or `over_balance` (free, but the weeks before it use up what the balance pays).
 */
export const SERIES_WEEK_STATES = ['free', 'taken', 'unavailable', 'over_balance'] as const;

export const seriesWeekSchema = z.object({
  week: z.number().int(),
  starts_at: z.string(),
  ends_at: z.string(),
  state: z.enum(SERIES_WEEK_STATES),
  /** Why a week is not free: a REQUEST_ERROR key (`teacher_busy`, `outside_working_hours`, …). */
  code: z.string().nullable(),
  /** How a free week would be paid. */
  pay: z.enum(['free_trial', 'hours']).nullable(),
});
export type SeriesWeek = z.infer<typeof seriesWeekSchema>;

export const seriesPreviewSchema = z.object({
  /** The zone "the same time every week" was counted in. */
  time_zone: z.string(),
  weeks: z.array(seriesWeekSchema),
  /** Package minutes the free weeks take together. */
  minutes: z.number().int(),
  /** Whether the free trial pays the first free week. */
  free_trial: z.boolean(),
  /** Package minutes left once the free weeks are booked. */
  minutes_left: z.number().int(),
});
export type SeriesPreview = z.infer<typeof seriesPreviewSchema>;
export const seriesPreviewResponseSchema = envelopeSchema(seriesPreviewSchema);

/** A lesson's place in its series, on the request detail: "Week 2 of 4". */
export const requestSeriesRefSchema = z.object({ id: z.number().int(), week: z.number().int(), weeks: z.number().int() });

/** What cancelling the rest of a series did: the lessons cancelled, and those kept (past the 6-hour cut-off). */
export const seriesCancelResultSchema = z.object({ canceled: z.array(z.number().int()), kept: z.array(z.number().int()) });
export type SeriesCancelResult = z.infer<typeof seriesCancelResultSchema>;
export const seriesCancelResponseSchema = envelopeSchema(seriesCancelResultSchema);
