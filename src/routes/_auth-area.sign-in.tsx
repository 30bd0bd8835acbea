import { createFileRoute } from '@tanstack/react-router';
import { SignInPage } from '../features/auth/sign-in-page';
import { guard } from '../app/guards';

export const Route = createFileRoute('/_auth-area/sign-in')({
  beforeLoad: ({ context }) => guard(context, '/_auth-area/sign-in'),
  staticData: { title: 'signIn' },
  // ?as=teacher opens the teacher tab (e.g. "back to sign in" from the password screens).
  validateSearch: (search: Record<string, unknown>): { as?: 'student' | 'teacher' } =>
    search.as === 'teacher' || search.as === 'student' ? { as: search.as } : {},
  component: Screen,
});

function Screen() {
  const { auth } = Route.useRouteContext();
  const { as } = Route.useSearch();
  return <SignInPage auth={auth} initialTab={as} />;
}
