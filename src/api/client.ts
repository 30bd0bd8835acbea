// The one HTTP client (spec §7): base URL from configuration, Accept / Accept-Language / Authorization
// on every call, and every failure rethrown as an ApiError. No UI side effects here: no toasts, no
// redirects — the presenter and the app decide what a failure means to the user.
// And the one way to read an answer: every client module hands the request and the answer's schema to
// `readAnswer`, which checks the whole answer (`{ message, data }`, lists also `meta`) and gives it back
// typed, or throws an AnswerError. No zod here: a schema is anything with `parse`, and a public page
// passes a loader (`() => import(...)`) so zod downloads beside the request, not with the page.
import { ofetch, type $Fetch, type FetchOptions } from 'ofetch';
import type { EnsureInfiniteQueryDataOptions, EnsureQueryDataOptions, QueryClient, QueryKey } from '@tanstack/react-query';
import { readStoredLocale } from '../i18n/locale';
import { toApiError } from './api-error';
import { readCookie, TOKEN_COOKIE } from './cookies';

export const DEFAULT_BASE_URL = '/api/';

export type Query = Record<string, string | number | boolean | null | undefined | Array<string | number>>;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** A plain object is sent as JSON; FormData (uploads) and other BodyInit values pass through untouched,
   *  so the browser sets the multipart boundary itself. */
  body?: BodyInit | object | null;
  query?: Query;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** The request outlives the page (a `left` sent while the tab closes). */
  keepalive?: boolean;
  /** How to read a successful answer: JSON by default; `text` for a file such as an .ics. */
  responseType?: 'json' | 'text';
}

export type ApiClient = <T = unknown>(path: string, options?: RequestOptions) => Promise<T>;

export interface ClientConfig {
  baseURL?: string;
  /** For tests and non-browser callers; defaults to the global fetch at call time. */
  fetch?: typeof globalThis.fetch;
  /** Where the locale and token come from; the defaults read ng-locale and the ng-token cookie. */
  locale?: () => string;
  token?: () => string | null;
}

export function createApiClient(config: ClientConfig = {}): ApiClient {
  const locale = config.locale ?? readStoredLocale;
  const token = config.token ?? (() => readCookie(TOKEN_COOKIE));
  const raw: $Fetch = ofetch.create(
    {
      baseURL: config.baseURL ?? DEFAULT_BASE_URL,
      headers: { Accept: 'application/json' },
      // Retrying is TanStack Query's job; a retried POST could also send a contact message twice.
      retry: false,
      onRequest({ options }) {
        // Read per request: the locale can switch and the token appear or vanish without a reload.
        // A caller that names its language (a query keyed by locale) keeps it.
        if (!options.headers.has('Accept-Language')) options.headers.set('Accept-Language', locale());
        const bearer = token();
        if (bearer && !options.headers.has('Authorization')) options.headers.set('Authorization', `Bearer ${bearer}`);
      },
    },
    config.fetch ? { fetch: config.fetch } : {},
  );
  return async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
    try {
      // ofetch's body type is wider than RequestInit's; our RequestOptions is the narrower public face.
      return (await raw<T>(path, options as FetchOptions<'json'>)) as T;
    } catch (error) {
      throw toApiError(error);
    }
  };
}

const baseURL: string = import.meta.env.VITE_API_BASE_URL || DEFAULT_BASE_URL;

/** The app's client. Paths are relative to the base, e.g. `api('v1/settings')`. */
export const api: ApiClient = createApiClient({ baseURL });

/** An absolute-path address under the API base, for what the browser fetches itself (images). */
export function apiUrl(path: string): string {
  return `${baseURL.endsWith('/') ? baseURL : `${baseURL}/`}${path}`;
}

/** The server's envelope (`{message, data}`), as the contract defines it. */
export type { Envelope } from '../../contract/envelope';

/**
 * An answer that arrived but is not what the contract says (a drifted server); the schema's own error is
 * its `cause`. Not an ApiError, so the query client does not retry it, and `toFailure` makes it the
 * `unexpected` failure: the presenter shows the generic toast rather than "check your connection".
 */
