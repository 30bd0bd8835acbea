// A child's progress (contract/progress.ts) as server data, read by the family's progress page. Names of
// subjects and surahs come localized, so the answer is keyed by locale; the `children` prefix lets a
// change to the children refresh it too.
import { queryOptions } from '@tanstack/react-query';
import { childProgressResponseSchema, type ChildProgress } from '../../contract/progress';
import { api, type ApiClient, readAnswer } from './client';

export type { ChildProgress };

export function progressQuery(childId: number, locale: string, client: ApiClient = api) {
  return queryOptions({
    queryKey: ['children', 'progress', childId, locale] as const,
    queryFn: async ({ signal }): Promise<ChildProgress> =>
      (
        await readAnswer(
          client(`v1/children/${childId}/progress`, { signal, headers: { 'Accept-Language': locale } }),
          childProgressResponseSchema,
        )
      ).data,
  });
}
