import { createFileRoute } from '@tanstack/react-router';
import { guardedPage } from '../app/route-options';
import { conversationsQuery } from '../api/messages';
import { apiOf, read } from '../api/client';
import { ConversationsPage } from '../features/messages/conversations-page';

export const Route = createFileRoute('/messages/')({
  ...guardedPage('messages'),
  loader: ({ context }) => read(context, conversationsQuery(context.queryClient, apiOf(context))),
  component: ConversationsPage,
});
