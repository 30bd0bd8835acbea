// The console's review queue: applications in review, oldest first; `?q=` searches, `?page=` pages.
import { createFileRoute } from '@tanstack/react-router';
import { QueuePage, queueSearch } from '../features/admin/queue-page';

export const Route = createFileRoute('/admin/')({
  // Read as it comes; the screen's chunk checks it (queueSearch), so the entry bundle carries no parser.
  validateSearch: (search: Record<string, unknown>) => search as { q?: unknown; page?: unknown },
  component: QueueRoute,
});

function QueueRoute() {
  const { q, page } = queueSearch(Route.useSearch());
  const navigate = Route.useNavigate();
  return (
    <QueuePage
      q={q}
      page={page}
      onSearch={(next) => void navigate({ search: { ...(next.q ? { q: next.q } : {}), ...(next.page > 1 ? { page: next.page } : {}) } })}
    />
  );
}
