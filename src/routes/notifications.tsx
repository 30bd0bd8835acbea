import { createFileRoute } from '@tanstack/react-router';
import { guard } from '../app/guards';
import { NotificationsPage } from '../features/notifications/notifications-page';

export const Route = createFileRoute('/notifications')({
  beforeLoad: ({ context }) => guard(context, '/notifications'),
  staticData: { title: 'notifications' },
  component: () => <NotificationsPage />,
});
