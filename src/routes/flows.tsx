// The flows studio: public and read-only (structure, no data); its code loads only on this route.
import { createFileRoute } from '@tanstack/react-router';
import { FlowsStudio } from '../features/flows/studio';
import { guardedPage } from '../app/route-options';

export const Route = createFileRoute('/flows')({
  ...guardedPage('flows'),
  component: FlowsStudio,
});
