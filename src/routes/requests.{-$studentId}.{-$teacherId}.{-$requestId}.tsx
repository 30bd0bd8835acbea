import { useCallback } from 'react';
import { createFileRoute } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { REQUEST_FILTERS, type RequestFilter } from '../../contract/request-filters';
import { HoursPrompt } from '../features/profile/hours-prompt';
import { RequestsPage } from '../features/requests/requests-page';
import { guardedPage, searchId } from '../app/route-options';
import { lessonParty, sameViewer, selectViewer } from '../domain/viewer';
import { parseId } from '../../contract/ids';
import { requestQuery, requestsQuery } from '../api/requests';
import { apiOf, read, readAll, waitOnArrival } from '../api/client';

interface RequestsSearch {
  filter?: RequestFilter;
  page?: number;
  /** A family's filter by child. */
  child?: number;
}

/** A path part narrows only when it is an id (contract/ids.ts); anything else (`all`, `-`) means "any". */
const idOf = (value: string | undefined): number | undefined => (value === undefined ? undefined : (parseId(value) ?? undefined));

export const Route = createFileRoute('/requests/{-$studentId}/{-$teacherId}/{-$requestId}')({
  ...guardedPage('requests'),
  validateSearch: (search: Record<string, unknown>): RequestsSearch => {
    const filter = (REQUEST_FILTERS as readonly unknown[]).includes(search.filter) ? (search.filter as RequestFilter) : undefined;
    const page = searchId(search.page);
    // Keys stay present (undefined when invalid or the default): the route's search is laid over the
    // raw one, so an omitted key would let `?filter=bogus` through.
    return {
      filter: filter && filter !== 'all' ? filter : undefined,
      page: page && page > 1 ? page : undefined,
      child: searchId(search.child),
    };
  },
  loaderDeps: ({ search }) => search,
  // The list as the screen asks for it (requests-page.tsx), and the request the address names.
  loader: ({ context, params, deps, cause }) => {
    const viewer = selectViewer(context.auth.getSnapshot());
    const requestId = idOf(params.requestId);
    const list = {
      filter: deps.filter ?? 'all',
      page: deps.page ?? 1,
      studentId: idOf(params.studentId),
      teacherId: idOf(params.teacherId),
      childId: viewer.kind === 'family' ? deps.child : undefined,
    };
    return waitOnArrival(
      cause,
      readAll([
        read(context, requestsQuery(list, context.locale(), apiOf(context))),
        requestId !== undefined && read(context, requestQuery(requestId, context.locale(), apiOf(context))),
      ]),
    );
  },
  component: RequestsRoute,
});

function RequestsRoute() {
  const { auth } = Route.useRouteContext();
  const viewer = useSelector(auth, selectViewer, sameViewer);
  const params = Route.useParams();
  const { filter = 'all', page = 1, child } = Route.useSearch();
  const navigate = Route.useNavigate();
  // A new filter (status or child) starts again at its first page; each keeps the other.
  const onFilterChange = useCallback(
    (next: RequestFilter) =>
      void navigate({ search: (prev) => ({ filter: next === 'all' ? undefined : next, child: prev.child }), replace: true }),
    [navigate],
  );
  const onChildChange = useCallback(
    (next: number | undefined) => void navigate({ search: (prev) => ({ filter: prev.filter, child: next }), replace: true }),
    [navigate],
  );
  const onPageChange = useCallback(
    (next: number) => void navigate({ search: (prev) => ({ ...prev, page: next > 1 ? next : undefined }) }),
    [navigate],
  );
  const onShowAll = useCallback(
    () =>
      void navigate({
        to: '/requests/{-$studentId}/{-$teacherId}/{-$requestId}',
        params: {},
        search: (prev) => ({ filter: prev.filter, child: prev.child }),
      }),
    [navigate],
  );
  return (
    <RequestsPage
      viewer={lessonParty(viewer)}
      filter={filter}
      page={page}
      studentId={idOf(params.studentId)}
      teacherId={idOf(params.teacherId)}
      requestId={idOf(params.requestId)}
      childId={viewer.kind === 'family' ? child : undefined}
      onFilterChange={onFilterChange}
      onChildChange={onChildChange}
      onPageChange={onPageChange}
      onShowAll={onShowAll}
      notice={viewer.kind === 'teacher' ? <HoursPrompt /> : null}
    />
  );
}
