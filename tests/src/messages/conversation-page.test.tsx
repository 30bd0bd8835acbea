// @vitest-environment jsdom
// A conversation: the messages in a polite live log with the reader's own at the logical end, focus in
// the composer, a counter, Enter sends and Shift+Enter breaks the line, the server's refusal (too many
// messages) read out beside the composer, reporting through a confirmation dialog, and a message that
// arrives on the private channel shown without a reload.
import axe from 'axe-core';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ChatMessage, MessagePage } from '../../../contract/messages';
import { ConversationPage } from '../../../src/features/messages/conversation-page';
import { MessagesLink } from '../../../src/features/messages/messages-link';
import type { RealtimeConnection } from '../../../src/realtime/client';
import { cleanUpAfterEach, renderRouted, type Reply } from '../helpers';

cleanUpAfterEach();

const message = (id: number, body: string, mine: boolean, over: Partial<ChatMessage> = {}): ChatMessage => ({
  id,
  conversation_id: 5,
  body,
  mine,
  created_at: '2030-05-05T10:00:00.000Z',
  reported: false,
  ...over,
});

function pageOf(messages: ChatMessage[]): { message: string; data: MessagePage; meta: { unread_total: number } } {
  return {
    message: 'ok',
    data: {
      conversation: {
        id: 5,
        other: { id: 20, name: 'هدى السليطي', role: 'teacher' },
        last_message: null,
        unread_count: 0,
        created_at: '2030-05-01T10:00:00.000Z',
      },
      messages,
      has_more: false,
    },
    meta: { unread_total: 0 },
  };
}

/** A fake server holding the conversation's messages; POST adds one (or answers `refuse`). */
function server(initial: ChatMessage[]) {
  const state = { messages: [...initial], refuse: null as Reply | null, nextId: 100 };
  const route = (url: string, method: string): Reply => {
    if (url.includes('/report'))
      return { status: 200, json: { message: 'Thank you, the report was sent to the Noor team for review', data: { reported: true } } };
    if (url.includes('v1/conversations/5/messages') && method === 'POST') {
      if (state.refuse) return state.refuse;
      const sent = message(state.nextId++, 'x', true);
      state.messages.push(sent);
      return { status: 201, json: { message: 'Message sent', data: sent } };
    }
    if (url.includes('v1/conversations/5/messages')) return { status: 200, json: pageOf(state.messages) };
    if (url.includes('v1/conversations')) return { status: 200, json: { message: 'ok', data: [], meta: { unread_total: 0 } } };
    return { status: 404, json: { message: 'Not found' } };
  };
  return { state, route };
}

