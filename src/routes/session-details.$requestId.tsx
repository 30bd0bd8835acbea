import { createFileRoute } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { SessionDetailsPage } from '../features/session-details/session-details-page';
import { MoveRequest } from '../features/booking/move-request';
import { guardedPage } from '../app/route-options';
import { requestQuery } from '../api/requests';
import { apiOf, read } from '../api/client';
import { NotFoundPage } from '../features/pages/not-found';
import { parseId } from '../../contract/ids';
import { lessonParty, sameViewer, selectViewer } from '../domain/viewer';

export const Route = createFileRoute('/session-details/$requestId')({
  ...guardedPage('sessionDetails'),
  loader: ({ context, params }) => {
    const id = parseId(params.requestId);
    return id !== null && read(context, requestQuery(id, context.locale(), apiOf(context)));
  },
  component: SessionDetailsRoute,
});

function SessionDetailsRoute() {
  const { auth } = Route.useRouteContext();
  const viewer = useSelector(auth, selectViewer, sameViewer);
  const { requestId } = Route.useParams();
  const id = parseId(requestId);
  const party = lessonParty(viewer);
  if (id === null) return <NotFoundPage />;
  return (
    <SessionDetailsPage
      key={id}
      requestId={id}
      viewer={party}
      moveRequest={(detail) => <MoveRequest request={detail} role={party.role} />}
    />
  );
}
