import { useCallback } from 'react';
import { createFileRoute } from '@tanstack/react-router';
import { ProfilePage } from '../features/profile/profile-page';
import { guardedPage } from '../app/route-options';
import { profileQuery } from '../api/profile';
import { apiOf, read } from '../api/client';

export const Route = createFileRoute('/profile')({
  ...guardedPage('profile'),
  loader: ({ context }) => read(context, profileQuery(context.locale(), apiOf(context))),
  component: ProfileRoute,
});

function ProfileRoute() {
  const { auth } = Route.useRouteContext();
  // A saved profile or a replaced document changes the account record (status, completeness): reload it.
  const reload = useCallback(() => auth.send({ type: 'profile.reload' }), [auth]);
  return <ProfilePage onAccountChanged={reload} />;
}
