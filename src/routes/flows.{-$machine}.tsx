// The flows studio: public and read-only (structure, no data); its code loads only on this route.
// `/flows/{machine}?state=…` is a permalink to a machine and one of its states (a dotted state path,
// as `snapshot.matches` takes it); an unknown machine or state opens the first machine or the initial
// state. The search is parsed here without a schema library, so no parser joins the route tree that
// every page loads.
import { createFileRoute } from '@tanstack/react-router';
import { FlowsStudio } from '../features/flows/studio';
import { guardedPage } from '../app/route-options';

interface FlowsSearch {
  /** A dotted state path of the machine, e.g. `anonymous.otp`. */
  state?: string;
}

export const Route = createFileRoute('/flows/{-$machine}')({
  ...guardedPage('flows'),
  validateSearch: (search: Record<string, unknown>): FlowsSearch => ({
    state: typeof search.state === 'string' && /^[A-Za-z0-9_.-]{1,200}$/.test(search.state) ? search.state : undefined,
  }),
  component: FlowsRoute,
});

function FlowsRoute() {
  const { machine } = Route.useParams();
  const { state } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <FlowsStudio
      machine={machine ?? null}
      state={state ?? null}
      onNavigate={(next) =>
        void navigate({ params: { machine: next.machine }, search: next.state ? { state: next.state } : {}, replace: true })
      }
    />
  );
}
