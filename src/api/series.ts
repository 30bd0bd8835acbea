// Weekly series (contract/series.ts): the server's week-by-week preview of a series before it is booked
// (POST v1/series/preview, read as a query: it changes nothing) and cancelling the rest of one.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import {
  seriesCancelResponseSchema,
  seriesPreviewResponseSchema,
  type SeriesCancelResult,
  type SeriesPreview,
} from '../../contract/series';
import { api, type ApiClient, readAnswer } from './client';

/** What the preview is asked for: the booking's fields with the number of weeks and the viewer's zone. */
export interface SeriesPreviewBody {
  teacher_id: number;
  subject_id: number;
  child_id?: number;
  type: 'schedule';
  starts_at: string;
  duration_hours: number;
  repeat_weeks: number;
  time_zone: string;
}

export const seriesKeys = {
  preview: (body: SeriesPreviewBody) => ['series-preview', body] as const,
};

export function seriesPreviewQuery(body: SeriesPreviewBody, client: ApiClient = api) {
  return queryOptions({
    queryKey: seriesKeys.preview(body),
    queryFn: async (): Promise<SeriesPreview> =>
      (await readAnswer(client('v1/series/preview', { method: 'POST', body }), seriesPreviewResponseSchema)).data,
    placeholderData: keepPreviousData,
    staleTime: 15_000,
  });
}

/** Cancels the series' lessons still ahead (those inside the cut-off stay booked). */
export async function cancelSeries(id: number, client: ApiClient = api): Promise<SeriesCancelResult> {
  return (await readAnswer(client(`v1/series/${id}/cancel`, { method: 'POST' }), seriesCancelResponseSchema)).data;
}
