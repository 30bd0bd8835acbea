import { createFileRoute } from '@tanstack/react-router';
import { ResetPasswordPage } from '../features/auth/reset-password-page';
import { guard } from '../app/guards';

export const Route = createFileRoute('/_auth-area/reset-password')({
  beforeLoad: ({ context }) => guard(context, '/_auth-area/reset-password'),
  staticData: { title: 'resetPassword' },
  // The phone the code was texted to, in E.164 ("+974…"; a number the URL parser read as digits gets its plus back).
  validateSearch: (search: Record<string, unknown>): { phone?: string } =>
    typeof search.phone === 'string' && search.phone !== ''
      ? { phone: search.phone }
      : typeof search.phone === 'number'
        ? { phone: `+${search.phone}` }
        : {},
  component: Screen,
});

function Screen() {
  const { auth } = Route.useRouteContext();
  const { phone } = Route.useSearch();
  return <ResetPasswordPage auth={auth} phone={phone} />;
}
