import { createFileRoute } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { selectAccount } from '../../machines/auth.machine';
import { SessionDetailsPage } from '../features/session-details/session-details-page';
import { guardedPage } from '../app/route-options';

export const Route = createFileRoute('/session-details/$requestId')({
  ...guardedPage('sessionDetails'),
  component: SessionDetailsRoute,
});

function SessionDetailsRoute() {
  const { auth } = Route.useRouteContext();
  const account = useSelector(auth, selectAccount);
  const { requestId } = Route.useParams();
  const id = /^\d+$/.test(requestId) ? Number(requestId) : 0;
  return (
    <SessionDetailsPage
      key={id}
      requestId={id}
      viewer={{ id: account?.id ?? null, role: account?.is_teacher ? 'teacher' : 'student' }}
    />
  );
}
