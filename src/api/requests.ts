// Session requests as server data: the paged list and one request's detail as TanStack
// Query definitions, and the calls that change a request (approve, reject, cancel, rate). Shared by
// the requests screen and the session details (features do not import each other). Responses are
// checked against contract/requests.ts; which actions a viewer has comes from the server, which asks
// the request machine.
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { allowedActions, requestMachine, type RequestContext } from '../../machines/request.machine';
import {
  REQUEST_ACTIONS,
  requestDetailResponseSchema,
  requestsResponseSchema,
  type EvaluationInput,
  type RequestAction,
  type RequestDetail,
  type RequestFilter,
  type RequestStatus,
  type RequestsResponse,
  type RequestSummary,
} from '../../contract/requests';
import { attendanceSchema, type Attendance } from '../../contract/sessions';
import { envelopeSchema } from '../../contract/envelope';
import { childrenKeys } from './children';
import { api, type ApiClient } from './client';

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
    queryFn: async ({ signal }): Promise<RequestsResponse> => {
      const res = await client<unknown>('v1/requests', {
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
      });
      return requestsResponseSchema.parse(res);
    },
    // A request changes behind our back (the other party, the clock); realtime invalidates too.
    staleTime: 0,
  });
}

export function requestQuery(id: number, locale: string, client: ApiClient = api) {
  return queryOptions({
    queryKey: requestsKeys.detail(id, locale),
    queryFn: async ({ signal }): Promise<RequestDetail> => {
      const res = await client<unknown>(`v1/requests/${id}`, { signal, headers: { 'Accept-Language': locale } });
      return requestDetailResponseSchema.parse(res).data;
    },
    staleTime: 0,
  });
}

export type { Attendance };

const attendanceResponseSchema = envelopeSchema(attendanceSchema);

/** Who attended a session and the minutes lost to reconnection; its two participants only. */
export function attendanceQuery(requestId: number, channelName: string, client: ApiClient = api) {
  return queryOptions({
    queryKey: [...requestsKeys.all, 'attendance', requestId] as const,
    queryFn: async ({ signal }): Promise<Attendance> => {
      const res = await client<unknown>(`v1/sessions/${encodeURIComponent(channelName)}/attendance`, { signal });
      return attendanceResponseSchema.parse(res).data;
    },
    staleTime: 0,
  });
}

export type RequestChange = 'approve' | 'reject' | 'cancel' | 'end';

/** Approve, reject (with an optional reason for the student), cancel (a teacher with a reason) or end early. */
export async function changeRequest(
  id: number,
  change: RequestChange,
  client: ApiClient = api,
  body?: { reason?: string },
): Promise<RequestDetail> {
  const res = await client<unknown>(`v1/requests/${id}/${change}`, { method: 'POST', ...(body ? { body } : {}) });
  return requestDetailResponseSchema.parse(res).data;
}

export async function rateRequest(id: number, input: EvaluationInput, client: ApiClient = api): Promise<RequestDetail> {
  const res = await client<unknown>(`v1/requests/${id}/evaluation`, { method: 'POST', body: input });
  return requestDetailResponseSchema.parse(res).data;
}

/**
 * After a request was made or changed: every list and detail is read again; a booking spends hours,
 * a cancel or an expiry refunds them and a rating changes the teacher's card, so the balance, the
 * children's lessons and hours, and the teachers are read again too (by their key prefixes, to stay
 * out of those features' modules).
 */
export function refreshAfterRequestChange(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: requestsKeys.all }),
    queryClient.invalidateQueries({ queryKey: ['packages', 'balance'] }),
    queryClient.invalidateQueries({ queryKey: childrenKeys.all }),
    queryClient.invalidateQueries({ queryKey: ['teachers'] }),
  ]);
}

// ---- Reading the request machine for a request the viewer already has (the session details). ----

/** The machine's context rebuilt from a detail the server sent. */
export function requestContextOf(detail: RequestDetail): RequestContext {
  return {
    type: detail.type,
    broadcast: detail.broadcast,
    startsAt: Date.parse(detail.starts_at),
    endsAt: Date.parse(detail.ends_at),
    expiresAt: Date.parse(detail.deadlines.expires_at),
    rated: detail.evaluation !== null,
    proposal: detail.proposal
      ? { startsAt: Date.parse(detail.proposal.starts_at), by: detail.proposal.by, lapsesAt: Date.parse(detail.proposal.lapses_at) }
      : null,
  };
}

/**
 * The actions to show at `now`. The server's answer says who may act (it knows the offers); the
 * machine, asked again at `now`, drops what a deadline has closed since — and `join` opens by itself
 * when the session window starts, for the request's student or teacher (they alone get its channel).
 */
export function actionsAt(detail: RequestDetail, role: 'student' | 'teacher', now: number): RequestAction[] {
  const context = requestContextOf(detail);
  const allowed = new Set(allowedActions(detail.status, context, { role, party: true, openOffers: 2 }, now));
  return REQUEST_ACTIONS.filter((action) => {
    if (!allowed.has(action)) return false;
    if (action === 'join') return detail.channel_name !== null;
    return detail.actions.includes(action);
  });
}

/** Whether the machine refunds a request that ends in `status` (its `request:refunded` tag). */
export function refundsOn(status: RequestStatus): boolean {
  return requestMachine.root.states[status]?.tags.includes('request:refunded') ?? false;
}
