// /login is where the error catalogue sends an unauthorized user (spec §8): it lands on sign-in.
import { createFileRoute, redirect } from '@tanstack/react-router';

export const Route = createFileRoute('/login')({
  beforeLoad: () => {
    throw redirect({ to: '/sign-in', replace: true });
  },
});
