import { createFileRoute } from '@tanstack/react-router';
import { Placeholder } from '../ui/placeholder';
import { guard } from '../app/guards';

export const Route = createFileRoute('/notifications')({
  beforeLoad: ({ context }) => guard(context, '/notifications'),
  staticData: { title: 'notifications' },
  component: () => <Placeholder title="notifications" />,
});
