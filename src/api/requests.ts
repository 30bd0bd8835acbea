// Session requests as server data: the paged list and one request's detail as TanStack
// Query definitions, and the calls that make or change a request (book, approve, reject, cancel, rate,
// move, answer a proposed time). Shared by the booking panel, the requests screen and the session
// details (features do not import each other). Responses are
// checked against contract/requests.ts; which actions a viewer has comes from the server, which asks
// the request machine (what the machine says of a detail the client holds is ../domain/request-state.ts).
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import {
  requestDetailResponseSchema,
  requestsResponseSchema,
  type EvaluationInput,
  type RequestDetail,
  type RequestFilter,
  type RequestsResponse,
  type RequestSummary,
} from '../../contract/requests';
import type { BookingRequest } from '../../machines/booking.machine';
import { refreshChildren } from './children';
import { api, type ApiClient, readAnswer } from './client';
import { refreshBalance } from './packages';

export type { RequestDetail, RequestSummary, RequestsResponse };

export interface RequestsListParams {
  filter: RequestFilter;
  page: number;
  studentId?: number | undefined;
  teacherId?: number | undefined;
  /** A family's view: only the requests for this child. */
  childId?: number | undefined;
  perPage?: number | undefined;
}

export const requestsKeys = {
  all: ['requests'] as const,
  lists: ['requests', 'list'] as const,
  list: (params: RequestsListParams, locale: string) => ['requests', 'list', locale, params] as const,
  detail: (id: number, locale: string) => ['requests', 'detail', id, locale] as const,
};

export function requestsQuery(params: RequestsListParams, locale: string, client: ApiClient = api) {
  return queryOptions({
    queryKey: requestsKeys.list(params, locale),
    queryFn: ({ signal }): Promise<RequestsResponse> =>
      readAnswer(
        client('v1/requests', {
          signal,
          headers: { 'Accept-Language': locale },
          query: {
            filter: params.filter,
            page: params.page,
            per_page: params.perPage,
            student_id: params.studentId,
            teacher_id: params.teacherId,
            child_id: params.childId,
          },
        }),
        requestsResponseSchema,
      ),
    // A request changes behind our back (the other party, the clock); realtime invalidates too.
    staleTime: 0,
  });
}

export function requestQuery(id: number, locale: string, client: ApiClient = api) {
  return queryOptions({
    queryKey: requestsKeys.detail(id, locale),
    queryFn: async ({ signal }): Promise<RequestDetail> =>
      (await readAnswer(client(`v1/requests/${id}`, { signal, headers: { 'Accept-Language': locale } }), requestDetailResponseSchema)).data,
    staleTime: 0,
  });
}

/** A request as the server answered it after a change: the detail goes straight into the cache. */
export function putRequest(queryClient: QueryClient, detail: RequestDetail, locale: string): void {
  queryClient.setQueryData(requestsKeys.detail(detail.id, locale), detail);
}

const detailOf = async (request: Promise<unknown>): Promise<RequestDetail> => (await readAnswer(request, requestDetailResponseSchema)).data;

/** One lesson, or (with `repeat_weeks`) the confirmed weeks of a weekly series: the answer is the first. */
export function createBookingRequest(body: BookingRequest, client: ApiClient = api): Promise<RequestDetail> {
  return detailOf(client('v1/requests', { method: 'POST', body }));
}

/** Moves a pending request to another start; on an approved one the server records a proposal instead. */
export function moveRequest(id: number, startsAt: string, client: ApiClient = api): Promise<RequestDetail> {
  return detailOf(client(`v1/requests/${id}/reschedule`, { method: 'POST', body: { starts_at: startsAt } }));
}

/** Accepts or declines the other side's proposed new time. */
export function answerProposal(id: number, to: 'accept' | 'decline', client: ApiClient = api): Promise<RequestDetail> {
  return detailOf(client(`v1/requests/${id}/reschedule/${to}`, { method: 'POST' }));
}

export type RequestChange = 'approve' | 'reject' | 'cancel' | 'end';

/** Approve, reject (with an optional reason for the student), cancel (a teacher with a reason) or end early. */
export function changeRequest(
  id: number,
  change: RequestChange,
  client: ApiClient = api,
  body?: { reason?: string },
): Promise<RequestDetail> {
  return detailOf(client(`v1/requests/${id}/${change}`, { method: 'POST', ...(body ? { body } : {}) }));
}

export function rateRequest(id: number, input: EvaluationInput, client: ApiClient = api): Promise<RequestDetail> {
  return detailOf(client(`v1/requests/${id}/evaluation`, { method: 'POST', body: input }));
}

/**
 * After a request was made or changed: every list and detail is read again; a booking spends hours,
 * a cancel or an expiry refunds them and a rating changes the teacher's card, so the balance, the
 * children's lessons and hours, and the teachers are read again too (through their own modules).
 */
export function refreshAfterRequestChange(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: requestsKeys.all }),
    refreshBalance(queryClient),
    refreshChildren(queryClient),
    // The teachers' root key (./teachers.ts `teachersKeys.all`), not imported: see `photoChanged` in ./profile.ts.
    queryClient.invalidateQueries({ queryKey: ['teachers'] }),
  ]);
}
