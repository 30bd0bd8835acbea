// @vitest-environment jsdom
// The end of a live session continues the lesson: when the time is up the family reads what was taught
// (subject, teacher, the child, its length) and who attended for how long, rates it in place, and "book the same time next week" opens
// the teacher's booking on its review with the same child, subject and length one week later. A teacher
// gets the summary with the child's first name and phase, and no rating form or booking offer.
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { bookingStorageKey } from '../../../src/bindings/booking';
import { LiveSessionScreen } from '../../../src/features/live-session/live-session-screen';
import type { SessionApi } from '../../../src/api/sessions';
import { cleanUpAfterEach, renderRouted, type Reply } from '../helpers';
import { detail } from '../requests/fixtures';
import { sessionGrant } from './fixtures';

cleanUpAfterEach();

/** A session whose time runs out `endsInMs` after the call starts. */
function endingApi(role: 'student' | 'teacher', endsInMs = 1_200): SessionApi {
  const now = Date.now();
  const grant = sessionGrant(now, { from: now - 60 * 60_000 + endsInMs, to: now + endsInMs }, { role });
  return {
    attendance: async () => ({
      request_id: 12,
      participants: [
        {
          role: 'student',
          first_name: 'Maryam',
          gender: 'female',
          first_joined_at: null,
          last_left_at: null,
          minutes_present: 0,
          minutes_lost_to_reconnection: 0,
          events: [],
        },
        {
          role: 'teacher',
          first_name: 'هدى',
          gender: 'female',
          first_joined_at: new Date(now - 58 * 60_000).toISOString(),
          last_left_at: new Date(now).toISOString(),
          minutes_present: 55,
          minutes_lost_to_reconnection: 3,
          events: [],
        },
      ],
    }),
    leaveOnUnload: () => undefined,
    token: async () => grant,
    report: async () => undefined,
    end: async () => undefined,
    endForBoth: async () => undefined,
    post: async <T,>() => ({ peers: [] }) as T,
  };
}

const startsAt = '2030-05-12T14:00:00.000Z';
const finished = detail({
  id: 12,
  status: 'finished',
  starts_at: startsAt,
  ends_at: '2030-05-12T15:00:00.000Z',
  duration_hours: 1,
  teacher: { id: 20, first_name: 'هدى', last_name: 'الكعبي' },
  actions: ['rate'],
});

function renderEnding(role: 'student' | 'teacher', answer: RequestDetailOverride = {}) {
  let current = { ...finished, ...answer };
  const route = (url: string, method: string): Reply => {
    if (url.endsWith('/v1/requests/12/evaluation') && method === 'POST') {
      current = { ...current, actions: [], evaluation: { rating: 5, comment: null, at: startsAt } };
      return { status: 200, json: { message: 'ok', data: current } };
    }
    if (url.includes('/v1/requests/12')) return { status: 200, json: { message: 'ok', data: current } };
    return { status: 200, json: { message: 'ok', data: [] } };
  };
  const rendered = renderRouted({
    component: () => <LiveSessionScreen channelName="session-xyz" viewerId={8} api={endingApi(role)} />,
    route,
  });
  const posted = () => rendered.calls.filter((c) => c.method === 'POST' && c.url.endsWith('/evaluation')).map((c) => c.body);
  return { posted, ...rendered };
}
type RequestDetailOverride = Partial<typeof finished>;

async function reachTheEnd() {
  (await screen.findByRole('button', { name: 'Continue without camera' })).click();
  return screen.findByTestId('session-ended', {}, { timeout: 8_000 });
}

describe('the end of a live session', () => {
  it('lets the family rate in place and book the same time next week', async () => {
    sessionStorage.clear();
    const { posted, user, router } = renderEnding('student');
    await reachTheEnd();
    expect(screen.getByRole('heading', { name: 'The session has ended' })).toBeTruthy();
    const summary = await screen.findByTestId('ended-summary');
    expect(summary.textContent).toBe('Mathematics with هدى — 1 hourFor: Maryam Ali');
    // Who attended, for how long: the session API's attendance as the screen appears.
    const attendance = await screen.findByTestId('attendance');
    expect([...attendance.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      'Student: Maryam did not join',
      'Teacher: هدى 55 minutes in the session · 3 minutes lost to reconnection',
    ]);

    // The rating, in place: five stars, sent once, then shown as given.
    await user.click(screen.getByRole('radio', { name: '5 stars' }));
    await user.click(screen.getByRole('button', { name: 'Send rating' }));
    expect((await screen.findByTestId('rating-given')).textContent).toContain('5 stars out of 5');
    expect(posted()).toEqual([{ rating: 5, comment: null }]);

    // Next week, same child, subject and length: the teacher's booking opens on its review.
    await user.click(screen.getByRole('button', { name: 'Book the same time next week' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/teachers/20'));
    const draft = JSON.parse(sessionStorage.getItem(bookingStorageKey('8', 20)) ?? 'null') as {
      value: string;
      context: { fields: Record<string, unknown> };
    };
    expect(draft.value).toBe('review');
    expect(draft.context.fields).toMatchObject({
      childId: '7',
      subjectId: '3',
      durationHours: 1,
      type: 'schedule',
      startsAt: '2030-05-19T14:00:00.000Z',
    });
  }, 20_000);

  it('gives the teacher the summary with the child, and neither a rating form nor a booking offer', async () => {
    renderEnding('teacher', { child: { id: 7, first_name: 'Maryam', last_name: null, phase: { id: 2, name: 'Grade 2' } }, actions: [] });
    await reachTheEnd();
    expect((await screen.findByTestId('ended-summary')).textContent).toBe('Mathematics — 1 hourFor: Maryam · Grade 2');
    expect(screen.queryByRole('button', { name: 'Send rating' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Book the same time next week' })).toBeNull();
    const details = screen.getByTestId('session-details-link');
    expect([details.textContent, details.getAttribute('href')]).toEqual(['Write the lesson report', '/session-details/12']);
  }, 20_000);
});
