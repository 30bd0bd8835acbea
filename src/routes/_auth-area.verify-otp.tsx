import { createFileRoute } from '@tanstack/react-router';
import { VerifyOtpPage } from '../features/auth/verify-otp-page';
import { guard } from '../app/guards';

export const Route = createFileRoute('/_auth-area/verify-otp')({
  beforeLoad: ({ context }) => guard(context, '/_auth-area/verify-otp'),
  staticData: { title: 'verification' },
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
  return <VerifyOtpPage auth={auth} phone={phone} />;
}
