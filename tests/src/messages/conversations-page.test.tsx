// @vitest-environment jsdom
// The conversations list (name, last message, unread count, a link to each) and "Message the teacher" /
// "Message the family" on a session's details, which opens the conversation with the lesson's other
// party and goes to it — and is not offered to a teacher for an offer they have not taken.
import { createRoute } from '@tanstack/react-router';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Conversation } from '../../../contract/messages';
import { MessageOtherParty } from '../../../src/domain/message-button';
import { ConversationsPage } from '../../../src/features/messages/conversations-page';
import { cleanUpAfterEach, renderRouted, type Reply } from '../helpers';
import { detail } from '../requests/fixtures';

cleanUpAfterEach();

const conversation = (id: number, over: Partial<Conversation> = {}): Conversation => ({
  id,
  other: { id: 20, name: 'هدى السليطي', role: 'teacher' },
  last_message: { body: 'موعدنا الأحد', mine: false, created_at: '2030-05-05T10:00:00.000Z' },
  unread_count: 0,
  created_at: '2030-05-01T10:00:00.000Z',
  ...over,
});

describe('ConversationsPage', () => {
  it('lists each conversation with the other party, the last message and the unread count', async () => {
    const data = [
      conversation(5, { unread_count: 2 }),
      conversation(6, {
        other: { id: 21, name: 'Omar Haddad', role: 'teacher' },
        last_message: { body: 'See you', mine: true, created_at: '2030-05-04T10:00:00.000Z' },
      }),
    ];
    renderRouted({
      component: () => <ConversationsPage />,
      route: () => ({ status: 200, json: { message: 'ok', data, meta: { unread_total: 2 } } }),
    });
    const list = await screen.findByTestId('conversation-list');
    const links = within(list).getAllByRole('link');
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['/messages/5', '/messages/6']);
    expect(links[0]!.textContent).toContain('هدى السليطي, 2 unread messages');
    expect(links[0]!.textContent).toContain('موعدنا الأحد');
    expect(links[1]!.textContent).toContain('You: See you');
  });

  it('says how to start one when there is none (Arabic)', async () => {
    renderRouted({
      component: () => <ConversationsPage />,
      locale: 'ar',
      route: () => ({ status: 200, json: { message: 'ok', data: [], meta: { unread_total: 0 } } }),
    });
    expect((await screen.findByTestId('no-conversations')).textContent).toBe(
      'لا توجد محادثات بعد. يمكنك مراسلة المعلم أو العائلة من صفحة تفاصيل الحصة.',
    );
  });
});

describe('MessageOtherParty', () => {
  const opened: Reply = { status: 201, json: { message: 'ok', data: conversation(9) } };

  it('a family opens the conversation with the lesson’s teacher and goes to it', async () => {
    const { user, calls, router } = renderRouted({
      component: () => <MessageOtherParty detail={detail({ id: 12, status: 'finished' })} role="student" />,
      children: (root) => [
        createRoute({ getParentRoute: () => root, path: '/messages/$conversationId', component: () => <p>conversation</p> }),
      ],
      route: () => opened,
    });
    await user.click(await screen.findByRole('button', { name: 'Message the teacher' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/messages/9'));
    expect(calls.map((c) => [c.method, c.url.replace(/^.*\/api\//, ''), c.body])).toEqual([
      ['POST', 'v1/conversations', { teacher_id: 20 }],
    ]);
  });

  it('a teacher writes to the family of their lesson', async () => {
    const { user, calls } = renderRouted({
      component: () => <MessageOtherParty detail={detail({ status: 'approved' })} role="teacher" />,
      route: () => opened,
    });
    await user.click(await screen.findByRole('button', { name: 'Message the family' }));
    await waitFor(() => expect(calls.map((c) => c.body)).toEqual([{ family_id: 10 }]));
  });

  it('shows nothing to a teacher for a broadcast offered to them or taken by another', async () => {
    renderRouted({
      component: () => (
        <>
          <MessageOtherParty detail={detail({ offered: true })} role="teacher" />
          <MessageOtherParty detail={detail({ taken_by_other: true, status: 'approved' })} role="teacher" />
          <p>loaded</p>
        </>
      ),
      route: () => opened,
    });
    await screen.findByText('loaded');
    expect(screen.queryByRole('button')).toBeNull();
  });
});
