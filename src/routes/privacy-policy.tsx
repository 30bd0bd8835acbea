import { createFileRoute } from '@tanstack/react-router';
import { PrivacyPage } from '../features/pages/privacy-policy';
import { guardedPage } from '../app/route-options';

export const Route = createFileRoute('/privacy-policy')({
  ...guardedPage('privacyPolicy'),
  component: PrivacyPage,
});
