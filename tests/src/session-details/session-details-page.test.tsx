// @vitest-environment jsdom
// Session details as a parent, a student and a teacher read it: what was booked in the viewer's
// locale, the status timeline drawn from the request machine (history, the current state marked, the
// next steps with their deadlines), the join button open only inside the session window, the actions
// the machine allows, the one-time rating after a finished session, and live refresh.
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { RequestDetail } from '../../../contract/requests';
import { SessionDetailsPage, type SessionDetailsPageProps } from '../../../src/features/session-details/session-details-page';
import { fakeFetch, type Reply } from '../helpers';
import { arabicChild, childForTeacher, detail, fakeRealtime, NOW, renderScreen } from '../requests/fixtures';

const HOUR = 3_600_000;
const MINUTE = 60_000;

function stub(current: () => RequestDetail, post?: (path: string, body: unknown) => Reply) {
  const { fetch, calls } = fakeFetch((url, method) => {
    const path = new URL(url, 'http://localhost').pathname;
    if (method === 'POST') return post?.(path, calls.at(-1)?.body) ?? { status: 500, json: { message: 'no' } };
    if (/\/v1\/requests\/\d+$/.test(path)) return { status: 200, json: { message: 'ok', data: current() } };
    return { status: 404, json: { message: 'Not found' } };
  });
  vi.stubGlobal('fetch', fetch);
  return calls;
}

