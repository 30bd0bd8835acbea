// Support in the console: a family found by phone, and its hours credited or debited with a reason.
import { createFileRoute } from '@tanstack/react-router';
import { SupportPage } from '../features/admin/support-page';

export const Route = createFileRoute('/admin/support')({ component: SupportPage });
