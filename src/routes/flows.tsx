// The flows studio: public and read-only (structure, no data); its code loads only on this route.
import { createFileRoute } from '@tanstack/react-router';
import { FlowsStudio } from '../features/flows/studio';
import { guard } from '../app/guards';

export const Route = createFileRoute('/flows')({
  beforeLoad: ({ context }) => guard(context, '/flows'),
  staticData: { title: 'flows' },
  component: FlowsStudio,
});
