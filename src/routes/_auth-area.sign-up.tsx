import { createFileRoute } from '@tanstack/react-router';
import { SignUpPage } from '../features/auth/sign-up-page';
import { accountKindSearch, guardedPage } from '../app/route-options';
import { countriesQuery } from '../api/reference';
import { apiOf, read } from '../api/client';

export const Route = createFileRoute('/_auth-area/sign-up')({
  ...guardedPage('signUp'),
  validateSearch: accountKindSearch,
  // The countries a new account may have: the phone field offers only those (field-groups.tsx).
  loader: ({ context }) => read(context, countriesQuery(context.locale(), apiOf(context))),
  component: function Screen() {
    return <SignUpPage auth={Route.useRouteContext().auth} initialTab={Route.useSearch().as} />;
  },
});