function renderPage(props: Partial<SessionDetailsPageProps> = {}, locale: 'en' | 'ar' = 'en') {
  const realtime = fakeRealtime();
  const all: SessionDetailsPageProps = {
    requestId: 1,
    viewer: { id: 10, role: 'student' },
    now: () => NOW,
    timeZone: 'Asia/Qatar',
    connect: realtime.connect,
    ...props,
  };
  return { ...renderScreen(() => <SessionDetailsPage {...all} />, locale), realtime, user: userEvent.setup() };
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('SessionDetailsPage', () => {
  it('shows subject, teacher, student, date, time and duration in the viewer’s locale, and the comment', async () => {
    stub(() => detail({ actions: ['cancel'] }));
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Session details: Mathematics' })).toBeTruthy();
    expect(screen.getByText('Omar Haddad')).toBeTruthy();
    expect(screen.getByTestId('session-child').textContent).toBe('Maryam Ali');
    // 2030-05-06 09:00Z is noon in Qatar; the session lasts 2 hours: one short line, the date and the zone once.
    expect(screen.getByTestId('session-time').textContent).toMatch(/^Mon, May 6, 2030, 12:00\s–\s2:00\sPM Qatar time$/);
    expect(screen.getByText('2 hours')).toBeTruthy();
    expect(screen.getByText('Fractions, please.')).toBeTruthy();
    expect(screen.getByText('Pending', { selector: '.request-status' })).toBeTruthy();
  });

  it('draws the timeline from the machine: the history, the current state marked, and the next steps with deadlines', async () => {
    stub(() => detail({ actions: ['cancel'] }));
    renderPage();
    const timeline = await screen.findByTestId('timeline');
    const steps = within(timeline).getAllByRole('listitem');
    const current = steps.find((s) => s.getAttribute('aria-current') === 'step');
    expect(current?.dataset.status).toBe('pending');
    expect(current?.textContent).toContain('requested by the student');
    // pending → approve, reject, cancel, reschedule, expire: the machine's transitions out of pending.
    expect(steps.filter((s) => s.dataset.event).map((s) => s.dataset.event)).toEqual([
      'approve',
      'reject',
      'cancel',
      'reschedule',
      'expire',
    ]);
    expect(timeline.textContent).toMatch(/You can move it to another free time until Monday, May 6, 2030 at 12:00\sPM/);
    expect(timeline.textContent).toMatch(/You can cancel for free until Monday, May 6, 2030 at 12:00\sPM/);
    expect(timeline.textContent).toMatch(
      /Expires on Monday, May 6, 2030 at 12:00\sPM if no teacher approves it \(the hours are returned\)/,
    );
  });

  it('an approved session: history with the teacher, join closed until 10 minutes before, then open to the session channel', async () => {
    const approved = detail({
      status: 'approved',
      actions: ['cancel'],
      channel_name: 'sess-abc123',
      history: [
        { status: 'pending', at: new Date(NOW - HOUR).toISOString(), actor_role: 'student' },
        { status: 'approved', at: new Date(NOW - 30 * MINUTE).toISOString(), actor_role: 'teacher' },
      ],
    });
    stub(() => approved);
    let clock = NOW;
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setInterval', 'clearInterval'] });
    renderPage({ now: () => clock });
    const join = await screen.findByTestId('join-session');
    expect(join.tagName).toBe('BUTTON');
    expect((join as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText(/You can join from Monday, May 6, 2030 at 11:50\sAM/)).toBeTruthy();
    const steps = within(screen.getByTestId('timeline')).getAllByRole('listitem');
    expect(steps.find((s) => s.getAttribute('aria-current') === 'step')?.textContent).toContain('by the teacher');
    // In the order they happen: free cancellation and proposing a new time end, joining opens, the session
    // finishes (or its teacher ends it early).
    expect(steps.filter((s) => s.dataset.event).map((s) => s.dataset.event)).toEqual(['cancel', 'reschedule', 'join', 'finish', 'end']);
    expect(screen.getByTestId('timeline').textContent).toMatch(/Joining opens on Monday, May 6, 2030 at 11:50\sAM/);

    // Inside the window (5 minutes before the start) the button becomes the way into the session.
    clock = Date.parse(approved.starts_at) - 5 * MINUTE;
    await act(async () => {
      vi.advanceTimersByTime(15_000);
    });
    const open = await screen.findByRole('link', { name: 'Join the session' });
    expect(open.getAttribute('href')).toBe('/session/sess-abc123');
    // Past the free-cancellation cutoff: the button and the timeline's cancel step are gone.
    expect(screen.queryByRole('button', { name: 'Cancel request' })).toBeNull();
    const later = within(screen.getByTestId('timeline')).getAllByRole('listitem');
    expect(later.filter((s) => s.dataset.event).map((s) => s.dataset.event)).toEqual(['join', 'finish', 'end']);
    // Its time has come: the step says so instead of a time already past.
    expect(within(screen.getByTestId('timeline')).getByText('Joining is open now')).toBeTruthy();
    // Cancel is no longer offered once it has started (the machine: before the start only).
    clock = Date.parse(approved.starts_at) + MINUTE;
    await act(async () => {
      vi.advanceTimersByTime(15_000);
    });
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Cancel request' })).toBeNull());
    expect(screen.getByRole('link', { name: 'Join the session' })).toBeTruthy();
  });

  it("a rejected request shows the student the teacher's reason and a way to book another teacher", async () => {
    stub(() => detail({ status: 'rejected', actions: [], reject_reason: 'I am travelling that week.' }));
    renderPage();
    const panel = await screen.findByTestId('rejected-panel');
    expect(within(panel).getByRole('heading', { name: 'The teacher could not take this session' })).toBeTruthy();
    expect(within(panel).getByTestId('reject-reason').textContent).toBe('I am travelling that week.');
    expect(within(panel).getByRole('link', { name: 'Book another teacher' }).getAttribute('href')).toMatch(/^\/teachers\?subject=\d+$/);
  });

  it('a free-trial booking promises the trial back, never "hours returned"', async () => {
    stub(() => detail({ actions: ['cancel'], paid_with: 'free_trial' }));
    renderPage();
    const timeline = await screen.findByTestId('timeline');
    expect(within(timeline).getByText(/the free trial is given back/)).toBeTruthy();
    expect(within(timeline).getByText(/you get the free trial back/)).toBeTruthy();
    expect(timeline.textContent).not.toMatch(/hours/);
  });

  it('shows a move in the timeline (en and ar, axe clean); a broadcast offers no move', async () => {
    const movedFrom = new Date(NOW + 2 * HOUR).toISOString();
    const moved = detail({
      actions: ['cancel', 'reschedule'],
      history: [
        { status: 'pending', at: new Date(NOW - HOUR).toISOString(), actor_role: 'student' },
        {
          status: 'pending',
          at: new Date(NOW - 30 * MINUTE).toISOString(),
          actor_role: 'student',
          moved_from: movedFrom,
          moved_to: '2030-05-06T09:00:00.000Z',
        },
      ],
    });
    stub(() => moved);
    renderPage();
    const steps = within(await screen.findByTestId('timeline')).getAllByRole('listitem');
    const current = steps.find((s) => s.getAttribute('aria-current') === 'step');
    expect(current?.textContent).toMatch(/^Moved to Monday, May 6, 2030 at 12:00\sPM/);
    expect(current?.textContent).toContain('by the student');
    cleanup();

    stub(() => moved);
    renderPage({ viewer: { id: 20, role: 'teacher' } }, 'ar');
    const timeline = await screen.findByTestId('timeline');
    expect(timeline.textContent).toContain('نُقلت إلى');
    expect(timeline.textContent).toContain('يمكن للطالب نقلها إلى موعد آخر حتى');
    const audit = await axe.run(timeline.closest('section')!, {
      rules: { 'color-contrast': { enabled: false }, region: { enabled: false } },
    });
    expect(audit.violations).toEqual([]);
    cleanup();

    stub(() => detail({ actions: ['cancel'], broadcast: true }));
    renderPage();
    const broadcastSteps = within(await screen.findByTestId('timeline')).getAllByRole('listitem');
    expect(broadcastSteps.map((s) => s.dataset.event).filter(Boolean)).not.toContain('reschedule');
  });

  it('an approved session with a proposed time: the teacher accepts it; the family waits (en and ar, axe clean)', async () => {
    const history: RequestDetail['history'] = [
      { status: 'pending', at: new Date(NOW - 2 * HOUR).toISOString(), actor_role: 'student' },
      { status: 'approved', at: new Date(NOW - HOUR).toISOString(), actor_role: 'teacher' },
      {
        status: 'approved',
        at: new Date(NOW - 30 * MINUTE).toISOString(),
        actor_role: 'student',
        moved_from: '2030-05-06T09:00:00.000Z',
        moved_to: '2030-05-07T09:00:00.000Z',
        proposal: 'proposed',
      },
    ];
    const proposal = {
      starts_at: '2030-05-07T09:00:00.000Z',
      ends_at: '2030-05-07T11:00:00.000Z',
      by: 'student' as const,
      lapses_at: '2030-05-06T03:00:00.000Z',
    };
    let current = detail({
      status: 'approved',
      actions: ['reschedule_accept', 'reschedule_decline'],
      channel_name: 'sess-p',
      history,
      proposal,
    });
    const calls = stub(
      () => current,
      (path) => {
        current = detail({
          status: 'approved',
          actions: [],
          channel_name: 'sess-p',
          starts_at: proposal.starts_at,
          ends_at: proposal.ends_at,
          proposal: null,
          history: [...history, { ...history[2]!, actor_role: 'teacher', proposal: 'accepted', at: new Date(NOW).toISOString() }],
        });
        return path.endsWith('/reschedule/accept')
          ? { status: 200, json: { message: 'ok', data: current } }
          : { status: 500, json: { message: 'no' } };
      },
    );
    const { user } = renderPage({ viewer: { id: 20, role: 'teacher' } });
    const panel = await screen.findByTestId('proposal-panel');
    expect(within(panel).getByRole('heading', { name: 'A new time is proposed' })).toBeTruthy();
    expect(within(panel).getByTestId('proposal-time').textContent).toMatch(/^The family proposes Tuesday, May 7, 2030 at 12:00\sPM\.$/);
    expect(panel.textContent).toMatch(/unless you accept, until Monday, May 6, 2030 at 6:00\sAM/);
    // The session keeps its time meanwhile; the timeline shows the proposal and the step to answer it.
    expect(screen.getByTestId('session-time').textContent).toContain('Mon, May 6, 2030');
    const timeline = screen.getByTestId('timeline');
    expect(timeline.textContent).toMatch(/New time proposed: Tuesday, May 7, 2030 at 12:00\sPM/);
    expect(timeline.textContent).toMatch(/You can accept or decline the proposed time until Monday, May 6, 2030 at 6:00\sAM/);
    const audit = await axe.run(panel, { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } });
    expect(audit.violations).toEqual([]);
    // Keyboard: Tab reaches Accept, Enter sends it.
    within(panel).getByRole('button', { name: 'Accept the new time' }).focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByTestId('proposal-panel')).toBeNull());
    expect(calls.some((c) => c.method === 'POST' && c.url.endsWith('/v1/requests/1/reschedule/accept'))).toBe(true);
    expect(screen.getByTestId('session-time').textContent).toContain('Tue, May 7, 2030');
    expect(screen.getByTestId('timeline').textContent).toMatch(/Moved to Tuesday, May 7, 2030 at 12:00\sPM/);
    cleanup();

    // The family that proposed it waits, with no answer buttons; in Arabic.
    stub(() => detail({ status: 'approved', actions: ['cancel'], channel_name: 'sess-p', history, proposal }));
    renderPage({ viewer: { id: 10, role: 'student' } }, 'ar');
    const waiting = await screen.findByTestId('proposal-panel');
    expect(within(waiting).getByRole('heading').textContent).toBe('الموعد الذي اقترحته');
    expect(waiting.textContent).toContain('بانتظار رد المعلم حتى');
    expect(within(waiting).queryByRole('button')).toBeNull();
    const auditAr = await axe.run(waiting, { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } });
    expect(auditAr.violations).toEqual([]);
  });

  it('the date line of a viewer in London: their clock, the zone named once, in English and Arabic', async () => {
    stub(() => detail({ actions: ['cancel'] }));
    renderPage({ timeZone: 'Europe/London' });
    // 09:00Z and 11:00Z in May are 10:00 and 12:00 in London (summer time).
    const line = (await screen.findByTestId('session-time')).textContent ?? '';
    expect(line).toMatch(/^Mon, May 6, 2030, 10:00\sAM\s–\s12:00\sPM London time$/);
    expect(line).not.toContain('Qatar');
    cleanup();
    renderPage({ timeZone: 'Europe/London' }, 'ar');
    const ar = (await screen.findByTestId('session-time')).textContent ?? '';
    expect(ar.endsWith('بتوقيت لندن')).toBe(true);
    expect(ar.match(/توقيت/g)).toHaveLength(1);
  });

  it('in Arabic, the clock and its ص/م never part across lines', async () => {
    stub(() => detail({ actions: ['cancel'] }));
    renderPage({}, 'ar');
    const time = await screen.findByTestId('session-time');
    // 12:00 م and 2:00 م: a no-break space inside each clock.
    expect(time.textContent).toMatch(/\d:\d\d\u00a0م/);
    expect(time.textContent).not.toMatch(/\d:\d\d م/);
  });

  it('a teacher sees approve and reject on a pending request, and approving updates the page', async () => {
    let current = detail({ actions: ['approve', 'reject'] });
    const calls = stub(
      () => current,
      (path) => {
        current = detail({
          status: 'approved',
          actions: [],
          channel_name: 'sess-x',
          history: [...current.history, { status: 'approved', at: new Date(NOW).toISOString(), actor_role: 'teacher' }],
        });
        return path.endsWith('/approve')
          ? { status: 200, json: { message: 'ok', data: current } }
          : { status: 500, json: { message: 'no' } };
      },
    );
    const { user } = renderPage({ viewer: { id: 20, role: 'teacher' } });
    await user.click(await screen.findByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(screen.getByText('Approved', { selector: '.request-status' })).toBeTruthy());
    expect(calls.some((c) => c.method === 'POST' && c.url.endsWith('/v1/requests/1/approve'))).toBe(true);
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
  });

  it('after a finished session the student rates once: stars as a radio group, a comment, then the rating shows', async () => {
    const finished = detail({
      status: 'finished',
      actions: ['rate'],
      starts_at: new Date(NOW - 3 * HOUR).toISOString(),
      ends_at: new Date(NOW - HOUR).toISOString(),
    });
    let current = finished;
    const calls = stub(
      () => current,
      (_path, body) => {
        const input = body as { rating: number; comment: string | null };
        current = {
          ...finished,
          actions: [],
          evaluation: { rating: input.rating, comment: input.comment, at: new Date(NOW).toISOString() },
        };
        return { status: 200, json: { message: 'ok', data: current } };
      },
    );
    const { user } = renderPage();
    const group = await screen.findByRole('group', { name: 'How was the session?' });
    const stars = within(group).getAllByRole('radio');
    expect(stars.map((s) => s.getAttribute('value'))).toEqual(['1', '2', '3', '4', '5']);
    expect(within(group).getByRole('radio', { name: '4 stars' })).toBeTruthy();

    // Nothing chosen: the form says so and sends nothing.
    await user.click(screen.getByRole('button', { name: 'Send rating' }));
    expect(screen.getByText('Choose from 1 to 5 stars.')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await user.click(within(group).getByRole('radio', { name: '4 stars' }));
    await user.type(screen.getByRole('textbox', { name: 'Comment (optional)' }), 'Very patient teacher');
    await user.click(screen.getByRole('button', { name: 'Send rating' }));
    await waitFor(() => expect(screen.getByTestId('rating-given').textContent).toContain('4 stars out of 5'));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ rating: 4, comment: 'Very patient teacher' });
    expect(calls.find((c) => c.method === 'POST')?.url).toMatch(/\/v1\/requests\/1\/evaluation$/);
    expect(screen.queryByRole('group', { name: 'How was the session?' })).toBeNull();
  });

  it('a finished session shows who attended and the minutes lost to reconnection', async () => {
    const attendance = {
      request_id: 1,
      participants: [
        {
          role: 'student',
          first_name: 'ليلى',
          gender: 'female',
          first_joined_at: new Date(NOW - 3 * HOUR).toISOString(),
          last_left_at: null,
          minutes_present: 115,
          minutes_lost_to_reconnection: 5,
          events: [],
        },
        {
          role: 'teacher',
          first_name: 'أحمد',
          gender: 'male',
          first_joined_at: null,
          last_left_at: null,
          minutes_present: 0,
          minutes_lost_to_reconnection: 0,
          events: [],
        },
      ],
    };
    const { fetch, calls } = fakeFetch((url) => {
      const path = new URL(url, 'http://localhost').pathname;
      if (/\/v1\/requests\/\d+$/.test(path)) {
        const finished = detail({
          status: 'finished',
          starts_at: new Date(NOW - 3 * HOUR).toISOString(),
          ends_at: new Date(NOW - HOUR).toISOString(),
        });
        return { status: 200, json: { message: 'ok', data: { ...finished, channel_name: 'session-abc' } } };
      }
      if (path.endsWith('/v1/sessions/session-abc/attendance')) return { status: 200, json: { message: 'ok', data: attendance } };
      return { status: 404, json: { message: 'Not found' } };
    });
    vi.stubGlobal('fetch', fetch);
    renderPage();
    const panel = await screen.findByTestId('attendance');
    expect(within(panel).getByRole('heading', { name: 'Attendance' })).toBeTruthy();
    const items = within(panel)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(items[0]).toContain('115 minutes in the session');
    expect(items[0]).toContain('5 minutes lost to reconnection');
    expect(items[1]).toContain('did not join');
    expect(calls.some((c) => c.url.endsWith('/v1/sessions/session-abc/attendance'))).toBe(true);
  });

  it('a session that has not started asks for no attendance', async () => {
    const calls = stub(() => ({
      ...detail({ status: 'approved', starts_at: new Date(NOW + 2 * HOUR).toISOString(), ends_at: new Date(NOW + 3 * HOUR).toISOString() }),
      channel_name: 'session-abc',
    }));
    renderPage();
    await screen.findByTestId('join-session');
    expect(screen.queryByTestId('attendance')).toBeNull();
    expect(calls.some((c) => c.url.includes('/attendance'))).toBe(false);
  });

  it('a teacher gets no rating form, and a rated session shows its rating only', async () => {
    stub(() =>
      detail({
        status: 'finished',
        evaluation: { rating: 5, comment: 'Great', at: new Date(NOW).toISOString() },
        starts_at: new Date(NOW - 3 * HOUR).toISOString(),
        ends_at: new Date(NOW - HOUR).toISOString(),
      }),
    );
    renderPage({ viewer: { id: 20, role: 'teacher' } });
    expect((await screen.findByTestId('rating-given')).textContent).toContain('5 stars out of 5');
    expect(screen.queryByRole('group', { name: 'How was the session?' })).toBeNull();
  });

  it('a closed request says nothing more will happen, and that the hours came back', async () => {
    stub(() =>
      detail({
        status: 'canceled',
        history: [
          { status: 'pending', at: new Date(NOW - HOUR).toISOString(), actor_role: 'student' },
          { status: 'canceled', at: new Date(NOW).toISOString(), actor_role: 'student' },
        ],
      }),
    );
    renderPage();
    expect(await screen.findByText('This request is closed; nothing more will happen to it.')).toBeTruthy();
    expect(screen.getByText('The hours were returned to the balance.')).toBeTruthy();
    expect(screen.queryByTestId('join-session')).toBeNull();
  });

  it('a status change on the private channel refreshes the page without a reload', async () => {
    let current = detail({ actions: ['cancel'] });
    stub(() => current);
    const { realtime } = renderPage();
    await screen.findByText('Pending', { selector: '.request-status' });
    await waitFor(() => expect(realtime.subscriptions()).toContain('private-user-10|request.updated'));
    current = detail({ status: 'approved', actions: ['cancel'], channel_name: 'sess-y' });
    act(() => realtime.fire('private-user-10', 'request.updated', { id: 1, status: 'approved' }));
    expect(await screen.findByText('Approved', { selector: '.request-status' })).toBeTruthy();
  });

  it('in Arabic: labels, the status and the date in Arabic', async () => {
    stub(() => detail({ actions: ['cancel'] }));
    renderPage({}, 'ar');
    expect(await screen.findByRole('heading', { level: 1, name: 'تفاصيل الحصة: Mathematics' })).toBeTruthy();
    expect(screen.getByText('قيد الانتظار', { selector: '.request-status' })).toBeTruthy();
    expect(screen.getByTestId('session-time').textContent).toContain('2030');
    expect(screen.getByTestId('session-time').textContent).toContain('مايو');
    expect(screen.getByRole('heading', { name: 'أين وصل الحجز' })).toBeTruthy();
  });

  it('names the child the lesson is for: full name for the family, first name and phase for the teacher (en and ar)', async () => {
    const named = async () => {
      const value = await screen.findByTestId('session-child');
      return { term: value.previousElementSibling?.textContent, value: value.textContent };
    };
    stub(() => detail({ child: arabicChild }));
    renderPage({}, 'ar');
    expect(await named()).toEqual({ term: 'للطفل', value: 'مريم الكواري' });
    // For the family the child's name opens the child's progress.
    const progress = screen.getByRole('link', { name: 'التقدّم الدراسي: مريم الكواري' });
    expect(progress.getAttribute('href')).toBe('/children/8/progress');
    expect(progress.textContent).toBe('مريم الكواري');
    cleanup();

    stub(() => detail({ child: { ...arabicChild, last_name: null } }));
    renderPage({ viewer: { id: 20, role: 'teacher' } }, 'ar');
    expect(await named()).toEqual({ term: 'للطفل', value: 'مريم · الصف الثاني' });
    // A teacher reads lessons one by one: no link to the child's progress.
    expect(screen.queryByTestId('progress-link-8')).toBeNull();
    cleanup();

    stub(() => detail({ child: childForTeacher }));
    renderPage({ viewer: { id: 20, role: 'teacher' } });
    expect(await named()).toEqual({ term: 'For', value: 'Maryam · Grade 2' });
    // The family account's own name is shown to nobody.
    expect(screen.queryByText('Sara Ali')).toBeNull();
  });

  it('a broadcast another teacher took: "taken by another teacher", no join button, no join window, the approval not theirs (en and ar)', async () => {
    // Five minutes before the start: the join window of the winner is open; the loser is shown none of it.
    const startsAt = NOW + 5 * MINUTE;
    const taken = detail({
      status: 'approved',
      broadcast: true,
      offered: true,
      taken_by_other: true,
      actions: [],
      join_channel: null,
      channel_name: null,
      comment: null,
      child: { ...childForTeacher, id: 0, first_name: '' },
      starts_at: new Date(startsAt).toISOString(),
      ends_at: new Date(startsAt + HOUR).toISOString(),
      history: [
        { status: 'pending', at: new Date(NOW - HOUR).toISOString(), actor_role: 'student' },
        { status: 'approved', at: new Date(NOW - 30 * MINUTE).toISOString(), actor_role: 'teacher' },
      ],
    });
    stub(() => taken);
    renderPage({ viewer: { id: 20, role: 'teacher' } });
    expect(await screen.findByText('Taken by another teacher', { selector: '.request-status' })).toBeTruthy();
    expect(screen.queryByText('Approved', { selector: '.request-status' })).toBeNull();
    expect(screen.getByTestId('taken-panel').textContent).toBe(
      'Another teacher accepted this request first. It is not one of your sessions, and there is nothing to join.',
    );
    expect(screen.queryByTestId('join-session')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Join the session' })).toBeNull();
    expect(screen.queryByText(/You can join from/)).toBeNull();
    const timeline = screen.getByTestId('timeline');
    const steps = within(timeline).getAllByRole('listitem');
    // No next step (no "joining opens", no "finished when it ends"): nothing more happens to it for them.
    expect(steps.filter((s) => s.dataset.event)).toEqual([]);
    expect(timeline.textContent).not.toMatch(/Joining/);
    expect(steps.find((s) => s.getAttribute('aria-current') === 'step')?.textContent).toContain('by another teacher');
    expect(screen.getByText('This request is closed; nothing more will happen to it.')).toBeTruthy();
    cleanup();

    stub(() => taken);
    renderPage({ viewer: { id: 20, role: 'teacher' } }, 'ar');
    expect(await screen.findByText('أخذه معلم آخر', { selector: '.request-status' })).toBeTruthy();
    expect(screen.getByTestId('taken-panel').textContent).toBe('قبِل معلم آخر هذا الطلب أولًا. ليس من حصصك، ولا توجد حصة تنضم إليها.');
    expect(screen.queryByTestId('join-session')).toBeNull();
  });

  it('an unknown request says so', async () => {
    const { fetch } = fakeFetch(() => ({ status: 404, json: { message: 'Not found' } }));
    vi.stubGlobal('fetch', fetch);
    renderPage({ requestId: 999 });
    expect(await screen.findByText('This request could not be found.')).toBeTruthy();
  });
  it('a lesson of a weekly series: "Week 2 of 4", and the family cancels the rest after confirming', async () => {
    const lesson = detail({ actions: ['cancel'], series: { id: 5, week: 2, weeks: 4 } });
    const calls = stub(
      () => lesson,
      (path) =>
        (path.endsWith('/v1/series/5/cancel')
          ? { status: 200, json: { message: 'ok', data: { canceled: [1, 2, 3], kept: [] } } }
          : undefined) ?? { status: 500, json: { message: 'no' } },
    );
    const { user } = renderPage();
    expect((await screen.findByTestId('series-week')).textContent).toBe('Week 2 of 4');
    const trigger = screen.getByRole('button', { name: 'Cancel the rest of the series' });
    await user.click(trigger);
    const dialog = await screen.findByRole('dialog', { name: 'Cancel the rest of the series?' });
    expect(within(dialog).getByText(/a lesson the teacher accepted that starts within 6 hours stays booked/)).toBeTruthy();
    const audit = await axe.run(dialog, { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } });
    expect(audit.violations).toEqual([]);
    // Keep: nothing sent, focus back on the trigger.
    await user.keyboard('{Escape}');
    await waitFor(() => expect(document.activeElement).toBe(trigger));
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
    await user.click(trigger);
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes, cancel the rest' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'POST').map((c) => new URL(c.url, 'http://x').pathname)).toEqual(['/api/v1/series/5/cancel']),
    );
  });

  it('in Arabic; a teacher sees the week but cannot cancel the series; a lesson of its own shows neither', async () => {
    stub(() => detail({ actions: [], series: { id: 5, week: 1, weeks: 3 } }));
    renderPage({ viewer: { id: 20, role: 'teacher' } }, 'ar');
    expect((await screen.findByTestId('series-week')).textContent).toBe('الأسبوع 1 من 3');
    expect(screen.queryByRole('button', { name: 'إلغاء بقية حصص السلسلة' })).toBeNull();
    cleanup();
    stub(() => detail({ actions: ['cancel'] }));
    renderPage();
    await screen.findByRole('heading', { level: 1, name: 'Session details: Mathematics' });
    expect(screen.queryByTestId('series-week')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancel the rest of the series' })).toBeNull();
  });
});

