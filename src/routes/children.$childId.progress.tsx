import { createFileRoute } from '@tanstack/react-router';
import { ProgressPage } from '../features/progress/progress-page';
import { guardedPage } from '../app/route-options';

export const Route = createFileRoute('/children/$childId/progress')({
  ...guardedPage('childProgress'),
  component: ChildProgressRoute,
});

function ChildProgressRoute() {
  const { childId } = Route.useParams();
  const id = /^\d{1,9}$/.test(childId) ? Number(childId) : 0;
  return <ProgressPage key={id} childId={id} />;
}
