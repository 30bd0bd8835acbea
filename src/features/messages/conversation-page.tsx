// One conversation between a family and a teacher: the messages oldest first in a live log (new ones are
// announced politely to screen readers), own messages at the logical end, earlier ones on request, a
// composer with a character counter, web addresses as links (Enter sends, Shift+Enter starts a new line), and a way to report the
// other party's message for the Noor team's review, confirmed in a dialog. Opening it marks it read.
import './messages.css';
import { useEffect, useId, useLayoutEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Link } from '@tanstack/react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { MESSAGE_BODY_MAX } from '../../../contract/messages';
import { isApiError } from '../../api/api-error';
import { conversationQuery, olderMessages, reportMessage, sendMessage, type ChatMessage } from '../../api/messages';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { Spinner } from '../../ui/spinner';
import { TextArea } from '../../ui/text-area';
import { toast } from '../../ui/toast-store';
import { MessageText } from './message-text';
import { shortTime } from '../../domain/time';

export function ConversationPage({ conversationId }: { conversationId: number }) {
  const queryClient = useQueryClient();
  const conversation = useQuery({ ...conversationQuery(queryClient, conversationId), meta: { handledStatuses: [404] } });

  if (conversation.isPending) {
    return (
      <section className="page container conversation-page">
        <Spinner />
      </section>
    );
  }
  if (conversation.isError) {
    return (
      <section className="page container conversation-page">
        <h1>
          <Trans>Messages</Trans>
        </h1>
        <p className="muted" data-testid="conversation-missing">
          <Trans>This conversation could not be found.</Trans>
        </p>
        <Link to="/messages">
          <Trans>All messages</Trans>
        </Link>
      </section>
    );
  }
  const page = conversation.data;
  return (
    <Conversation
      key={conversationId}
      id={conversationId}
      name={page.conversation.other.name}
      latest={page.messages}
      hasMore={page.has_more}
    />
  );
}

function Conversation({ id, name, latest, hasMore }: { id: number; name: string; latest: ChatMessage[]; hasMore: boolean }) {
  const { t } = useLingui();
  const [older, setOlder] = useState<ChatMessage[]>([]);
  const [moreBefore, setMoreBefore] = useState(hasMore);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const logRef = useRef<HTMLDivElement>(null);
  const shown = latest[0] ? [...older.filter((m) => m.id < latest[0]!.id), ...latest] : older;
  const newest = latest[latest.length - 1]?.id ?? 0;

  // A new message (sent or received) scrolls the log to the end; loading earlier ones does not.
  useLayoutEffect(() => {
    const log = logRef.current;
    if (log) log.scrollTop = log.scrollHeight;
  }, [newest]);

  const loadOlder = async () => {
    const first = shown[0];
    if (!first) return;
    setLoadingOlder(true);
    try {
      const page = await olderMessages(id, first.id);
      setOlder((o) => [...page.messages, ...o]);
      setMoreBefore(page.has_more);
    } catch (error) {
      toast.show({ severity: 'error', summary: isApiError(error) ? error.message : t`Something went wrong. Try again.` });
    } finally {
      setLoadingOlder(false);
    }
  };

  return (
    <section className="page container conversation-page" aria-labelledby="conversation-title">
      <header className="conversation-head">
        <h1 id="conversation-title">
          <bdi>{name}</bdi>
        </h1>
        <Link to="/messages">
          <Trans>All messages</Trans>
        </Link>
      </header>
      {moreBefore ? (
        <Button variant="ghost" onClick={() => void loadOlder()} disabled={loadingOlder} data-testid="older-messages">
          <Trans>Show earlier messages</Trans>
        </Button>
      ) : null}
      <div
        ref={logRef}
        className="conversation-log"
        role="log"
        aria-live="polite"
        aria-label={t`Messages with ${name}`}
        tabIndex={0}
        data-testid="conversation-log"
      >
        {shown.length === 0 ? (
          <p className="muted">
            <Trans>No messages yet. Write the first one below.</Trans>
          </p>
        ) : (
          <ol>
            {shown.map((m) => (
              <MessageBubble key={m.id} message={m} conversationId={id} name={name} />
            ))}
          </ol>
        )}
      </div>
      <Composer conversationId={id} />
      <p className="muted small">
        <Trans>Messages are kept. The Noor team reads a conversation only when a message in it is reported.</Trans>
      </p>
    </section>
  );
}

