import { createFileRoute } from '@tanstack/react-router';
import { Placeholder } from '../ui/placeholder';
import { guard } from '../app/guards';

export const Route = createFileRoute('/teachers/$id')({
  beforeLoad: ({ context }) => guard(context, '/teachers/$id'),
  staticData: { title: 'teacherBooking' },
  component: () => <Placeholder title="teacherBooking" />,
});
