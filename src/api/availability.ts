// The calls of the booking panel: the teacher's free start times for a duration (GET
// v1/teachers/:id/availability) and POST v1/requests, both checked against the contract. A refusal
// stays the client's ApiError (a contract FailureError) all the way to the machine.
import { queryOptions } from '@tanstack/react-query';
import { availabilityResponseSchema, type Availability } from '../../contract/availability';
import { requestDetailResponseSchema, type RequestDetail } from '../../contract/requests';
import type { BookingRequest } from '../../machines/booking.machine';
import { api, type ApiClient } from './client';

/** One lesson, or (with `repeat_weeks`) the confirmed weeks of a weekly series: the answer is the first. */
export async function createBookingRequest(body: BookingRequest, client: ApiClient = api): Promise<RequestDetail> {
  const res = await client<unknown>('v1/requests', { method: 'POST', body });
  return requestDetailResponseSchema.parse(res).data;
}

export const availabilityKeys = {
  all: ['availability'] as const,
  of: (teacherId: number, durationHours: number) => ['availability', teacherId, durationHours] as const,
};

/** Two weeks of free starts; refreshed when the page regains focus and after "just taken". */
export function availabilityQuery(teacherId: number, durationHours: number, client: ApiClient = api) {
  return queryOptions({
    queryKey: availabilityKeys.of(teacherId, durationHours),
    queryFn: async ({ signal }): Promise<Availability> => {
      const res = await client<unknown>(`v1/teachers/${teacherId}/availability`, { signal, query: { days: 14, duration: durationHours } });
      return availabilityResponseSchema.parse(res).data;
    },
    staleTime: 30_000,
  });
}
