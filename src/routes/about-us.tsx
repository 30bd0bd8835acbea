import { createFileRoute } from '@tanstack/react-router';
import { AboutPage } from '../features/pages/about-us';
import { guard } from '../app/guards';

export const Route = createFileRoute('/about-us')({
  beforeLoad: ({ context }) => guard(context, '/about-us'),
  staticData: { title: 'aboutUs' },
  component: AboutPage,
});
