// The console's calls to the admin API (/api/admin) as the signed-in staff member: one client whose
// bearer is the staff session (never the family/teacher token), the query options of each read and the
// mutations. Files and the CSV come as blobs: a plain address cannot carry the token.
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  auditEntrySchema,
  familyLookupSchema,
  promoRowSchema,
  reportedMessageSchema,
  staffEnrolChallengeSchema,
  staffEnrolledSchema,
  staffRowSchema,
  staffSessionSchema,
  teacherNoteWireSchema,
} from '../../../contract/staff';
import {
  reviewDocumentSchema,
  reviewListResponseSchema,
  reviewResultSchema,
  reviewTeacherDetailSchema,
  teacherHistoryEntrySchema,
  type ReviewAction,
} from '../../../contract/teacher-review';
import { teacherRateResponseSchema } from '../../../contract/earnings';
import { teacherVideoResultSchema } from '../../../contract/teacher-video-schema';
import { refundResponseSchema } from '../../../contract/packages';
import { receiptResponseSchema } from '../../../contract/receipts';
import { envelopeSchema } from '../../../contract/envelope';
import { ApiError, toApiError } from '../../api/api-error';
import { apiUrl, createApiClient, readAnswer, type ApiClient } from '../../api/client';
import { readStoredLocale } from '../../i18n/locale';
import { consoleMeta } from './console-errors';
import { readStaffSession } from './staff-session';

export const adminClient: ApiClient = createApiClient({ baseURL: apiUrl(''), token: () => readStaffSession()?.token ?? null });

/** Applications per page of the queue. */
export const QUEUE_PAGE_SIZE = 20;

export const adminKeys = {
  all: ['admin'] as const,
  queue: (filters: QueueFilters, page: number) => ['admin', 'queue', filters, page] as const,
  teacher: (id: string) => ['admin', 'teacher', id] as const,
  family: (phone: string) => ['admin', 'family', phone] as const,
  receipt: (orderId: number, kind: 'payment' | 'refund') => ['admin', 'receipt', orderId, kind] as const,
  teacherSearch: (q: string) => ['admin', 'teacher-search', q] as const,
  promoCodes: ['admin', 'promo-codes'] as const,
  reportedAll: ['admin', 'reported-messages'] as const,
  reported: (state: 'open' | 'closed') => ['admin', 'reported-messages', state] as const,
  audit: (filter: AuditFilter) => ['admin', 'audit', filter] as const,
  staff: ['admin', 'staff'] as const,
  file: (id: string) => ['admin', 'file', id] as const,
};

/** What a console change makes stale, read again: the screens call these and never write a key themselves. */
export const refreshConsole = {
  all: (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  teacher: (queryClient: QueryClient, id: string) => queryClient.invalidateQueries({ queryKey: adminKeys.teacher(id) }),
  family: (queryClient: QueryClient, phone: string) => queryClient.invalidateQueries({ queryKey: adminKeys.family(phone) }),
  promoCodes: (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: adminKeys.promoCodes }),
  reported: (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: adminKeys.reportedAll }),
  staff: (queryClient: QueryClient) => queryClient.invalidateQueries({ queryKey: adminKeys.staff }),
};

// ---- sign-in ----

export type SignInAnswer =
  { kind: 'session'; session: z.infer<typeof staffSessionSchema> } | { kind: 'enrol'; secret: string; uri: string };

export async function signIn(
  body: { email: string; password: string; code?: string },
  client: ApiClient = adminClient,
): Promise<SignInAnswer> {
  const { data } = await readAnswer(
    client('admin/auth/login', { method: 'POST', body }),
    envelopeSchema(z.union([staffEnrolChallengeSchema, staffSessionSchema])),
  );
  if ('enrol' in data) return { kind: 'enrol', secret: data.enrol.secret, uri: data.enrol.otpauth_uri };
  return { kind: 'session', session: data };
}

export async function confirmEnrolment(body: { email: string; password: string; code: string }, client: ApiClient = adminClient) {
  return (await readAnswer(client('admin/auth/enrol', { method: 'POST', body }), envelopeSchema(staffEnrolledSchema))).data;
}

