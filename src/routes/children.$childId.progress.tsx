import { createFileRoute } from '@tanstack/react-router';
import { ProgressPage } from '../features/progress/progress-page';
import { guardedPage } from '../app/route-options';
import { progressQuery } from '../api/progress';
import { apiOf, read } from '../api/client';
import { NotFoundPage } from '../features/pages/not-found';
import { parseId } from '../../contract/ids';

export const Route = createFileRoute('/children/$childId/progress')({
  ...guardedPage('childProgress'),
  loader: ({ context, params }) => {
    const id = parseId(params.childId);
    return id !== null && read(context, progressQuery(id, context.locale(), apiOf(context)));
  },
  component: ChildProgressRoute,
});

function ChildProgressRoute() {
  const { childId } = Route.useParams();
  const id = parseId(childId);
  if (id === null) return <NotFoundPage />;
  return <ProgressPage key={id} childId={id} />;
}
