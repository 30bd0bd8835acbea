import { createFileRoute } from '@tanstack/react-router';
import { Placeholder } from '../ui/placeholder';
import { guard } from '../app/guards';

export const Route = createFileRoute('/session-details/$requestId')({
  beforeLoad: ({ context }) => guard(context, '/session-details/$requestId'),
  staticData: { title: 'sessionDetails' },
  component: () => <Placeholder title="sessionDetails" />,
});
