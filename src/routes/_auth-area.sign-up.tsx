import { createFileRoute } from '@tanstack/react-router';
import { SignUpPage } from '../features/auth/sign-up-page';
import { guard } from '../app/guards';

export const Route = createFileRoute('/_auth-area/sign-up')({
  beforeLoad: ({ context }) => guard(context, '/_auth-area/sign-up'),
  staticData: { title: 'signUp' },
  // ?as=teacher opens the teacher tab (e.g. "back to sign in" from the password screens).
  validateSearch: (search: Record<string, unknown>): { as?: 'student' | 'teacher' } =>
    search.as === 'teacher' || search.as === 'student' ? { as: search.as } : {},
  component: Screen,
});

function Screen() {
  const { auth } = Route.useRouteContext();
  const { as } = Route.useSearch();
  return <SignUpPage auth={auth} initialTab={as} />;
}
