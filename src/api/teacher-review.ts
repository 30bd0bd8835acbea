// A teacher's side of the review (contract/teacher-review.ts): accepting the terms, and sending documents
// (POST v1/instructor/documents) from the in-review screen or the profile, where a replaced document puts
// an active teacher back in review. Each answer carries only the server's message.
import { api, type ApiClient, readAnswer } from './client';
import { messageAnswer } from './message-answer';
import { uploadWithProgress } from './upload';

export interface TermsAccepted {
  message: string;
}

const DOCUMENTS_PATH = 'v1/instructor/documents';

/** POST v1/instructor/update/status: a teacher in policy accepts the terms; answers the server's message. */
export async function acceptTerms(client: ApiClient = api): Promise<TermsAccepted> {
  const { message } = await readAnswer(client('v1/instructor/update/status', { method: 'POST' }), messageAnswer);
  return { message };
}

/** POST v1/instructor/documents: any of id_front, id_back, qualification_scan; the account goes back to review. */
export async function submitDocuments(files: FormData, client: ApiClient = api): Promise<TermsAccepted> {
  const { message } = await readAnswer(client(DOCUMENTS_PATH, { method: 'POST', body: files }), messageAnswer);
  return { message };
}

/**
 * Replaces one document from the profile; the server puts an active teacher back in review. Answers the
 * server message. With `onProgress` the file goes by XMLHttpRequest, which reports how much has been sent.
 */
export async function replaceDocument(
  kind: string,
  file: File,
  client: ApiClient = api,
  onProgress?: (share: number) => void,
): Promise<string> {
  const data = new FormData();
  data.set(kind, file, file.name);
  const request = onProgress
    ? uploadWithProgress(DOCUMENTS_PATH, data, onProgress)
    : client(DOCUMENTS_PATH, { method: 'POST', body: data });
  return (await readAnswer(request, messageAnswer)).message;
}
