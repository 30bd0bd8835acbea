// Promo codes in the console: list with use, create, pause and resume.
import { createFileRoute } from '@tanstack/react-router';
import { PromoCodesPage } from '../features/admin/promo-codes-page';

export const Route = createFileRoute('/admin/promo-codes')({ component: PromoCodesPage });
