// The HTTP layer's error: every failed call, whatever went wrong, becomes an ApiError, which is the
// contract's FailureError (contract/failure.ts) plus the raw body. Machines, the presenter and forms read
// its `failure` (status, code, message, field errors) through `toFailure`.
import { FetchError } from 'ofetch';
import { FailureError, type FieldErrors } from '../../contract/failure';

export type { FieldErrors } from '../../contract/failure';

export class ApiError extends FailureError {
  override readonly name = 'ApiError';
  /** HTTP status; 0 when no response arrived (offline, DNS, CORS, aborted). */
  readonly status: number;
  /** The server's (already localized) message, or null when it sent none. */
  readonly serverMessage: string | null;
  /** 400 field errors: field name → messages, in the server's order. Empty for other failures. */
  readonly fieldErrors: FieldErrors;
  /** The parsed response body as received (or undefined), for callers that need more than the above. */
  readonly data: unknown;
  /** The server's X-Request-Id for this call (what support asks for), or null when none arrived. */
  readonly requestId: string | null;

  constructor(init: {
    status: number;
    message: string | null;
    code?: string | null;
    fieldErrors?: FieldErrors;
    data?: unknown;
    cause?: unknown;
    requestId?: string | null;
  }) {
    const fieldErrors = init.fieldErrors ?? {};
    super({ status: init.status, code: init.code ?? null, message: init.message, fieldErrors }, { cause: init.cause });
    this.status = init.status;
    this.serverMessage = init.message;
    this.fieldErrors = fieldErrors;
    this.data = init.data;
    this.requestId = init.requestId ?? null;
  }

  /** Every field message in order, as the catalogue joins them for a 400. */
  get fieldMessages(): string[] {
    return Object.values(this.fieldErrors).flat();
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

function readMessage(data: unknown): string | null {
  if (data && typeof data === 'object' && 'message' in data) {
    const { message } = data as { message: unknown };
    if (typeof message === 'string' && message.trim() !== '') return message;
  }
  return null;
}

function readCode(data: unknown): string | null {
  if (data && typeof data === 'object' && 'code' in data) {
    const { code } = data as { code: unknown };
    if (typeof code === 'string' && code !== '') return code;
  }
  return null;
}

function readFieldErrors(data: unknown): FieldErrors {
  if (!data || typeof data !== 'object' || !('errors' in data)) return {};
  const { errors } = data as { errors: unknown };
  if (!errors || typeof errors !== 'object' || Array.isArray(errors)) return {};
  const out: FieldErrors = {};
  for (const [field, value] of Object.entries(errors as Record<string, unknown>)) {
    // The server sends arrays; a single string is accepted too rather than dropped.
    const list = Array.isArray(value) ? value : [value];
    const messages = list.filter((m): m is string => typeof m === 'string' && m.trim() !== '');
    if (messages.length) out[field] = messages;
  }
  return out;
}

/** Turns whatever a failed call threw into an ApiError (idempotent). */
export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof FetchError || (error && typeof error === 'object' && 'response' in error)) {
    const e = error as FetchError;
    const status = e.response?.status ?? 0;
    const data: unknown = e.response ? e.data : undefined;
    return new ApiError({
      status,
      message: status === 0 ? null : readMessage(data),
      code: status === 0 ? null : readCode(data),
      fieldErrors: status === 0 ? {} : readFieldErrors(data),
      data,
      cause: error,
      requestId: e.response?.headers?.get('x-request-id') ?? null,
    });
  }
  // Anything else (a TypeError from fetch, an abort) means no response reached us.
  return new ApiError({ status: 0, message: null, cause: error });
}
