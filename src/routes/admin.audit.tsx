// The audit log in the console (administrators): filters, paging and the CSV export.
import { createFileRoute } from '@tanstack/react-router';
import { AuditPage } from '../features/admin/audit-page';

export const Route = createFileRoute('/admin/audit')({ component: AuditPage });
