import { createFileRoute } from '@tanstack/react-router';
import { TermsPage } from '../features/pages/terms-conditions';
import { guardedPage } from '../app/route-options';

export const Route = createFileRoute('/terms-conditions')({
  ...guardedPage('termsConditions'),
  component: TermsPage,
});
