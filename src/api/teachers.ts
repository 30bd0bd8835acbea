// Server data of the teachers screens: the paged, filtered list and one teacher's page, as TanStack
// Query definitions checked against contract/teachers.ts. Names of subjects and phases come in the
// asked language, so the locale is part of every key. The schemas (zod) load beside the request, not
// with the page: a list the server rendered starts fresh and parses nothing.
const schemas = () => import('../../contract/teachers');
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { TeacherDetail, TeacherPreview, TeachersResponse } from '../../contract/teachers';
import { api, type ApiClient } from './client';

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
};

export function teachersQuery(search: TeachersSearch, locale: string, client: ApiClient = api) {
  return queryOptions({
    queryKey: teachersKeys.list(search, locale),
    queryFn: async ({ signal }): Promise<TeachersResponse> => {
      const [res, { teachersResponseSchema }] = await Promise.all([
        client<unknown>('v1/teachers', {
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
        schemas(),
      ]);
      return teachersResponseSchema.parse(res);
    },
    // Paging and typing keep the last page on screen (dimmed) instead of flashing skeletons.
    placeholderData: keepPreviousData,
  });
}

export function teacherQuery(id: number, locale: string, client: ApiClient = api) {
  return queryOptions({
    queryKey: teachersKeys.detail(id, locale),
    queryFn: async ({ signal }): Promise<TeacherDetail> => {
      const [res, { teacherDetailResponseSchema }] = await Promise.all([
        client<unknown>(`v1/teachers/${id}`, { signal, headers: { 'Accept-Language': locale } }),
        schemas(),
      ]);
      return teacherDetailResponseSchema.parse(res).data;
    },
    // `busy` changes as other students book: read it fresh whenever the page opens.
    staleTime: 0,
  });
}

/** A guest's preview of one teacher (GET v1/teachers/:id/preview): next free times and latest reviews. */
export function teacherPreviewQuery(id: number, locale: string, client: ApiClient = api) {
  return queryOptions({
    queryKey: ['teachers', 'preview', id, locale] as const,
    queryFn: async ({ signal }): Promise<TeacherPreview> => {
      const [res, { teacherPreviewResponseSchema }] = await Promise.all([
        client<unknown>(`v1/teachers/${id}/preview`, { signal, headers: { 'Accept-Language': locale } }),
        schemas(),
      ]);
      return teacherPreviewResponseSchema.parse(res).data;
    },
    // Free times follow the clock and other families' bookings: read afresh whenever it opens.
    staleTime: 0,
  });
}
