import { createFileRoute } from '@tanstack/react-router';
import { Placeholder } from '../ui/placeholder';
import { guard } from '../app/guards';

export const Route = createFileRoute('/in-review')({
  beforeLoad: ({ context }) => guard(context, '/in-review'),
  staticData: { title: 'accountReview' },
  component: () => <Placeholder title="accountReview" />,
});
