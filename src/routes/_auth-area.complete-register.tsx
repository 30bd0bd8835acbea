import { createFileRoute } from '@tanstack/react-router';
import { CompleteRegisterPage } from '../features/auth/complete-register-page';
import { guard } from '../app/guards';

export const Route = createFileRoute('/_auth-area/complete-register')({
  beforeLoad: ({ context }) => guard(context, '/_auth-area/complete-register'),
  staticData: { title: 'completeRegister' },
  component: Screen,
});

function Screen() {
  const { auth } = Route.useRouteContext();
  return <CompleteRegisterPage auth={auth} />;
}
