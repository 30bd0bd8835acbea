// What a screen shows when rendering it failed: a plain localized apology, a retry, the way home, and
// the server's request id when the failure came from a call (what support asks for). The router shows
// it in place of the failed route, inside the shell, so the header and footer stay usable.
import { Link, useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { Trans } from '@lingui/react/macro';
import { useEffect, useRef } from 'react';
import { isApiError } from '../../api/api-error';

/** The request id of an API failure, through any `cause` chain; null for anything else. */
export function requestIdOf(error: unknown): string | null {
  for (let e: unknown = error, depth = 0; e && depth < 5; depth += 1) {
    if (isApiError(e)) return e.requestId;
    e = (e as { cause?: unknown }).cause;
  }
  return null;
}

export function ErrorPage({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  const title = useRef<HTMLHeadingElement>(null);
  const requestId = requestIdOf(error);
  // A screen that vanished under the reader's focus: move focus to what replaced it.
  useEffect(() => title.current?.focus(), []);
  return (
    <section className="page container not-found" data-testid="error-page" aria-labelledby="error-page-title">
      <h1 id="error-page-title" ref={title} tabIndex={-1}>
        <Trans>Something went wrong</Trans>
      </h1>
      <p className="muted">
        <Trans>This page could not be shown. Try again; if it keeps happening, contact us and we will look into it.</Trans>
      </p>
      {requestId ? (
        <p className="muted" data-testid="error-request-id">
          <Trans>
            Reference: <bdi dir="ltr">{requestId}</bdi>
          </Trans>
        </p>
      ) : null}
      <div className="cta-row cta-row-center">
        <button
          type="button"
          className="button button-primary"
          onClick={() => {
            reset();
            void router.invalidate();
          }}
        >
          <Trans>Try again</Trans>
        </button>
        <Link to="/" className="button button-ghost">
          <Trans>Back to home</Trans>
        </Link>
      </div>
    </section>
  );
}