function MessageBubble({ message: m, conversationId, name }: { message: ChatMessage; conversationId: number; name: string }) {
  const { i18n, t } = useLingui();
  return (
    <li className={`message-bubble${m.mine ? ' message-mine' : ''}`} data-testid={`message-${m.id}`} data-mine={m.mine}>
      <span className="visually-hidden">{m.mine ? t`You wrote:` : t`${name} wrote:`} </span>
      <p className="message-text" dir="auto">
        <MessageText text={m.body} />
      </p>
      <div className="message-meta">
        <time dateTime={m.created_at}>{shortTime(m.created_at, i18n.locale)}</time>
        {!m.mine ? (
          m.reported ? (
            <span data-testid="message-reported">
              <Trans>Reported</Trans>
            </span>
          ) : (
            <ReportButton message={m} conversationId={conversationId} />
          )
        ) : null}
      </div>
    </li>
  );
}

function ReportButton({ message, conversationId }: { message: ChatMessage; conversationId: number }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const reasonId = useId();
  const confirm = async () => {
    setBusy(true);
    try {
      const said = await reportMessage(queryClient, conversationId, message.id, reason.trim());
      toast.show({ severity: 'success', summary: said });
      setOpen(false);
    } catch (error) {
      toast.show({ severity: 'error', summary: isApiError(error) ? error.message : t`Something went wrong. Try again.` });
    } finally {
      setBusy(false);
    }
  };
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button variant="ghost" aria-label={t`Report this message`} data-testid={`report-${message.id}`}>
          <Trans>Report</Trans>
        </Button>
      }
      title={<Trans>Report this message?</Trans>}
      description={
        <p>
          <Trans>The Noor team will read this message and the conversation to check it. The other party is not told who reported it.</Trans>
        </p>
      }
      keepLabel={<Trans>Cancel</Trans>}
      confirmLabel={<Trans>Report</Trans>}
      onConfirm={() => void confirm()}
      confirmProps={{ disabled: busy, 'data-testid': 'confirm-report' }}
    >
      <div className="field">
        <label htmlFor={reasonId}>
          <Trans>Why? (optional)</Trans>
        </label>
        <TextArea id={reasonId} rows={3} maxLength={500} value={reason} onChange={(e) => setReason(e.target.value)} />
      </div>
    </ConfirmDialog>
  );
}

function Composer({ conversationId }: { conversationId: number }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const inputId = useId();
  const counterId = useId();
  const errorId = useId();
  const length = text.trim().length;
  const over = length > MESSAGE_BODY_MAX;

  // Focus goes to the composer when the conversation opens.
  useEffect(() => inputRef.current?.focus(), [conversationId]);

  const send = async () => {
    if (sending || length === 0 || over) return;
    setSending(true);
    setError(null);
    try {
      await sendMessage(queryClient, conversationId, text.trim());
      setText('');
    } catch (e) {
      setError(isApiError(e) ? (Object.values(e.fieldErrors).flat()[0] ?? e.message) : t`Something went wrong. Try again.`);
    } finally {
      setSending(false);
      inputRef.current?.focus();
    }
  };
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void send();
  };
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    // Enter sends; Shift+Enter is a new line; Enter while an input method composes a word is not a send.
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      void send();
    }
  };

  return (
    <form className="conversation-composer" onSubmit={onSubmit} noValidate>
      <label htmlFor={inputId}>
        <Trans>Your message</Trans>
      </label>
      <div className="conversation-composer-row">
        <TextArea
          ref={inputRef}
          id={inputId}
          rows={2}
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKeyDown}
          aria-describedby={error ? `${counterId} ${errorId}` : counterId}
          aria-invalid={over || error !== null ? true : undefined}
          dir="auto"
          data-testid="composer"
        />
        <Button type="submit" disabled={sending || length === 0 || over} data-testid="send-message">
          <Trans>Send</Trans>
        </Button>
      </div>
      <span id={counterId} className="composer-counter" data-over={over} data-testid="composer-counter">
        <Trans>
          {length} of {MESSAGE_BODY_MAX} characters
        </Trans>
      </span>
      {error ? (
        <p id={errorId} role="alert" className="form-error" data-testid="composer-error">
          {error}
        </p>
      ) : null}
    </form>
  );
}