export async function signOut(client: ApiClient = adminClient): Promise<void> {
  await client('admin/auth/logout', { method: 'POST' });
}

// ---- review ----

/** What narrows the review queue: a name or phone, a subject id, only resubmitted applications. */
export interface QueueFilters {
  q: string;
  subject: number | null;
  resubmitted: boolean;
}

export const queueQuery = ({ q, subject, resubmitted }: QueueFilters, page: number, client: ApiClient = adminClient) =>
  queryOptions({
    queryKey: adminKeys.queue({ q, subject, resubmitted }, page),
    queryFn: ({ signal }) =>
      readAnswer(
        client('admin/teachers', {
          signal,
          query: {
            status: 'in_review',
            q: q || undefined,
            subject: subject ?? undefined,
            resubmitted: resubmitted ? '1' : undefined,
            page,
            per_page: QUEUE_PAGE_SIZE,
          },
        }),
        reviewListResponseSchema,
      ),
    staleTime: 0,
    meta: consoleMeta(),
  });

export const teacherQuery = (id: string, client: ApiClient = adminClient) =>
  queryOptions({
    queryKey: adminKeys.teacher(id),
    queryFn: async ({ signal }) =>
      (await readAnswer(client(`admin/teachers/${encodeURIComponent(id)}`, { signal }), envelopeSchema(reviewTeacherDetailSchema))).data,
    staleTime: 0,
    meta: consoleMeta(),
  });

export const historyQuery = (id: string, client: ApiClient = adminClient) =>
  queryOptions({
    queryKey: [...adminKeys.teacher(id), 'history'],
    queryFn: async ({ signal }) =>
      (
        await readAnswer(
          client(`admin/teachers/${encodeURIComponent(id)}/history`, { signal }),
          envelopeSchema(z.array(teacherHistoryEntrySchema)),
        )
      ).data,
    staleTime: 0,
    meta: consoleMeta(),
  });

export const notesQuery = (id: string, client: ApiClient = adminClient) =>
  queryOptions({
    queryKey: [...adminKeys.teacher(id), 'notes'],
    queryFn: async ({ signal }) =>
      (
        await readAnswer(
          client(`admin/teachers/${encodeURIComponent(id)}/notes`, { signal }),
          envelopeSchema(z.array(teacherNoteWireSchema)),
        )
      ).data,
    staleTime: 0,
    meta: consoleMeta(),
  });

export const documentsQuery = (id: string, client: ApiClient = adminClient) =>
  queryOptions({
    queryKey: [...adminKeys.teacher(id), 'documents'],
    queryFn: async ({ signal }) =>
      (
        await readAnswer(
          client(`admin/teachers/${encodeURIComponent(id)}/documents`, { signal }),
          envelopeSchema(z.array(reviewDocumentSchema)),
        )
      ).data,
    staleTime: 0,
    meta: consoleMeta(),
  });

export async function reviewTeacherAction(id: string, action: ReviewAction, reason: string | null, client: ApiClient = adminClient) {
  const res = await readAnswer(
    client(`admin/teachers/${encodeURIComponent(id)}/${action}`, { method: 'POST', body: { reason } }),
    envelopeSchema(reviewResultSchema),
  );
  return { message: res.message, result: res.data };
}

export async function addNote(id: string, body: string, client: ApiClient = adminClient): Promise<void> {
  await client(`admin/teachers/${encodeURIComponent(id)}/notes`, { method: 'POST', body: { body } });
}

/** The teacher's rate per hour taught (support and admins). */
export const rateQuery = (id: string, client: ApiClient = adminClient) =>
  queryOptions({
    queryKey: [...adminKeys.teacher(id), 'rate'],
    queryFn: async ({ signal }) =>
      (await readAnswer(client(`admin/teachers/${encodeURIComponent(id)}/rate`, { signal }), teacherRateResponseSchema)).data,
    staleTime: 0,
    meta: consoleMeta(),
  });

