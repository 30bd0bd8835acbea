import { createFileRoute } from '@tanstack/react-router';
import { HomePage } from '../features/pages/home';
import { guard } from '../app/guards';

export const Route = createFileRoute('/')({
  beforeLoad: ({ context }) => guard(context, '/'),
  staticData: { title: 'home' },
  component: HomePage,
});
