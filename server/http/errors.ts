// The one refusal: a handler, a middleware or a domain service throws an ApiFailure (status, message,
// and optionally a machine-readable `code`, field errors, more answer fields and headers), and only
// app.onError (server/app.ts) turns it into the answer `{ message, code?, errors?, ...detail }` in the
// caller's language. A module's own failure class extends ApiFailure instead of being translated at
// its routes.
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { tr, type Locale, type MessageKey } from '../i18n';

/** Text in the caller's language: a key of the server's table, or words built for the locale. */
export type Wording = MessageKey | ((locale: Locale) => string);

/** Field errors, `field path → messages` ("phone", "phases.0"; the whole body is "_"). */
export type FieldErrors = Record<string, string[]>;

export interface FailureExtras {
  /** The machine-readable reason the client branches on (`body.code`, read by contract/failure.ts). */
  code?: string | undefined;
  /** Field errors as sent (already localized, or raw values such as a retry delay), or built for the locale. */
  fields?: FieldErrors | ((locale: Locale) => FieldErrors) | undefined;
  /** More the answer carries beside `code` (a series: which week was refused; a review: the current status). */
  detail?: Record<string, unknown> | undefined;
  /** Headers of the answer (Retry-After). */
  headers?: Record<string, string> | undefined;
}

/** A failure with a status and a message (404, 409, 413 …), and what else its answer carries. */
export class ApiFailure extends Error {
  readonly code: string | undefined;
  readonly extras: FailureExtras;

  constructor(
    readonly status: ContentfulStatusCode,
    readonly wording: Wording,
    extras: FailureExtras = {},
  ) {
    super(typeof wording === 'string' ? wording : (extras.code ?? 'refused'));
    this.name = 'ApiFailure';
    this.code = extras.code;
    this.extras = extras;
  }

  /** The answer's body in `locale`: `{ message, code?, errors?, ...detail }`. */
  body(locale: Locale): Record<string, unknown> {
    const { code, fields, detail } = this.extras;
    const errors = typeof fields === 'function' ? fields(locale) : fields;
    return {
      message: typeof this.wording === 'function' ? this.wording(locale) : tr(this.wording, locale),
      ...(code === undefined ? {} : { code }),
      ...(errors === undefined ? {} : { errors }),
      ...detail,
    };
  }
}

/** A 400 whose field errors are already localized (`field path → messages`). */
export class ValidationFailure extends ApiFailure {
  constructor(
    readonly errors: FieldErrors,
    key: MessageKey = 'validation_failed',
  ) {
    super(400, key, { fields: errors });
    this.name = 'ValidationFailure';
  }
}
