// One request as the urgent-request alert reads it (GET v1/requests/:id, the same answer as
// ./requests.ts `requestQuery`): its kind, its status, its subject and the child it is for. Checked by a
// hand-written guard, not the contract's zod schema: the alert loads with the bell, in every signed-in
// page's header, and must not bring zod with it. Apart from ./requests.ts, whose schemas import zod.
import { REQUEST_STATUSES, REQUEST_TYPES, type RequestStatus, type RequestType } from '../../contract/request-values';
import { api, type AnswerSchema, type ApiClient, readAnswer } from './client';

export interface OfferedRequest {
  type: RequestType;
  status: RequestStatus;
  subject: string;
  /** The child the lesson is for, as a teacher reads it; null when the answer names none. */
  child: { firstName: string; phase: string } | null;
}

const objectOr = (value: unknown): Record<string, unknown> | null =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : null;

/** `{ message, data: request }` → what the alert says; a TypeError for any other shape. */
const offeredAnswer: AnswerSchema<OfferedRequest> = {
  parse(answer) {
    const data = objectOr(objectOr(answer)?.data);
    const subject = objectOr(data?.subject)?.name;
    const type = REQUEST_TYPES.find((t) => t === data?.type);
    const status = REQUEST_STATUSES.find((s) => s === data?.status);
    if (!type || !status || typeof subject !== 'string') throw new TypeError('not a request');
    const child = objectOr(data?.child);
    const phase = objectOr(child?.phase)?.name;
    return {
      type,
      status,
      subject,
      child:
        child && typeof child.first_name === 'string'
          ? { firstName: child.first_name, phase: typeof phase === 'string' ? phase : '' }
          : null,
    };
  },
};

/** The request `id`, with its subject and phase named in `locale`. */
export function offeredRequest(id: number, locale: string, client: ApiClient = api): Promise<OfferedRequest> {
  return readAnswer(client(`v1/requests/${id}`, { headers: { 'Accept-Language': locale } }), offeredAnswer);
}
