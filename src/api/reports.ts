// A finished lesson's report (contract/reports.ts) as server data: read by the family, the teacher and a
// later teacher of the same child; written by the session's teacher. Saving puts the answer in the cache.
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { lessonReportResponseSchema, type LessonReport, type ReportInput } from '../../contract/reports';
import { api, type ApiClient, readAnswer } from './client';

export type { LessonReport, ReportInput };

export const reportKeys = {
  detail: (requestId: number, locale: string) => ['requests', 'report', requestId, locale] as const,
};

export function reportQuery(requestId: number, locale: string, client: ApiClient = api) {
  return queryOptions({
    queryKey: reportKeys.detail(requestId, locale),
    queryFn: async ({ signal }): Promise<LessonReport | null> =>
      (
        await readAnswer(
          client(`v1/requests/${requestId}/report`, { signal, headers: { 'Accept-Language': locale } }),
          lessonReportResponseSchema,
        )
      ).data,
  });
}

export async function saveReport(
  queryClient: QueryClient,
  requestId: number,
  input: ReportInput,
  locale: string,
  client: ApiClient = api,
): Promise<{ message: string; report: LessonReport }> {
  const res = await readAnswer(
    client(`v1/requests/${requestId}/report`, { method: 'PUT', body: input, headers: { 'Accept-Language': locale } }),
    lessonReportResponseSchema,
  );
  queryClient.setQueryData(reportKeys.detail(requestId, locale), res.data);
  return { message: res.message, report: res.data! };
}
