import { createFileRoute } from '@tanstack/react-router';
import { ContactPage } from '../features/pages/contact-us';
import { guard } from '../app/guards';

export const Route = createFileRoute('/contact-us')({
  beforeLoad: ({ context }) => guard(context, '/contact-us'),
  staticData: { title: 'contactUs' },
  component: ContactPage,
});
