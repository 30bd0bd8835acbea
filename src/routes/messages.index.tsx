import { createFileRoute } from '@tanstack/react-router';
import { guardedPage } from '../app/route-options';
import { ConversationsPage } from '../features/messages/conversations-page';

export const Route = createFileRoute('/messages/')({
  ...guardedPage('messages'),
  component: ConversationsPage,
});
