import { createFileRoute } from '@tanstack/react-router';
import { UserConditionPage } from '../features/pages/user-condition';
import { guard } from '../app/guards';

export const Route = createFileRoute('/user-condition')({
  beforeLoad: ({ context }) => guard(context, '/user-condition'),
  staticData: { title: 'userCondition' },
  component: UserConditionPage,
});