describe('SessionDetailsPage, its teacher cancels a booked session', () => {
  it('asks for a reason (a ready one or free text), refuses an empty one, keeps what was typed, then cancels', async () => {
    let current = detail({ status: 'approved', actions: ['cancel'], channel_name: 'c0ffee' });
    const calls = stub(
      () => current,
      (path) => {
        current = {
          ...current,
          status: 'canceled',
          actions: [],
          history: [...current.history, { status: 'canceled', at: new Date(NOW).toISOString(), actor_role: 'teacher', reason: 'Sick' }],
        };
        return path.endsWith('/cancel')
          ? { status: 200, json: { message: 'ok', data: current } }
          : { status: 500, json: { message: 'no' } };
      },
    );
    const { user } = renderPage({ viewer: { id: 20, role: 'teacher' } });
    await user.click(await screen.findByRole('button', { name: 'Cancel this session' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this session?' });
    // Empty: a message at the field, nothing sent.
    await user.click(within(dialog).getByRole('button', { name: 'Yes, cancel the session' }));
    const box = within(dialog).getByRole('textbox', { name: 'Your reason for the family' });
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect(within(dialog).getByText('Please say why you are cancelling: the family will read it.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
    // A ready reason fills the box; closing and reopening keeps the text.
    await user.click(within(dialog).getByRole('button', { name: 'A family emergency came up.' }));
    expect((box as HTMLTextAreaElement).value).toBe('A family emergency came up.');
    await user.type(box, ' Sorry.');
    await user.click(within(dialog).getByRole('button', { name: 'Keep the session' }));
    await user.click(screen.getByRole('button', { name: 'Cancel this session' }));
    const again = await screen.findByRole('dialog', { name: 'Cancel this session?' });
    expect((within(again).getByRole('textbox') as HTMLTextAreaElement).value).toBe('A family emergency came up. Sorry.');
    const audit = await axe.run(again, { rules: { 'color-contrast': { enabled: false } } });
    expect(audit.violations).toEqual([]);
    await user.click(within(again).getByRole('button', { name: 'Yes, cancel the session' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ reason: 'A family emergency came up. Sorry.' });
    expect(await screen.findByTestId('teacher-canceled-panel')).toBeTruthy();
  });

  it('shows the family who cancelled and why, and the way to book another teacher', async () => {
    stub(() =>
      detail({
        status: 'canceled',
        history: [
          { status: 'pending', at: new Date(NOW - HOUR).toISOString(), actor_role: 'student' },
          { status: 'canceled', at: new Date(NOW).toISOString(), actor_role: 'teacher', reason: 'I am ill' },
        ],
      }),
    );
    renderPage();
    expect((await screen.findByTestId('teacher-cancel-reason')).textContent).toBe('I am ill');
    expect(screen.getByRole('heading', { name: 'The teacher cancelled this session' })).toBeTruthy();
    expect(screen.getByTestId('book-another-teacher')).toBeTruthy();
    expect(screen.getByTestId('timeline-reason').textContent).toBe('Reason: I am ill');
  });
});
