import { createFileRoute } from '@tanstack/react-router';
import { AboutPage } from '../features/pages/about-us';
import { guardedPage } from '../app/route-options';

export const Route = createFileRoute('/about-us')({
  ...guardedPage('aboutUs'),
  component: AboutPage,
});