describe('ConversationPage', () => {
  it('shows the messages in a polite log, own ones marked, and puts focus in the composer (Arabic)', async () => {
    const { route } = server([message(1, 'السلام عليكم، متى الحصة القادمة؟', false), message(2, 'وعليكم السلام، يوم الأحد', true)]);
    renderRouted({ component: () => <ConversationPage conversationId={5} />, locale: 'ar', route });
    const log = await screen.findByRole('log', { name: 'الرسائل مع هدى السليطي' });
    expect(log.getAttribute('aria-live')).toBe('polite');
    const items = within(log).getAllByRole('listitem');
    expect(items.map((li) => li.getAttribute('data-mine'))).toEqual(['false', 'true']);
    expect(items[0]!.textContent).toContain('كتب هدى السليطي:');
    expect(items[1]!.textContent).toContain('كتبتَ:');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('هدى السليطي');
    const composer = screen.getByLabelText('رسالتك');
    await waitFor(() => expect(document.activeElement).toBe(composer));
    // Only the other party's message can be reported.
    expect(within(items[0]!).getByRole('button', { name: 'الإبلاغ عن هذه الرسالة' })).toBeTruthy();
    expect(within(items[1]!).queryByRole('button')).toBeNull();
    // Labels, roles and names pass axe (colours are checked in the browser, not in jsdom).
    const result = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } });
    expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });

  it('counts characters, sends on Enter, breaks the line on Shift+Enter, and refuses more than 1000', async () => {
    const { route, state } = server([]);
    const { user, calls } = renderRouted({ component: () => <ConversationPage conversationId={5} />, route });
    const composer = (await screen.findByLabelText('Your message')) as HTMLTextAreaElement;
    await user.type(composer, 'Can we move{Shift>}{Enter}{/Shift}the lesson?');
    expect(composer.value).toBe('Can we move\nthe lesson?');
    expect(screen.getByTestId('composer-counter').textContent).toBe('23 of 1000 characters');
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([{ body: 'Can we move\nthe lesson?' }]),
    );
    await waitFor(() => expect(composer.value).toBe(''));
    expect(await screen.findByTestId(`message-${state.nextId - 1}`)).toBeTruthy();

    fireEvent.change(composer, { target: { value: 'ب'.repeat(1001) } });
    expect(screen.getByTestId('composer-counter').getAttribute('data-over')).toBe('true');
    expect((screen.getByTestId('send-message') as HTMLButtonElement).disabled).toBe(true);
    await user.type(composer, '{Enter}');
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  });

  it('reads out the server’s refusal beside the composer and keeps the text', async () => {
    const { route, state } = server([]);
    state.refuse = { status: 429, json: { message: 'You sent many messages in a short time; wait a minute and try again' } };
    const { user } = renderRouted({ component: () => <ConversationPage conversationId={5} />, route });
    const composer = (await screen.findByLabelText('Your message')) as HTMLTextAreaElement;
    await user.type(composer, 'One more{Enter}');
    expect((await screen.findByRole('alert')).textContent).toBe('You sent many messages in a short time; wait a minute and try again');
    expect(composer.value).toBe('One more');
    expect(composer.getAttribute('aria-invalid')).toBe('true');
  });

  it('reports the other party’s message after a confirmation, with the reason', async () => {
    const { route } = server([message(1, 'رسالة مزعجة', false)]);
    const { user, calls } = renderRouted({ component: () => <ConversationPage conversationId={5} />, route });
    await user.click(await screen.findByRole('button', { name: 'Report this message' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report this message?' });
    await user.type(within(dialog).getByLabelText('Why? (optional)'), 'Not about lessons');
    await user.click(within(dialog).getByRole('button', { name: 'Report' }));
    await waitFor(() => expect(calls.find((c) => c.url.includes('/report'))?.body).toEqual({ reason: 'Not about lessons' }));
    expect(calls.find((c) => c.url.includes('/report'))!.url).toContain('v1/conversations/5/messages/1/report');
    expect((await screen.findByTestId('message-reported')).textContent).toBe('Reported');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('shows a message that arrives on the private channel without a reload', async () => {
    const handlers = new Map<string, (data: unknown) => void>();
    const connection: RealtimeConnection = {
      subscribe: <T,>(channel: string, event: string, handler: (data: T) => void) => {
        handlers.set(`${channel} ${event}`, handler as (data: unknown) => void);
        return () => handlers.delete(`${channel} ${event}`);
      },
      onReconnect: () => () => undefined,
      onSubscriptionError: () => () => undefined,
      socketId: () => 'sock',
      disconnect: vi.fn(),
    };
    const { route, state } = server([message(1, 'مرحباً', true)]);
    renderRouted({
      component: () => (
        <>
          <MessagesLink userId={9} connect={() => Promise.resolve(connection)} />
          <ConversationPage conversationId={5} />
        </>
      ),
      route,
    });
    await screen.findByTestId('message-1');
    await waitFor(() => expect(handlers.has('private-user-9 message.created')).toBe(true));
    state.messages.push(message(2, 'أهلاً، الحصة يوم الأحد', false));
    handlers.get('private-user-9 message.created')!({ conversation_id: 5, message_id: 2, unread_total: 1 });
    expect((await screen.findByTestId('message-2')).textContent).toContain('أهلاً، الحصة يوم الأحد');
  });

  it('makes web addresses links that open safely, leaving the sentence around them as text', async () => {
    const { route } = server([
      message(1, 'الدرس هنا: https://example.com/lesson?id=4. واتصل على +974 5512 3456', false),
      message(2, 'javascript:alert(1) and www.example.com', false),
    ]);
    renderRouted({ component: () => <ConversationPage conversationId={5} />, route });
    const first = await screen.findByTestId('message-1');
    const link = within(first).getByRole('link', { name: 'https://example.com/lesson?id=4' });
    expect(link.getAttribute('href')).toBe('https://example.com/lesson?id=4');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer nofollow ugc');
    expect(first.textContent).toContain('https://example.com/lesson?id=4. واتصل على +974 5512 3456');
    expect(within(screen.getByTestId('message-2')).queryByRole('link')).toBeNull();
  });

  it('shows earlier messages on request, before the ones already shown', async () => {
    const latest = [message(31, 'الأحدث', false)];
    const { user, calls } = renderRouted({
      component: () => <ConversationPage conversationId={5} />,
      route: (url): Reply => {
        if (url.includes('before=31'))
          return { status: 200, json: { ...pageOf([message(29, 'الأقدم', true), message(30, 'قبل الأخير', false)]) } };
        const first = pageOf(latest);
        return { status: 200, json: { ...first, data: { ...first.data, has_more: true } } };
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Show earlier messages' }));
    await waitFor(() =>
      expect(
        within(screen.getByRole('log'))
          .getAllByRole('listitem')
          .map((li) => li.getAttribute('data-testid')),
      ).toEqual(['message-29', 'message-30', 'message-31']),
    );
    expect(calls.some((c) => c.url.includes('v1/conversations/5/messages?before=31'))).toBe(true);
    // No older ones left: the button goes.
    expect(screen.queryByRole('button', { name: 'Show earlier messages' })).toBeNull();
  });

  it('says when the conversation is not the reader’s', async () => {
    renderRouted({
      component: () => <ConversationPage conversationId={77} />,
      route: () => ({ status: 404, json: { message: 'We could not find this conversation' } }),
    });
    expect((await screen.findByTestId('conversation-missing')).textContent).toBe('This conversation could not be found.');
  });
});
