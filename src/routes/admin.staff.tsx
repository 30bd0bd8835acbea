// Staff management in the console (administrators): add a member, disable one.
import { createFileRoute } from '@tanstack/react-router';
import { StaffPage } from '../features/admin/staff-page';

export const Route = createFileRoute('/admin/staff')({ component: StaffPage });
