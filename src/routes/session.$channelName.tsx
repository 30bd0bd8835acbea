import { createFileRoute } from '@tanstack/react-router';
import { Placeholder } from '../ui/placeholder';
import { guard } from '../app/guards';

export const Route = createFileRoute('/session/$channelName')({
  beforeLoad: ({ context }) => guard(context, '/session/$channelName'),
  staticData: { title: 'session' },
  component: () => <Placeholder title="session" />,
});
