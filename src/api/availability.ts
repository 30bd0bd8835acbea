// A teacher's free start times for a duration (GET v1/teachers/:id/availability), checked against the
// contract; read by the booking panel and by moving a booked lesson.
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { availabilityResponseSchema, type Availability } from '../../contract/availability';
import { api, type ApiClient, readAnswer } from './client';

export const availabilityKeys = {
  all: ['availability'] as const,
  of: (teacherId: number, durationHours: number) => ['availability', teacherId, durationHours] as const,
};

/** Two weeks of free starts; refreshed when the page regains focus and after "just taken". */
export function availabilityQuery(teacherId: number, durationHours: number, client: ApiClient = api) {
  return queryOptions({
    queryKey: availabilityKeys.of(teacherId, durationHours),
    queryFn: async ({ signal }): Promise<Availability> =>
      (
        await readAnswer(
          client(`v1/teachers/${teacherId}/availability`, { signal, query: { days: 14, duration: durationHours } }),
          availabilityResponseSchema,
        )
      ).data,
    staleTime: 30_000,
  });
}

/** A start was just taken (by this family or another): every teacher's free starts are read again. */
export function refreshAvailability(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: availabilityKeys.all });
}
