// The teacher's monthly statement (GET v1/instructor/earnings) as a TanStack Query definition, checked
// against the shared contract, and the month arithmetic of its navigation.
import { queryOptions } from '@tanstack/react-query';
import { earningsStatementSchema } from '../../contract/earnings';
import { api, type ApiClient, type Envelope } from './client';

export function earningsQuery(month: string | undefined, locale: string, client: ApiClient = api) {
  return queryOptions({
    queryKey: ['earnings', month ?? 'current', locale] as const,
    queryFn: async ({ signal }) =>
      earningsStatementSchema.parse(
        (
          await client<Envelope<unknown>>('v1/instructor/earnings', {
            signal,
            headers: { 'Accept-Language': locale },
            ...(month ? { query: { month } } : {}),
          })
        ).data,
      ),
  });
}

/** The month before or after "2030-01". */
export function shiftMonth(month: string, by: number): string {
  const [year, m] = month.split('-').map(Number) as [number, number];
  const index = year * 12 + (m - 1) + by;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}
