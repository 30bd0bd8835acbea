import { createFileRoute } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { guardedPage } from '../app/route-options';
import { lessonParty, sameViewer, selectViewer } from '../domain/viewer';
import { NotificationsPage } from '../features/notifications/notifications-page';

export const Route = createFileRoute('/notifications')({
  ...guardedPage('notifications'),
  component: NotificationsRoute,
});

function NotificationsRoute() {
  const { auth } = Route.useRouteContext();
  const viewer = useSelector(auth, selectViewer, sameViewer);
  return <NotificationsPage side={lessonParty(viewer).role} />;
}
