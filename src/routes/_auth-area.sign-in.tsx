import { createFileRoute } from '@tanstack/react-router';
import { SignInPage } from '../features/auth/sign-in-page';
import { accountKindSearch, guardedPage } from '../app/route-options';

export const Route = createFileRoute('/_auth-area/sign-in')({
  ...guardedPage('signIn'),
  validateSearch: accountKindSearch,
  component: function Screen() {
    return <SignInPage auth={Route.useRouteContext().auth} initialTab={Route.useSearch().as} />;
  },
});
