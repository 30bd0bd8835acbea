// The one way to read an API answer: every client module hands the request and the answer's schema to
// `readAnswer`, which checks the whole answer (`{ message, data }`, lists also `meta`) and gives it back
// typed, or throws an AnswerError. No zod here: a schema is anything with `parse`, and a public page
// passes a loader (`() => import(...)`) so zod downloads beside the request, not with the page.
import { FailureError, UNEXPECTED_CODE } from '../../contract/failure';

/** What checks an answer: a zod schema (full or mini) or a hand-written guard with the same `parse`. */
export interface AnswerSchema<T> {
  parse(value: unknown): T;
}

/** The schema itself, or a loader of it (a dynamic import) for pages that must not download zod first. */
export type AnswerSchemaSource<T> = AnswerSchema<T> | (() => Promise<AnswerSchema<T>>);

/**
 * An answer that arrived but is not what the contract says (a drifted server). A FailureError with the
 * `unexpected` code, so the presenter shows the generic toast rather than "check your connection"; the
 * schema's own error is its `cause`.
 */
export class AnswerError extends FailureError {
  override readonly name = 'AnswerError';

  constructor(cause: unknown) {
    super({ status: 0, code: UNEXPECTED_CODE, message: null, fieldErrors: {} }, { cause });
  }
}

/**
 * Waits for `request` and checks its answer against `schema`. A loader is called only now, beside the
 * request (both travel at once). A failed request rejects with its ApiError unchanged; an answer the
 * schema refuses rejects with an AnswerError.
 */
export async function readAnswer<T>(request: Promise<unknown>, schema: AnswerSchemaSource<T>): Promise<T> {
  const [answer, check] = await Promise.all([request, typeof schema === 'function' ? schema() : schema]);
  try {
    return check.parse(answer);
  } catch (error) {
    throw new AnswerError(error);
  }
}

/**
 * An answer that carries only its message (a change with nothing to show back). Written by hand, not in
 * zod: the calls that read it (terms, documents, a photo removed, a message reported) load on pages
 * that do not otherwise need zod.
 */
export const messageAnswer: AnswerSchema<{ message: string }> = {
  parse(answer) {
    const message = typeof answer === 'object' && answer !== null ? (answer as { message?: unknown }).message : undefined;
    if (typeof message !== 'string') throw new TypeError('an answer without its message');
    return { message };
  },
};
