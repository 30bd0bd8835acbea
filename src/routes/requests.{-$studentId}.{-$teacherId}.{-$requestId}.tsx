import { createFileRoute } from '@tanstack/react-router';
import { Placeholder } from '../ui/placeholder';
import { guard } from '../app/guards';

export const Route = createFileRoute('/requests/{-$studentId}/{-$teacherId}/{-$requestId}')({
  beforeLoad: ({ context }) => guard(context, '/requests/{-$studentId}/{-$teacherId}/{-$requestId}'),
  staticData: { title: 'requests' },
  component: () => <Placeholder title="requests" />,
});
