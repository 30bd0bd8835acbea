import { createFileRoute } from '@tanstack/react-router';
import { SignUpPage } from '../features/auth/sign-up-page';
import { accountKindSearch, guardedPage } from '../app/route-options';

export const Route = createFileRoute('/_auth-area/sign-up')({
  ...guardedPage('signUp'),
  validateSearch: accountKindSearch,
  component: function Screen() {
    return <SignUpPage auth={Route.useRouteContext().auth} initialTab={Route.useSearch().as} />;
  },
});
