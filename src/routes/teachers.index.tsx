import { useCallback } from 'react';
import { createFileRoute } from '@tanstack/react-router';
import { TeachersPage } from '../features/teachers/teachers-page';
import { teachersQuery, type TeachersSearch } from '../api/teachers';
import { phasesQuery, subjectsQuery } from '../api/reference';
import { apiOf, read, readAll, waitOnArrival } from '../api/client';
import { guardedPage, searchId } from '../app/route-options';
import { useSelector } from '../bindings/use-selector';

/** The list's filters live in the address: back/forward, reload and shared links keep them. */
export function validateTeachersSearch(search: Record<string, unknown>): TeachersSearch {
  const q = typeof search.q === 'string' ? search.q.trim().slice(0, 100) : '';
  const subject = searchId(search.subject);
  const code = typeof search.subject_code === 'string' && /^[a-z][a-z_]{0,39}$/.test(search.subject_code) ? search.subject_code : undefined;
  const phase = searchId(search.phase);
  const gender = search.gender === 'male' || search.gender === 'female' ? search.gender : undefined;
  const available = search.available === true || search.available === 'true' || search.available === 1 || search.available === '1';
  // A page number follows the same rule as an id: a positive whole number.
  const page = searchId(search.page);
  return {
    ...(q ? { q } : {}),
    ...(subject ? { subject } : code ? { subject_code: code } : {}),
    ...(phase ? { phase } : {}),
    ...(gender ? { gender } : {}),
    ...(available ? { available: true } : {}),
    ...(page && page > 1 ? { page } : {}),
  };
}

export const Route = createFileRoute('/teachers/')({
  ...guardedPage('teachers', { ssr: true }),
  validateSearch: validateTeachersSearch,
  // Public data, read for every viewer: the server renders this page with it (src/entry-prerender.tsx).
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps, cause }) =>
    waitOnArrival(
      cause,
      readAll([
        // A subject named by its code waits for the subjects list to turn it into an id (teachers-page.tsx).
        !deps.subject_code && read(context, teachersQuery(deps, context.locale(), apiOf(context))),
        read(context, subjectsQuery(context.locale(), apiOf(context))),
        read(context, phasesQuery(context.locale(), apiOf(context))),
      ]),
    ),
  component: TeachersRoute,
});

function TeachersRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const onSearchChange = useCallback(
    (next: TeachersSearch, { replace }: { replace: boolean }) => void navigate({ search: validateTeachersSearch({ ...next }), replace }),
    [navigate],
  );
  const { auth } = Route.useRouteContext();
  // A guest cannot open a teacher's page: the cards offer a preview, and its sign-in returns to the teacher.
  const isGuest = useSelector(auth, (s) => s.matches('anonymous'));
  const signInToBook = useCallback((teacherId: number) => auth.send({ type: 'return.set', teacherId }), [auth]);
  return <TeachersPage search={search} onSearchChange={onSearchChange} onSignInToBook={isGuest ? signInToBook : undefined} />;
}
