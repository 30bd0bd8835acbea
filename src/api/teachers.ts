// Server data of the teachers screens: the paged, filtered list and one teacher's page, as TanStack
// Query definitions checked against contract/teachers.ts. Names of subjects and phases come in the
// asked language, so the locale is part of every key. The schemas (zod) load beside the request, not
// with the page: a list the server rendered starts fresh and parses nothing.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { TeacherDetail, TeacherPreview, TeachersResponse } from '../../contract/teachers';
import { api, type ApiClient, readAnswer } from './client';

/** The contract's schemas, loaded beside the first request (zod stays out of the page's first download). */
const schemas = () => import('../../contract/teachers');

export type { TeacherDetail, TeachersResponse };

/** The list's filters as the address keeps them (see src/routes/teachers.index.tsx). */
export interface TeachersSearch {
  q?: string;
  subject?: number;
  /** A subject by its code (quran, mathematics…): links that cannot know ids, like home's subject cards. The
   * list resolves it to `subject` once the subjects have loaded. */
  subject_code?: string;
  phase?: number;
  gender?: 'male' | 'female';
  available?: boolean;
  page?: number;
}

export const PER_PAGE = 12;

export const teachersKeys = {
  all: ['teachers'] as const,
  list: (search: TeachersSearch, locale: string) => ['teachers', 'list', locale, search] as const,
  detail: (id: number, locale: string) => ['teachers', 'detail', id, locale] as const,
  preview: (id: number, locale: string) => ['teachers', 'preview', id, locale] as const,
};

export function teachersQuery(search: TeachersSearch, locale: string, client: ApiClient = api) {
  return queryOptions({
    queryKey: teachersKeys.list(search, locale),
    queryFn: ({ signal }): Promise<TeachersResponse> =>
      readAnswer(
        client('v1/teachers', {
          signal,
          headers: { 'Accept-Language': locale },
          query: {
            search: search.q,
            subject_id: search.subject,
            phase_id: search.phase,
            gender: search.gender,
            available_now: search.available ? 1 : undefined,
            page: search.page ?? 1,
            per_page: PER_PAGE,
          },
        }),
        async () => (await schemas()).teachersResponseSchema,
      ),
    // Paging and typing keep the last page on screen (dimmed) instead of flashing skeletons.
    placeholderData: keepPreviousData,
  });
}

export function teacherQuery(id: number, locale: string, client: ApiClient = api) {
  return queryOptions({
    queryKey: teachersKeys.detail(id, locale),
    queryFn: async ({ signal }): Promise<TeacherDetail> =>
      (
        await readAnswer(
          client(`v1/teachers/${id}`, { signal, headers: { 'Accept-Language': locale } }),
          async () => (await schemas()).teacherDetailResponseSchema,
        )
      ).data,
    // `busy` changes as other students book: read it fresh whenever the page opens.
    staleTime: 0,
  });
}

/** A guest's preview of one teacher (GET v1/teachers/:id/preview): next free times and latest reviews. */
export function teacherPreviewQuery(id: number, locale: string, client: ApiClient = api) {
  return queryOptions({
    queryKey: teachersKeys.preview(id, locale),
    queryFn: async ({ signal }): Promise<TeacherPreview> =>
      (
        await readAnswer(
          client(`v1/teachers/${id}/preview`, { signal, headers: { 'Accept-Language': locale } }),
          async () => (await schemas()).teacherPreviewResponseSchema,
        )
      ).data,
    // Free times follow the clock and other families' bookings: read afresh whenever it opens.
    staleTime: 0,
  });
}
