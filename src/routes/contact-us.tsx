import { createFileRoute } from '@tanstack/react-router';
import { ContactPage } from '../features/pages/contact-us';
import { guardedPage } from '../app/route-options';

export const Route = createFileRoute('/contact-us')({
  ...guardedPage('contactUs'),
  component: ContactPage,
});
