import { createFileRoute } from '@tanstack/react-router';
import { VerifyOtpPage } from '../features/auth/verify-otp-page';
import { guardedPage, phoneSearch } from '../app/route-options';

export const Route = createFileRoute('/_auth-area/verify-otp')({
  ...guardedPage('verification'),
  validateSearch: phoneSearch,
  component: function Screen() {
    return <VerifyOtpPage auth={Route.useRouteContext().auth} phone={Route.useSearch().phone} />;
  },
});
