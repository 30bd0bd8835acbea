// Calendar files and the private subscription feed (contract/calendar.ts). A session's .ics needs the
// bearer token, so it is fetched through the API client and handed to the browser as a download; the
// feed's state is server data, and making, rotating or turning it off puts the answer in the cache.
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { calendarFeedResponseSchema, type CalendarFeed } from '../../contract/calendar';
import { api, type ApiClient, readAnswer } from './client';

export type { CalendarFeed };

const feedKey = ['profile', 'calendar-feed'] as const;

export function calendarFeedQuery(client: ApiClient = api) {
  return queryOptions({
    queryKey: feedKey,
    queryFn: async ({ signal }): Promise<CalendarFeed> =>
      (await readAnswer(client('v1/profile/calendar-feed', { signal }), calendarFeedResponseSchema)).data,
  });
}

/** Makes the feed, or rotates its secret (the old URL stops working); the answer holds the URL, once. */
export async function makeCalendarFeed(
  queryClient: QueryClient,
  client: ApiClient = api,
): Promise<{ message: string; feed: CalendarFeed }> {
  const res = await readAnswer(client('v1/profile/calendar-feed', { method: 'POST' }), calendarFeedResponseSchema);
  queryClient.setQueryData(feedKey, res.data);
  return { message: res.message, feed: res.data };
}

export async function turnOffCalendarFeed(queryClient: QueryClient, client: ApiClient = api): Promise<{ message: string }> {
  const res = await readAnswer(client('v1/profile/calendar-feed', { method: 'DELETE' }), calendarFeedResponseSchema);
  queryClient.setQueryData(feedKey, res.data);
  return { message: res.message };
}

/** A session's iCalendar text, as its party may read it. */
export async function sessionCalendarFile(requestId: number, client: ApiClient = api): Promise<string> {
  return client<string>(`v1/requests/${requestId}/calendar.ics`, { responseType: 'text', headers: { Accept: 'text/calendar' } });
}
