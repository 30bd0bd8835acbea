// Staff sign-in: e-mail and password, then the authenticator code (or enrolment at the first sign-in).
import { createFileRoute } from '@tanstack/react-router';
import { StaffSignInPage } from '../features/admin/sign-in-page';

export const Route = createFileRoute('/admin/sign-in')({ component: StaffSignInPage });
