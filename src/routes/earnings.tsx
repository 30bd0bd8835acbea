import { createFileRoute } from '@tanstack/react-router';
import { guardedPage } from '../app/route-options';
import { earningsQuery } from '../api/earnings';
import { apiOf, read, waitOnArrival } from '../api/client';
import { EarningsPage } from '../features/earnings/earnings-page';

export const Route = createFileRoute('/earnings')({
  ...guardedPage('earnings'),
  // `?month=2030-01` opens that month's statement; without it, the current month in the teacher's zone.
  validateSearch: (search: Record<string, unknown>): { month?: string } =>
    typeof search.month === 'string' && /^2\d{3}-(0[1-9]|1[0-2])$/.test(search.month) ? { month: search.month } : {},
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps, cause }) => waitOnArrival(cause, read(context, earningsQuery(deps.month, context.locale(), apiOf(context)))),
  component: EarningsRoute,
});

function EarningsRoute() {
  const { month } = Route.useSearch();
  const navigate = Route.useNavigate();
  return <EarningsPage month={month} onMonth={(next) => void navigate({ search: { month: next } })} />;
}
