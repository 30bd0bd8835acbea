import { createFileRoute } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { SessionDetailsPage } from '../features/session-details/session-details-page';
import { MoveRequest } from '../features/booking/move-request';
import { guardedPage } from '../app/route-options';
import { lessonParty, sameViewer, selectViewer } from '../domain/viewer';

export const Route = createFileRoute('/session-details/$requestId')({
  ...guardedPage('sessionDetails'),
  component: SessionDetailsRoute,
});

function SessionDetailsRoute() {
  const { auth } = Route.useRouteContext();
  const viewer = useSelector(auth, selectViewer, sameViewer);
  const { requestId } = Route.useParams();
  const id = /^\d+$/.test(requestId) ? Number(requestId) : 0;
  const party = lessonParty(viewer);
  return (
    <SessionDetailsPage
      key={id}
      requestId={id}
      viewer={party}
      moveRequest={(detail) => <MoveRequest request={detail} role={party.role} />}
    />
  );
}
