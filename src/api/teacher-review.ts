// The teacher review calls of the in-review and terms screens (contract/teacher-review.ts): accept the
// terms and resubmit documents (the reviewer's reason comes with the account record).
import { api, type ApiClient, type Envelope } from './client';

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
