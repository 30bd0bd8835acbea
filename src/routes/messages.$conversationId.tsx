import { createFileRoute } from '@tanstack/react-router';
import { guardedPage } from '../app/route-options';
import { conversationQuery } from '../api/messages';
import { apiOf, read } from '../api/client';
import { NotFoundPage } from '../features/pages/not-found';
import { parseId } from '../../contract/ids';
import { ConversationPage } from '../features/messages/conversation-page';

export const Route = createFileRoute('/messages/$conversationId')({
  ...guardedPage('conversation'),
  // The screen answers a 404 itself (conversation-page.tsx); a malformed id reads nothing.
  loader: ({ context, params }) => {
    const id = parseId(params.conversationId);
    return id !== null
      ? read(context, { ...conversationQuery(context.queryClient, id, apiOf(context)), meta: { handledStatuses: [404] } })
      : undefined;
  },
  component: ConversationRoute,
});

function ConversationRoute() {
  const { conversationId } = Route.useParams();
  const id = parseId(conversationId);
  if (id === null) return <NotFoundPage />;
  return <ConversationPage key={id} conversationId={id} />;
}
