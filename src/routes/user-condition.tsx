import { createFileRoute } from '@tanstack/react-router';
import { UserConditionPage } from '../features/pages/user-condition';
import { guardedPage } from '../app/route-options';

export const Route = createFileRoute('/user-condition')({
  ...guardedPage('userCondition'),
  component: UserConditionPage,
});
