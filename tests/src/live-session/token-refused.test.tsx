// @vitest-environment jsdom
// A refused join offers "Try again" only where trying again can help: no answer, or a session not open
// yet. A session that is over — opened late from a reminder — says so and offers only the way back.
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { FailureError, type Failure } from '../../../contract/failure';
import { SESSION_NOT_OPEN_YET } from '../../../contract/session-values';
import { LiveSessionScreen } from '../../../src/features/live-session/live-session-screen';
import type { SessionApi } from '../../../src/api/sessions';
import { makeI18n } from '../helpers';

afterEach(cleanup);

function refusedWith(failure: Failure): SessionApi {
  return {
    attendance: async () => ({ request_id: 12, participants: [] }),
    leaveOnUnload: () => undefined,
    token: async () => {
      throw new FailureError(failure);
    },
    report: async () => undefined,
    end: async () => undefined,
    endForBoth: async () => undefined,
    post: async <T,>() => ({ peers: [] }) as T,
  };
}

async function refusal(failure: Failure) {
  const router = createRouter({
    routeTree: createRootRoute({ component: () => <LiveSessionScreen channelName="session-xyz" api={refusedWith(failure)} /> }),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  });
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <I18nProvider i18n={makeI18n('en')}>
        <RouterProvider router={router} />
      </I18nProvider>
    </QueryClientProvider>,
  );
  // jsdom has no camera: past the device check without one, then the join is asked for.
  await screen.findByRole('heading', { name: 'Camera or microphone not available' });
  fireEvent.click(screen.getByRole('button', { name: 'Continue without camera' }));
  await screen.findByRole('heading', { name: 'You cannot join this session now' });
  return {
    reason: screen.getByTestId('session-refusal').textContent,
    retry: screen.queryByRole('button', { name: 'Try again' }) !== null,
    back: screen.queryByRole('link', { name: 'Back to requests' }) !== null,
  };
}

const failure = (status: number, code: string | null, message: string | null): Failure => ({ status, code, message, fieldErrors: {} });

describe('a refused join', () => {
  it('over: the reason and the way back, no "Try again"', async () => {
    expect(await refusal(failure(409, 'session_over', 'The time of this session is over'))).toEqual({
      reason: 'The time of this session is over',
      retry: false,
      back: true,
    });
  });

  it('finished or not yours: no "Try again" either', async () => {
    expect((await refusal(failure(409, 'session_finished', 'This session has ended'))).retry).toBe(false);
    cleanup();
    expect((await refusal(failure(403, 'session_not_participant', 'This session is not yours'))).retry).toBe(false);
  });

  it('not open yet, or no answer: "Try again"', async () => {
    expect((await refusal(failure(409, SESSION_NOT_OPEN_YET, 'Opens 10 minutes before'))).retry).toBe(true);
    cleanup();
    expect(await refusal(failure(0, null, null))).toEqual({
      reason: 'Could not reach the server. Check your connection.',
      retry: true,
      back: true,
    });
  });
});
