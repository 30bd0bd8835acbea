// The teacher-terms area: where a teacher in the policy status accepts the terms.
import { createFileRoute, Outlet } from '@tanstack/react-router';

export const Route = createFileRoute('/_teacher-terms')({
  component: Outlet,
});
