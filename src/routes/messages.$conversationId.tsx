import { createFileRoute } from '@tanstack/react-router';
import { guardedPage } from '../app/route-options';
import { NotFoundPage } from '../features/pages/not-found';
import { parseId } from '../../contract/ids';
import { ConversationPage } from '../features/messages/conversation-page';

export const Route = createFileRoute('/messages/$conversationId')({
  ...guardedPage('conversation'),
  component: ConversationRoute,
});

function ConversationRoute() {
  const { conversationId } = Route.useParams();
  const id = parseId(conversationId);
  if (id === null) return <NotFoundPage />;
  return <ConversationPage key={id} conversationId={id} />;
}
