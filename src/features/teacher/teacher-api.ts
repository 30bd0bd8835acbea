// The teacher review calls of the in-review and terms screens (contract/teacher-review.ts): accept the
// terms, resubmit documents, and read the reviewer's reason from the profile.
import { queryOptions } from '@tanstack/react-query';
import { api, type ApiClient, type Envelope } from '../../api/client';

export interface TermsAccepted {
  message: string;
}

/** POST v1/instructor/update/status: a teacher in policy accepts the terms; answers the server's message. */
export async function acceptTerms(client: ApiClient = api): Promise<TermsAccepted> {
  const res = await client<Envelope<unknown>>('v1/instructor/update/status', { method: 'POST' });
  return { message: res.message };
}

/** POST v1/instructor/documents: any of id_front, id_back, qualification_scan; the account goes back to review. */
export async function submitDocuments(files: FormData, client: ApiClient = api): Promise<TermsAccepted> {
  const res = await client<Envelope<unknown>>('v1/instructor/documents', { method: 'POST', body: files });
  return { message: res.message };
}

/** The reviewer's reason lives in the profile (`review_reason`); read it when the status needs it. */
export function reviewReasonQuery(status: string | null | undefined, client: ApiClient = api) {
  return queryOptions({
    queryKey: ['teacher-review', 'reason', status ?? null],
    queryFn: async () => {
      const res = await client<Envelope<{ review_reason?: unknown }>>('v1/profile');
      const reason = res.data?.review_reason;
      return typeof reason === 'string' && reason.trim() ? reason : null;
    },
    enabled: status === 'rejected' || status === 'suspended',
    staleTime: 0,
  });
}
