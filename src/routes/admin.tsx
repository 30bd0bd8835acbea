// The operators' console (/admin): its own layout, staff sign-in and navigation by role, all in lazy
// chunks (never part of a public page's download). The family/teacher guards do not apply here.
import { createFileRoute } from '@tanstack/react-router';
import { ConsoleLayout } from '../features/admin/console-layout';

export const Route = createFileRoute('/admin')({
  component: ConsoleLayout,
  staticData: { title: 'console' },
});
