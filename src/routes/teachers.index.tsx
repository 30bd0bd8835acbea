import { createFileRoute } from '@tanstack/react-router';
import { Placeholder } from '../ui/placeholder';
import { guard } from '../app/guards';

export const Route = createFileRoute('/teachers/')({
  beforeLoad: ({ context }) => guard(context, '/teachers/'),
  staticData: { title: 'teachers' },
  component: () => <Placeholder title="teachers" />,
});
