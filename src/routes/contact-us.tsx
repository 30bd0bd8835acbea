import { createFileRoute } from '@tanstack/react-router';
import { ContactPage } from '../features/pages/contact-us';
import { guardedPage } from '../app/route-options';
import { settingsQuery } from '../api/reference';
import { apiOf, read } from '../api/client';

export const Route = createFileRoute('/contact-us')({
  ...guardedPage('contactUs', { ssr: true }),
  // Public data, read for every viewer: the server renders this page with it (src/entry-prerender.tsx).
  loader: ({ context }) => read(context, settingsQuery(context.locale(), apiOf(context))),
  component: ContactPage,
});
