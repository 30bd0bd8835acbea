import { createFileRoute } from '@tanstack/react-router';
import { Placeholder } from '../ui/placeholder';
import { guard } from '../app/guards';

export const Route = createFileRoute('/profile')({
  beforeLoad: ({ context }) => guard(context, '/profile'),
  staticData: { title: 'profile' },
  component: () => <Placeholder title="profile" />,
});
