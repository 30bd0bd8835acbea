// /auth is the auth area itself: its default child is sign-in.
import { createFileRoute, redirect } from '@tanstack/react-router';

export const Route = createFileRoute('/auth')({
  beforeLoad: () => {
    throw redirect({ to: '/sign-in', replace: true });
  },
});
