// Failures a handler throws on purpose; app.ts turns them into localized JSON responses.
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { MessageKey } from '../i18n';

/** A failure with a status and a message key from the server's table (404, 409, 413 …). */
export class ApiFailure extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly key: MessageKey,
  ) {
    super(key);
    this.name = 'ApiFailure';
  }
}

/** A 400 whose field errors are already localized (`field path → messages`). */
export class ValidationFailure extends Error {
  constructor(
    readonly errors: Record<string, string[]>,
    readonly key: MessageKey = 'validation_failed',
  ) {
    super(key);
    this.name = 'ValidationFailure';
  }
}
