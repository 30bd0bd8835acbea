// The console's review queue: applications in review, oldest first; `?q=` searches, `?page=` pages.
import { createFileRoute } from '@tanstack/react-router';
import { QueuePage } from '../features/admin/queue-page';

export const Route = createFileRoute('/admin/')({
  validateSearch: (search: Record<string, unknown>): { q?: string; page?: number } => ({
    ...(typeof search.q === 'string' && search.q !== '' ? { q: search.q.slice(0, 100) } : {}),
    ...(Number.isInteger(search.page) && (search.page as number) > 1 ? { page: search.page as number } : {}),
  }),
  component: QueuePage,
});