export class AnswerError extends Error {}

/** What checks an answer: a zod schema (full or mini) or a hand-written guard with the same `parse`. */
export interface AnswerSchema<T> {
  parse(value: unknown): T;
}

/** The schema itself, or a loader of it (a dynamic import) for pages that must not download zod first. */
export type AnswerSchemaSource<T> = AnswerSchema<T> | (() => Promise<AnswerSchema<T>>);

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
    throw new AnswerError(undefined, { cause: error });
  }
}

// Reading ahead, in a route's loader (docs/architecture.md "Load a page's data"): a loader reads the
// queries its screen shows into the cache before the screen renders, through the same queryOptions
// factories the screen's useQuery calls, so the keys are the same and nothing is read twice. The router
// runs it on a link's intent (preload) and on arrival, after the route's guard: beforeLoad runs first and
// redirects anyone the page is not for, so a loader never reads private data for a guest. Loaders live in
// their screen's chunk (vite.config.ts). These helpers sit in this module because every loader's
// factories import it anyway: in a module of their own they were a chunk of their own, which cost the
// public pages that load one (the teachers list, contact) more than its bytes.
//
// A failed read here is quiet (no toast) and does not fail the route: the query keeps its error, the
// screen reads it again when it mounts and presents the failure in its own words as before (a receipt
// not found, a list that could not load), and the toast, if any, comes from that read.
/** What a route's loader reads with (its router context, src/app/router-context.ts). */
interface LoaderContext {
  queryClient: QueryClient;
  /** The client its queries call; null for the build-time render, which has no API and reads nothing. */
  api?: ApiClient | null;
}

const quietly = (meta: EnsureQueryDataOptions['meta']) => ({ ...meta, silent: true });
const settle = (read: Promise<unknown>): Promise<void> =>
  read.then(
    () => undefined,
    () => undefined,
  );

/**
 * Reads one query into the cache; resolves either way (see above). Data already there is used at once and,
 * when stale, read again behind it (so the screen, mounting within the second, need not). The build-time
 * render has no API (`api: null`): it reads nothing, and the page renders its loading state.
 */
export function read<TQueryFnData, TError, TData, TQueryKey extends QueryKey>(
  context: LoaderContext,
  options: EnsureQueryDataOptions<TQueryFnData, TError, TData, TQueryKey>,
): Promise<void> {
  if (context.api === null) return Promise.resolve();
  return settle(context.queryClient.ensureQueryData({ ...options, meta: quietly(options.meta), revalidateIfStale: true }));
}

/** The first page of a paged (infinite) query, the same way. */
export function readPages<TQueryFnData, TError, TData, TQueryKey extends QueryKey, TPageParam>(
  context: LoaderContext,
  options: EnsureInfiniteQueryDataOptions<TQueryFnData, TError, TData, TQueryKey, TPageParam>,
): Promise<void> {
  if (context.api === null) return Promise.resolve();
  return settle(context.queryClient.ensureInfiniteQueryData({ ...options, meta: quietly(options.meta), revalidateIfStale: true }));
}

/**
 * What a route waits for: on arrival and on a preload, its reads; when only its own address changed (a
 * filter, a page, a week: `cause` 'stay'), nothing. The reads still start, and the screen keeps showing the
 * previous answer meanwhile (`keepPreviousData`), so a filter's checkbox or a week's arrows answer at once
 * instead of when the new data has come.
 */
export const waitOnArrival = (cause: 'enter' | 'stay' | 'preload', reading: Promise<void> | undefined): Promise<void> | undefined =>
  cause === 'stay' ? undefined : reading;

/** Every read of a route at once; the route waits for them all. */
export const readAll = (reads: Array<Promise<void> | false | undefined>): Promise<void> =>
  Promise.all(reads.map((read) => read || Promise.resolve())).then(() => undefined);

/** The client a loader's query calls: the context's (the server render's in-process one, a test's), else the factory's default. */
export const apiOf = (context: Pick<LoaderContext, 'api'>) => context.api ?? undefined;
