import { createFileRoute } from '@tanstack/react-router';
import { HomePage } from '../features/pages/home';
import { guardedPage } from '../app/route-options';

export const Route = createFileRoute('/')({
  ...guardedPage('home'),
  component: HomePage,
});
