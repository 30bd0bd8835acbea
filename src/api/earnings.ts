// The teacher's monthly statement (GET v1/instructor/earnings) as a TanStack Query definition, checked
// against the shared contract.
import { queryOptions } from '@tanstack/react-query';
import { earningsStatementResponseSchema } from '../../contract/earnings';
import { api, type ApiClient, readAnswer } from './client';

export const earningsKeys = {
  month: (month: string | undefined, locale: string) => ['earnings', month ?? 'current', locale] as const,
};

export function earningsQuery(month: string | undefined, locale: string, client: ApiClient = api) {
  return queryOptions({
    queryKey: earningsKeys.month(month, locale),
    queryFn: async ({ signal }) =>
      (
        await readAnswer(
          client('v1/instructor/earnings', { signal, headers: { 'Accept-Language': locale }, ...(month ? { query: { month } } : {}) }),
          earningsStatementResponseSchema,
        )
      ).data,
  });
}
