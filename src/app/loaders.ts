// What a route's loader does (docs/architecture.md "Routes own their data"): reads the queries its screen
// shows into the cache before the screen renders, through the same queryOptions factories the screen's
// useQuery calls, so the keys are the same and nothing is read twice. The router runs a loader on a
// link's intent (preload) and on arrival, after the route's guard has let the viewer in: beforeLoad runs
// first and redirects anyone the page is not for, so a loader never reads a guest's way into private data. Loaders live in their screen's chunk (vite.config.ts), so neither the factories nor zod join the
// entry every public page downloads.
//
// A failed read here is quiet (no toast) and does not fail the route: the query keeps its error, the
// screen reads it again when it mounts and presents the failure in its own words as before (a receipt
// not found, a list that could not load), and the toast, if any, comes from that read.
import type { EnsureInfiniteQueryDataOptions, EnsureQueryDataOptions, QueryKey } from '@tanstack/react-query';
import type { RouterContext } from './router-context';

type LoaderContext = Pick<RouterContext, 'queryClient' | 'api'>;

const quietly = (meta: EnsureQueryDataOptions['meta']) => ({ ...meta, silent: true });
const settle = (read: Promise<unknown>): Promise<void> =>
  read.then(
    () => undefined,
    () => undefined,
  );

/**
 * Reads one query into the cache, unless it is there; resolves either way (see above). The build-time
 * render has no API (`api: null`): it reads nothing, and the page renders its loading state.
 */
export function read<TQueryFnData, TError, TData, TQueryKey extends QueryKey>(
  context: LoaderContext,
  options: EnsureQueryDataOptions<TQueryFnData, TError, TData, TQueryKey>,
): Promise<void> {
  if (context.api === null) return Promise.resolve();
  return settle(context.queryClient.ensureQueryData({ ...options, meta: quietly(options.meta) }));
}

/** The first page of a paged (infinite) query, the same way. */
export function readPages<TQueryFnData, TError, TData, TQueryKey extends QueryKey, TPageParam>(
  context: LoaderContext,
  options: EnsureInfiniteQueryDataOptions<TQueryFnData, TError, TData, TQueryKey, TPageParam>,
): Promise<void> {
  if (context.api === null) return Promise.resolve();
  return settle(context.queryClient.ensureInfiniteQueryData({ ...options, meta: quietly(options.meta) }));
}

/** Every read of a route at once; the route waits for them all. */
export const readAll = (reads: Array<Promise<void> | false | undefined>): Promise<void> =>
  Promise.all(reads.map((read) => read || Promise.resolve())).then(() => undefined);

/** The client a loader's query calls: the context's (the server render's in-process one, a test's), else the factory's default. */
export const apiOf = (context: Pick<RouterContext, 'api'>) => context.api ?? undefined;
