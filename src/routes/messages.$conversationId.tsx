import { createFileRoute } from '@tanstack/react-router';
import { guardedPage } from '../app/route-options';
import { ConversationPage } from '../features/messages/conversation-page';

export const Route = createFileRoute('/messages/$conversationId')({
  ...guardedPage('conversation'),
  component: ConversationRoute,
});

function ConversationRoute() {
  const { conversationId } = Route.useParams();
  const id = /^\d{1,9}$/.test(conversationId) ? Number(conversationId) : 0;
  return <ConversationPage key={id} conversationId={id} />;
}
