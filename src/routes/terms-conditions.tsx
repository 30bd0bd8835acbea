import { createFileRoute } from '@tanstack/react-router';
import { TermsPage } from '../features/pages/terms-conditions';
import { guard } from '../app/guards';

export const Route = createFileRoute('/terms-conditions')({
  beforeLoad: ({ context }) => guard(context, '/terms-conditions'),
  staticData: { title: 'termsConditions' },
  component: TermsPage,
});
