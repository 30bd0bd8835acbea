// The operators' console (/admin): its own frame, staff sign-in and navigation by role, all in lazy
// chunks (never part of a public page's download). The family/teacher guards do not apply here.
import { useCallback } from 'react';
import { createFileRoute, Outlet } from '@tanstack/react-router';
import { ConsoleLayout } from '../features/admin/console-layout';
import type { ConsoleTarget } from '../features/admin/console-frame';

export const Route = createFileRoute('/admin')({
  component: ConsoleRoute,
  staticData: { title: 'console' },
});

function ConsoleRoute() {
  const navigate = Route.useNavigate();
  const goTo = useCallback((to: ConsoleTarget) => void navigate({ to, replace: true }), [navigate]);
  return (
    <ConsoleLayout goTo={goTo}>
      <Outlet />
    </ConsoleLayout>
  );
}
