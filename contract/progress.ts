// A child's progress, read by the family from its lessons and their teachers' reports (contract/reports.ts).
//
//   GET v1/children/:id/progress   (the child's family)   → { message, data: ChildProgress }
//
// Refusals: 404 another family's child or an unknown id (never 403), 403 for a teacher (a teacher reads
// a lesson's report through the lesson, as contract/reports.ts allows; the whole picture is the family's).
//
// - Lessons count when taken: finished, or approved and over. Minutes are the lessons' booked length.
//   `subjects` gives per subject the lessons and minutes in total and per calendar month in the family's
//   time zone (newest month first).
// - Quran: per surah the verses memorised and the verses revised, each the size of the union of the
//   reports' ranges of that kind (overlapping ranges count once; "recited" counts for neither). Only
//   surahs with something in them are listed.
// - `latest_reports`: the newest reports (by lesson start), at most PROGRESS_LATEST_REPORTS.
// - `open_homework`: per subject, the homework of that subject's most recent report, when it set any —
//   the next lesson's report replaces it, so older homework counts as done.
import { z } from 'zod';
import { envelopeSchema } from './envelope';
import { quranEntryReadSchema } from './reports';

export const PROGRESS_LATEST_REPORTS = 5;

const subjectRef = z.object({ id: z.number().int(), name: z.string() });

export const progressReportSchema = z.object({
  request_id: z.number().int(),
  /** The lesson's start. */
  starts_at: z.string(),
  subject: subjectRef,
  teacher: z.object({ id: z.number().int(), first_name: z.string() }),
  covered: z.string(),
  homework: z.string(),
  quran: z.array(quranEntryReadSchema),
});
export type ProgressReport = z.infer<typeof progressReportSchema>;

export const childProgressSchema = z.object({
  child: z.object({ id: z.number().int(), first_name: z.string(), last_name: z.string() }),
  /** The family's IANA zone, in which the months are counted. */
  time_zone: z.string(),
  lessons_taken: z.number().int(),
  /** Hours of lessons taken, to two decimals. */
  hours_taught: z.number(),
  subjects: z.array(
    subjectRef.extend({
      lessons: z.number().int(),
      minutes: z.number().int(),
      /** Newest first; "YYYY-MM". */
      months: z.array(z.object({ month: z.string(), lessons: z.number().int(), minutes: z.number().int() })),
    }),
  ),
  quran: z.object({
    /** Verses memorised over all surahs. */
    memorised: z.number().int(),
    revised: z.number().int(),
    surahs: z.array(z.object({ surah: z.number().int(), memorised: z.number().int(), revised: z.number().int() })),
  }),
  latest_reports: z.array(progressReportSchema),
  open_homework: z.array(
    z.object({
      subject: subjectRef,
      request_id: z.number().int(),
      starts_at: z.string(),
      teacher: z.object({ id: z.number().int(), first_name: z.string() }),
      homework: z.string(),
    }),
  ),
});
export type ChildProgress = z.infer<typeof childProgressSchema>;
export const childProgressResponseSchema = envelopeSchema(childProgressSchema);

/** How many distinct verses the inclusive ranges cover: overlapping or touching ranges count once. */
export function versesCovered(ranges: ReadonlyArray<readonly [from: number, to: number]>): number {
  const sorted = [...ranges].sort((a, b) => a[0] - b[0]);
  let total = 0;
  let end = 0;
  for (const [from, to] of sorted) {
    const start = Math.max(from, end + 1);
    if (to >= start) {
      total += to - start + 1;
      end = to;
    }
  }
  return total;
}
