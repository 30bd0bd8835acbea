// The auth area: a pathless layout around sign-in, sign-up, OTP and recovery screens.
import { createFileRoute, Outlet } from '@tanstack/react-router';

export const Route = createFileRoute('/_auth-area')({
  component: () => (
    <div className="auth-area">
      <Outlet />
    </div>
  ),
});
