import { createFileRoute } from '@tanstack/react-router';
import { ResetPasswordPage } from '../features/auth/reset-password-page';
import { guardedPage, phoneSearch } from '../app/route-options';

export const Route = createFileRoute('/_auth-area/reset-password')({
  ...guardedPage('resetPassword'),
  validateSearch: phoneSearch,
  component: function Screen() {
    return <ResetPasswordPage auth={Route.useRouteContext().auth} phone={Route.useSearch().phone} />;
  },
});
