import { createFileRoute } from '@tanstack/react-router';
import { guardedPage } from '../app/route-options';
import { NotificationsPage } from '../features/notifications/notifications-page';

export const Route = createFileRoute('/notifications')({
  ...guardedPage('notifications'),
  component: () => <NotificationsPage />,
});
