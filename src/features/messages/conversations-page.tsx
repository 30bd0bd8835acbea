// The conversations screen: every conversation of the signed-in family or teacher, latest first, with the
// other party's name, the last message and how many are unread. A conversation is opened from a
// session's details ("Message the teacher" / "Message the family").
import './messages.css';
import { Link } from '@tanstack/react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { conversationsQuery, type Conversation } from '../../api/messages';
import { Spinner } from '../../ui/spinner';
import { shortTime } from '../../domain/time';

export function ConversationsPage() {
  const queryClient = useQueryClient();
  const conversations = useQuery(conversationsQuery(queryClient));
  return (
    <section className="page container conversations-page" aria-labelledby="conversations-title">
      <h1 id="conversations-title">
        <Trans>Messages</Trans>
      </h1>
      {conversations.isPending ? (
        <Spinner />
      ) : conversations.isError ? (
        <p className="muted">
          <Trans>The conversations could not be loaded. Try again shortly.</Trans>
        </p>
      ) : conversations.data.length === 0 ? (
        <p className="muted" data-testid="no-conversations">
          <Trans>No conversations yet. You can write to a teacher or a family from a session's details.</Trans>
        </p>
      ) : (
        <ul className="conversation-list" data-testid="conversation-list">
          {conversations.data.map((c) => (
            <ConversationItem key={c.id} conversation={c} />
          ))}
        </ul>
      )}
    </section>
  );
}

function ConversationItem({ conversation: c }: { conversation: Conversation }) {
  const { i18n } = useLingui();
  const last = c.last_message;
  const unread = c.unread_count;
  return (
    <li className={`conversation-item${unread > 0 ? ' conversation-unread' : ''}`}>
      <Link
        to="/messages/$conversationId"
        params={{ conversationId: String(c.id) }}
        className="conversation-link"
        data-testid={`conversation-${c.id}`}
      >
        <span className="conversation-name">
          <bdi>{c.other.name}</bdi>
          {unread > 0 ? (
            <span className="visually-hidden">
              {', '}
              <Plural value={unread} one="# unread message" other="# unread messages" />
            </span>
          ) : null}
        </span>
        {last ? (
          <time className="muted small" dateTime={last.created_at}>
            {shortTime(last.created_at, i18n.locale)}
          </time>
        ) : (
          <span />
        )}
        <span className="conversation-preview" dir="auto">
          {last ? last.mine ? <Trans>You: {last.body}</Trans> : last.body : <Trans>No messages yet</Trans>}
        </span>
        {unread > 0 ? (
          <span className="conversation-count" aria-hidden="true">
            {unread > 99 ? '99+' : unread}
          </span>
        ) : null}
      </Link>
    </li>
  );
}
