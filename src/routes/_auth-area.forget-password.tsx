import { createFileRoute } from '@tanstack/react-router';
import { ForgetPasswordPage } from '../features/auth/forget-password-page';
import { guard } from '../app/guards';

export const Route = createFileRoute('/_auth-area/forget-password')({
  beforeLoad: ({ context }) => guard(context, '/_auth-area/forget-password'),
  staticData: { title: 'forgetPassword' },
  component: Screen,
});

function Screen() {
  const { auth } = Route.useRouteContext();
  return <ForgetPasswordPage auth={auth} />;
}
