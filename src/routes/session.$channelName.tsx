import { createFileRoute } from '@tanstack/react-router';
import { LiveSessionScreen } from '../features/live-session/live-session-screen';
import { useSelector } from '@xstate/react';
import { guardedPage } from '../app/route-options';
import { lessonParty, sameViewer, selectViewer } from '../domain/viewer';

// The component is split into this route's own chunk (autoCodeSplitting); the Agora SDK is a further
// chunk that the screen imports only when the server's grant says Agora (src/rtc/port.ts).
export const Route = createFileRoute('/session/$channelName')({
  ...guardedPage('session'),
  component: SessionRoute,
});

function SessionRoute() {
  const { channelName } = Route.useParams();
  const { auth } = Route.useRouteContext();
  const viewer = useSelector(auth, selectViewer, sameViewer);
  return <LiveSessionScreen key={channelName} channelName={channelName} viewerId={lessonParty(viewer).id} />;
}
