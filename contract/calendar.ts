// The wire format of a user's calendar subscription feed: whether it is on, and (once, when it is made
// or rotated) its private URL. The .ics files themselves are iCalendar text, not JSON.
import { z } from 'zod';
import { envelopeSchema } from './envelope';

export const calendarFeedSchema = z.object({
  active: z.boolean(),
  created_at: z.string().nullable(),
  /** The private feed URL: only in the answer that creates or rotates it. */
  url: z.string().nullable(),
});
export type CalendarFeed = z.infer<typeof calendarFeedSchema>;
export const calendarFeedResponseSchema = envelopeSchema(calendarFeedSchema);
