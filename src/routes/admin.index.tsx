// The console's review queue: applications in review, oldest first; `?q=` searches, `?subject=` and
// `?resubmitted=1` filter, `?page=` pages.
import { createFileRoute } from '@tanstack/react-router';
import { QueuePage, queueSearch } from '../features/admin/queue-page';
import { queueQuery } from '../features/admin/admin-api';
import { readStaffSession } from '../features/admin/staff-session';
import { read, waitOnArrival } from '../api/client';

export const Route = createFileRoute('/admin/')({
  // Read as it comes; the screen's chunk checks it (queueSearch), so the entry bundle carries no parser.
  validateSearch: (search: Record<string, unknown>) => search as { q?: unknown; page?: unknown; subject?: unknown; resubmitted?: unknown },
  loaderDeps: ({ search }) => search,
  // With the staff session, when there is one; without it the console's frame offers its sign-in.
  loader: ({ context, deps, cause }) => {
    const place = queueSearch(deps);
    return readStaffSession() ? waitOnArrival(cause, read(context, queueQuery(place, place.page))) : undefined;
  },
  component: QueueRoute,
});

function QueueRoute() {
  const search = queueSearch(Route.useSearch());
  const navigate = Route.useNavigate();
  return (
    <QueuePage
      search={search}
      onSearch={(next) =>
        void navigate({
          search: {
            ...(next.q ? { q: next.q } : {}),
            ...(next.subject !== null ? { subject: next.subject } : {}),
            ...(next.resubmitted ? { resubmitted: 1 } : {}),
            ...(next.page > 1 ? { page: next.page } : {}),
          },
        })
      }
    />
  );
}
