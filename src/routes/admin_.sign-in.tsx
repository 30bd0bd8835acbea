// Staff sign-in: e-mail and password, then the authenticator code (or enrolment at the first sign-in).
// Outside the signed-in console's layout, in the same frame.
import { useCallback } from 'react';
import { createFileRoute } from '@tanstack/react-router';
import { StaffSignInPage } from '../features/admin/sign-in-page';
import type { ConsoleTarget } from '../features/admin/console-frame';

export const Route = createFileRoute('/admin_/sign-in')({
  component: SignInRoute,
  staticData: { title: 'console' },
});

function SignInRoute() {
  const navigate = Route.useNavigate();
  const goTo = useCallback((to: ConsoleTarget) => void navigate({ to, replace: true }), [navigate]);
  return <StaffSignInPage goTo={goTo} />;
}
