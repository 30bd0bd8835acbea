// The root route: the shell (header, page, footer) around every screen, and the not-found page.
import { createRootRouteWithContext } from '@tanstack/react-router';
import type { RouterContext } from '../app/router-context';
import { Shell } from '../app/shell';
import { NotFoundPage } from '../features/pages/not-found';

export const Route = createRootRouteWithContext<RouterContext>()({
  component: Shell,
  notFoundComponent: NotFoundPage,
});