/** Sets the teacher's rate from now on (admins). */
export async function setRate(
  id: string,
  rate: { amount_minor: number; currency: string },
  client: ApiClient = adminClient,
): Promise<void> {
  await client(`admin/teachers/${encodeURIComponent(id)}/rate`, { method: 'PUT', body: rate });
}

/** A teacher's document as bytes, kept for the visit (a file never changes under its id). */
export const documentFileQuery = (id: string) =>
  queryOptions({
    queryKey: adminKeys.file(id),
    queryFn: () => fetchBlob(`admin/files/${encodeURIComponent(id)}`),
    staleTime: Infinity,
    meta: consoleMeta(),
  });

/** The teacher's intro video (or null), whatever the status: reviewers and admins. */
export const reviewVideoQuery = (id: string, client: ApiClient = adminClient) =>
  queryOptions({
    queryKey: [...adminKeys.teacher(id), 'video'],
    queryFn: async ({ signal }) =>
      (await readAnswer(client(`admin/teachers/${encodeURIComponent(id)}/video`, { signal }), envelopeSchema(teacherVideoResultSchema)))
        .data.video,
    staleTime: 0,
    meta: consoleMeta(),
  });

/** The video's or its poster's bytes, kept for the visit (a new video has a new version). */
export const reviewVideoFileQuery = (id: string, version: string, part: 'file' | 'poster') =>
  queryOptions({
    queryKey: adminKeys.file(`video-${version}-${part}`),
    queryFn: () => fetchBlob(`admin/teachers/${encodeURIComponent(id)}/video/${part}`),
    staleTime: Infinity,
    meta: consoleMeta(),
  });

