// The server cache with the app's one error path: every failed query or mutation is handed to onError
// (the presenter, wired in src/app) unless it is marked `meta: { silent: true }` — reference lists are
// silent by spec §8. Forms still get their mutation's error to put field errors next to fields.
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-error';

export interface ErrorMeta extends Record<string, unknown> {
  /** Do not show the catalogue toast for this query/mutation's failures. */
  silent?: boolean;
  /** Statuses the screen answers itself (e.g. the booking form's 402 offers the packages): no toast for them. */
  handledStatuses?: readonly number[];
}

function handledHere(meta: ErrorMeta | undefined, error: unknown): boolean {
  if (meta?.silent) return true;
  return error instanceof ApiError && (meta?.handledStatuses?.includes(error.status) ?? false);
}

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: ErrorMeta;
    mutationMeta: ErrorMeta;
  }
}

export interface QueryClientOptions {
  onError: (error: unknown) => void;
  /** A mutation (a form's request) went through: the app clears the error toasts of earlier attempts. */
  onMutationSuccess?: () => void;
}

/** Worth another try: no response or a server-side failure. A 4xx will say the same thing again. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= 1) return false;
  if (!(error instanceof ApiError)) return false;
  return error.status === 0 || error.status >= 500;
}

/** How long data a loader read counts as just read (see refetchOnMount below). */
const JUST_READ_MS = 1_000;

export function createQueryClient({ onError, onMutationSuccess }: QueryClientOptions): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (!handledHere(query.meta, error)) onError(error);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (!handledHere(mutation.meta, error)) onError(error);
      },
      onSuccess: () => onMutationSuccess?.(),
    }),
    defaultOptions: {
      queries: {
        staleTime: 60_000,
        retry: shouldRetry,
        refetchOnWindowFocus: false,
        // A route's loader has just read the screen's data, or is reading it again behind the cached
        // answer (src/api/client.ts): a screen that mounts within the second does not start another read,
        // even where its staleTime is 0; an invalidated or failed query is read again at once.
        refetchOnMount: (query) =>
          query.state.isInvalidated || query.state.status !== 'success' || Date.now() - query.state.dataUpdatedAt >= JUST_READ_MS,
      },
      // A form's request is tried even with no network: it fails at once and the presenter says "you are
      // offline, nothing was sent" (TanStack's default pauses it, leaving "Sending…" with no word why).
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}
