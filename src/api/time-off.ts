// A teacher's time: the days they are away (v1/instructor/time-off, contract/time-off.ts) and their week
// (v1/instructor/calendar, contract/teacher-calendar.ts). Adding or removing time off changes both, so
// both answers are refetched after either.
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { teacherWeekResponseSchema, type TeacherWeek } from '../../contract/teacher-calendar';
import { timeOffListResponseSchema, timeOffRemovedResponseSchema, timeOffResponseSchema, type TimeOff } from '../../contract/time-off';
import { api, type ApiClient, readAnswer } from './client';

export type { TeacherWeek, TimeOff };

const timeKeys = {
  timeOff: ['teacher-time', 'time-off'] as const,
  week: (week: string | undefined, locale: string) => ['teacher-time', 'week', week ?? 'current', locale] as const,
};

export function timeOffQuery(client: ApiClient = api) {
  return queryOptions({
    queryKey: timeKeys.timeOff,
    queryFn: async ({ signal }): Promise<TimeOff[]> =>
      (await readAnswer(client('v1/instructor/time-off', { signal }), timeOffListResponseSchema)).data,
  });
}

/** The week `week` (any of its days, YYYY-MM-DD) is in; without it, this week in the teacher's zone. */
export function teacherWeekQuery(week: string | undefined, locale: string, client: ApiClient = api) {
  return queryOptions({
    queryKey: timeKeys.week(week, locale),
    queryFn: async ({ signal }): Promise<TeacherWeek> =>
      (
        await readAnswer(
          client('v1/instructor/calendar', { signal, headers: { 'Accept-Language': locale }, ...(week ? { query: { week } } : {}) }),
          teacherWeekResponseSchema,
        )
      ).data,
  });
}

const refetch = (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: ['teacher-time'] });

/** Adds whole days away; the answer lists the sessions already booked inside them. */
export async function addTimeOff(
  queryClient: QueryClient,
  days: { first_day: string; last_day: string },
  client: ApiClient = api,
): Promise<{ message: string; entry: TimeOff }> {
  const res = await readAnswer(client('v1/instructor/time-off', { method: 'POST', body: days }), timeOffResponseSchema);
  await refetch(queryClient);
  return { message: res.message, entry: res.data };
}

export async function removeTimeOff(queryClient: QueryClient, id: number, client: ApiClient = api): Promise<{ message: string }> {
  const res = await readAnswer(client(`v1/instructor/time-off/${id}`, { method: 'DELETE' }), timeOffRemovedResponseSchema);
  await refetch(queryClient);
  return { message: res.message };
}
