// One failure shape from the wire to the toast. Every failed call becomes a `Failure` (plain,
// serialisable data a machine can keep in its context as is); `FailureError` carries one through a
// `throw` (src/api's ApiError extends it), and `toFailure` is the one conversion from anything thrown.
// Machines, the error presenter and forms read only this shape — nobody duck-types another layer.

/** 400 field errors: field path ("phone", "phases.0") → localized messages, in the server's order. */
export type FieldErrors = Record<string, string[]>;

export interface Failure {
  /** HTTP status; 0 when no response arrived (offline, DNS, aborted) or the failure is not HTTP. */
  readonly status: number;
  /** The server's machine-readable code (`body.code`), e.g. `insufficient_hours`; `unexpected` for a bug. */
  readonly code: string | null;
  /** The server's already localized message, or null when it sent none. */
  readonly message: string | null;
  readonly fieldErrors: FieldErrors;
}

/** The code of a failure that is not an HTTP answer at all (a thrown bug, a schema mismatch). */
export const UNEXPECTED_CODE = 'unexpected';

export class FailureError extends Error {
  readonly failure: Failure;

  constructor(failure: Failure, options?: { cause?: unknown }) {
    super(failure.message ?? `Request failed with status ${failure.status}`, options);
    this.name = 'FailureError';
    this.failure = failure;
  }
}

/** A failure with no response: the network row of the error catalogue. */
export function noResponse(): Failure {
  return { status: 0, code: null, message: null, fieldErrors: {} };
}

/** Anything thrown → its Failure. A FailureError gives its own; anything else is an unexpected bug. */
export function toFailure(error: unknown): Failure {
  if (error instanceof FailureError) return error.failure;
  return { status: 0, code: UNEXPECTED_CODE, message: null, fieldErrors: {} };
}

/** Every field message in order, as the catalogue joins them for a 400. */
export function fieldMessagesOf(failure: Failure): string[] {
  return Object.values(failure.fieldErrors).flat();
}
