import { createFileRoute } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { guardedPage } from '../app/route-options';
import { notificationsListQuery } from '../api/notifications';
import { apiOf, readPages } from '../api/client';
import { lessonParty, sameViewer, selectViewer } from '../domain/viewer';
import { NotificationsPage } from '../features/notifications/notifications-page';

export const Route = createFileRoute('/notifications')({
  ...guardedPage('notifications'),
  loader: ({ context }) => readPages(context, notificationsListQuery(apiOf(context))),
  component: NotificationsRoute,
});

function NotificationsRoute() {
  const { auth } = Route.useRouteContext();
  const viewer = useSelector(auth, selectViewer, sameViewer);
  return <NotificationsPage side={lessonParty(viewer).role} />;
}
