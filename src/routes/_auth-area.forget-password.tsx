import { createFileRoute } from '@tanstack/react-router';
import { ForgetPasswordPage } from '../features/auth/forget-password-page';
import { guardedPage } from '../app/route-options';

export const Route = createFileRoute('/_auth-area/forget-password')({
  ...guardedPage('forgetPassword'),
  component: function Screen() {
    return <ForgetPasswordPage auth={Route.useRouteContext().auth} />;
  },
});
