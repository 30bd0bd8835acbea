import { createFileRoute } from '@tanstack/react-router';
import { PrivacyPage } from '../features/pages/privacy-policy';
import { guard } from '../app/guards';

export const Route = createFileRoute('/privacy-policy')({
  beforeLoad: ({ context }) => guard(context, '/privacy-policy'),
  staticData: { title: 'privacyPolicy' },
  component: PrivacyPage,
});
