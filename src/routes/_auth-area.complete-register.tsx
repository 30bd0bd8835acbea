import { createFileRoute } from '@tanstack/react-router';
import { CompleteRegisterPage } from '../features/auth/complete-register-page';
import { guardedPage } from '../app/route-options';

export const Route = createFileRoute('/_auth-area/complete-register')({
  ...guardedPage('completeRegister'),
  component: function Screen() {
    return <CompleteRegisterPage auth={Route.useRouteContext().auth} />;
  },
});