/** The bytes behind an admin address (a document, the CSV), fetched with the staff token. */
export async function fetchBlob(path: string, query: Record<string, string> = {}): Promise<Blob> {
  const search = new URLSearchParams(query).toString();
  const token = readStaffSession()?.token;
  let res: Response;
  try {
    res = await fetch(`${apiUrl(path)}${search ? `?${search}` : ''}`, {
      headers: { 'Accept-Language': readStoredLocale(), ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    });
  } catch (error) {
    throw toApiError(error);
  }
  if (!res.ok) {
    const data: unknown = await res.json().catch(() => undefined);
    const message = data && typeof data === 'object' && 'message' in data && typeof data.message === 'string' ? data.message : null;
    throw new ApiError({ status: res.status, message, data });
  }
  return res.blob();
}

// ---- support ----

export const familyQuery = (phone: string, client: ApiClient = adminClient) =>
  queryOptions({
    queryKey: adminKeys.family(phone),
    queryFn: async ({ signal }) =>
      (await readAnswer(client('admin/families', { signal, query: { phone } }), envelopeSchema(familyLookupSchema))).data,
    staleTime: 0,
    meta: consoleMeta([404]),
    retry: false,
  });

/** A family's receipt as the family reads it (support and admins). */
export const receiptQuery = (orderId: number, kind: 'payment' | 'refund', client: ApiClient = adminClient) =>
  queryOptions({
    queryKey: adminKeys.receipt(orderId, kind),
    queryFn: async ({ signal }) =>
      (await readAnswer(client(`admin/orders/${orderId}/receipt`, { signal, query: { kind } }), receiptResponseSchema)).data,
    staleTime: 0,
    meta: consoleMeta(),
  });

/** Refunds a family's order by the family's own rule; a refusal is a 409 whose message says why. */
export async function refundFamilyOrder(orderId: number, reason: string, client: ApiClient = adminClient) {
  return (await readAnswer(client(`admin/orders/${orderId}/refund`, { method: 'POST', body: { reason } }), refundResponseSchema)).data;
}

/** Teachers in any status by name or phone (support's search), the first page. */
export const teacherSearchQuery = (q: string, client: ApiClient = adminClient) =>
  queryOptions({
    queryKey: adminKeys.teacherSearch(q),
    queryFn: ({ signal }) =>
      readAnswer(client('admin/teachers', { signal, query: { q, page: 1, per_page: QUEUE_PAGE_SIZE } }), reviewListResponseSchema),
    staleTime: 0,
    meta: consoleMeta(),
  });

export async function adjustHours(
  familyId: number,
  body: { direction: 'credit' | 'debit'; hours: number; reason: string },
  client: ApiClient = adminClient,
) {
  return (
    await readAnswer(
      client(`admin/families/${familyId}/hours`, { method: 'POST', body }),
      envelopeSchema(z.object({ balance_hours: z.number() })),
    )
  ).data;
}

export const promoCodesQuery = (client: ApiClient = adminClient) =>
  queryOptions({
    queryKey: adminKeys.promoCodes,
    queryFn: async ({ signal }) =>
      (await readAnswer(client('admin/promo-codes', { signal }), envelopeSchema(z.array(promoRowSchema)))).data,
    staleTime: 0,
    meta: consoleMeta(),
  });

export interface PromoInput {
  code: string;
  kind: 'percent' | 'fixed';
  value: number;
  max_uses: number | null;
  expires_at: string | null;
}

export async function createPromoCode(body: PromoInput, client: ApiClient = adminClient): Promise<void> {
  await client('admin/promo-codes', { method: 'POST', body });
}

export async function changePromoCode(id: number, change: 'pause' | 'resume', client: ApiClient = adminClient): Promise<void> {
  await client(`admin/promo-codes/${id}/${change}`, { method: 'POST' });
}

// ---- support: reported messages ----

export const reportedMessagesQuery = (state: 'open' | 'closed', client: ApiClient = adminClient) =>
  queryOptions({
    queryKey: adminKeys.reported(state),
    queryFn: async ({ signal }) =>
      (await readAnswer(client('admin/reported-messages', { signal, query: { state } }), envelopeSchema(z.array(reportedMessageSchema))))
        .data,
    staleTime: 0,
    meta: consoleMeta(),
  });

export async function reviewReportedMessage(id: number, outcome: 'reviewed' | 'dismissed', client: ApiClient = adminClient): Promise<void> {
  await client(`admin/reported-messages/${id}/review`, { method: 'POST', body: { outcome } });
}

// ---- admin: audit log and staff ----

export interface AuditFilter {
  action?: string;
  staff_id?: string;
  target_type?: string;
  target_id?: string;
  from?: string;
  to?: string;
  before_id?: string;
}

/** Audit rows per page. */
export const AUDIT_PAGE_SIZE = 50;

/** The filter as query parameters: empty values left out. */
export function auditParams(filter: AuditFilter): Record<string, string> {
  return Object.fromEntries(
    Object.entries(filter)
      .filter((e): e is [string, string] => typeof e[1] === 'string' && e[1].trim() !== '')
      .map(([k, v]) => [k, v.trim()]),
  );
}

export const auditQuery = (filter: AuditFilter, client: ApiClient = adminClient) =>
  queryOptions({
    queryKey: adminKeys.audit(filter),
    queryFn: async ({ signal }) =>
      (
        await readAnswer(
          client('admin/audit', { signal, query: { ...auditParams(filter), limit: AUDIT_PAGE_SIZE } }),
          envelopeSchema(z.array(auditEntrySchema)),
        )
      ).data,
    staleTime: 0,
    meta: consoleMeta(),
  });

export const staffQuery = (client: ApiClient = adminClient) =>
  queryOptions({
    queryKey: adminKeys.staff,
    queryFn: async ({ signal }) => (await readAnswer(client('admin/staff', { signal }), envelopeSchema(z.array(staffRowSchema)))).data,
    staleTime: 0,
    meta: consoleMeta(),
  });

export async function createStaffMember(
  body: { email: string; name: string; role: string; password: string },
  client: ApiClient = adminClient,
): Promise<void> {
  await client('admin/staff', { method: 'POST', body });
}

export async function disableStaffMember(id: number, client: ApiClient = adminClient): Promise<void> {
  await client(`admin/staff/${id}/disable`, { method: 'POST' });
}
