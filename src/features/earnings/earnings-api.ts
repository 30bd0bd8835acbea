// The teacher's monthly statement (GET v1/instructor/earnings) as a TanStack Query definition, checked
// against the shared contract; and money in minor units as the reader's locale writes it.
import { queryOptions } from '@tanstack/react-query';
import { earningsStatementSchema } from '../../../contract/earnings';
import { api, type ApiClient, type Envelope } from '../../api/client';

export function earningsQuery(month: string | undefined, locale: string, client: ApiClient = api) {
  return queryOptions({
    queryKey: ['earnings', month ?? 'current', locale] as const,
    queryFn: async ({ signal }) =>
      earningsStatementSchema.parse(
        (await client<Envelope<unknown>>('v1/instructor/earnings', { signal, headers: { 'Accept-Language': locale }, ...(month ? { query: { month } } : {}) })).data,
      ),
  });
}

/** Integer minor units of `currency` (6000 QAR minor = QAR 60.00) in the reader's locale. */
export function formatMinor(amountMinor: number, currency: string, locale: string): string {
  const format = new Intl.NumberFormat(locale, { style: 'currency', currency });
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(amountMinor / 10 ** digits);
}

/** The month before or after "2030-01". */
export function shiftMonth(month: string, by: number): string {
  const [year, m] = month.split('-').map(Number) as [number, number];
  const index = year * 12 + (m - 1) + by;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}
