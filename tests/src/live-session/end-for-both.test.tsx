// @vitest-environment jsdom
// End for both: the session's teacher gets the button, a dialog that asks first ("Keep teaching" closes
// it), and on yes the request's `end`; both land on an end screen that says the teacher ended the lesson
// early and what went back to the family's balance — the teacher's own screen at once, the family's
// when the request's realtime notice arrives. A refusal keeps the call going and says why. In English
// and in Arabic, axe clean with the dialog open and on the end screens.
import { screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import { FailureError } from '../../../contract/failure';
import { LiveSessionScreen } from '../../../src/features/live-session/live-session-screen';
import type { SessionApi } from '../../../src/api/sessions';
import { cleanUpAfterEach, renderRouted, type Reply } from '../helpers';
import { detail, fakeRealtime } from '../requests/fixtures';
import { sessionGrant } from './fixtures';

cleanUpAfterEach();

const now = Date.now();
const startsAt = new Date(now - 20 * 60_000).toISOString();
// One hour booked, ended after twenty minutes: the last whole half-hour (30 minutes) went back.
const endedEarly = (refunded: number) =>
  detail({
    id: 12,
    status: 'finished',
    starts_at: startsAt,
    ends_at: new Date(now + 40 * 60_000).toISOString(),
    duration_hours: 1,
    teacher: { id: 20, first_name: 'هدى', last_name: 'الكعبي' },
    history: [
      { status: 'approved', at: startsAt, actor_role: 'teacher' },
      { status: 'finished', at: new Date(now).toISOString(), actor_role: 'teacher', refunded_minutes: refunded },
    ],
  });

function fakeApi(role: 'student' | 'teacher', end: () => Promise<void> = async () => undefined) {
  const grant = sessionGrant(now, { from: now - 20 * 60_000, to: now + 40 * 60_000 }, { role });
  const ended: number[] = [];
  const api: SessionApi = {
    attendance: async () => ({ request_id: 12, participants: [] }),
    leaveOnUnload: () => undefined,
    token: async () => grant,
    report: async () => undefined,
    end: async () => undefined,
    endForBoth: async (id) => {
      ended.push(id);
      await end();
    },
    post: async <T,>() => ({ peers: [] }) as T,
  };
  return { api, ended };
}

function renderSession(role: 'student' | 'teacher', locale: 'en' | 'ar', options: { refunded?: number; end?: () => Promise<void> } = {}) {
  const { api, ended } = fakeApi(role, options.end);
  const realtime = fakeRealtime();
  const route = (url: string): Reply =>
    url.includes('/v1/requests/12')
      ? { status: 200, json: { message: 'ok', data: endedEarly(options.refunded ?? 30) } }
      : { status: 200, json: { message: 'ok', data: [] } };
  const rendered = renderRouted({
    component: () => <LiveSessionScreen channelName="session-xyz" viewerId={8} api={api} connect={realtime.connect} />,
    route,
    locale,
  });
  return { ...rendered, ended, realtime };
}

const audit = async () => {
  const result = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } });
  return result.violations.map((v) => `${v.id}: ${v.nodes.length}`);
};

/** No camera in jsdom: the audio-only call, joined. */
async function joinWithoutCamera(name: string) {
  (await screen.findByRole('button', { name })).click();
  await waitFor(() => expect(screen.getByTestId('live-session').getAttribute('data-step')).toBe('session'));
}

describe('End for both', () => {
  it('asks the teacher first, ends the lesson on yes, and says what went back (en)', async () => {
    const { user, ended } = renderSession('teacher', 'en', { refunded: 60 });
    await joinWithoutCamera('Continue without camera');
    // Ending actions are outlined in the error colour, never louder than the call's own controls.
    for (const name of ['End for both', 'Leave the session']) {
      const button = await screen.findByRole('button', { name });
      expect(button.className).toContain('button-danger');
      expect(button.className).not.toMatch(/button-(primary|secondary)\b/);
    }
    expect(screen.getByTestId('toggle-mic').className).toContain('button-ghost');
    await user.click(await screen.findByRole('button', { name: 'End for both' }));
    const dialog = await screen.findByRole('dialog', { name: 'End the lesson for both?' });
    expect(dialog.textContent).toContain("The whole half-hours not taught go back to the family's balance.");
    expect(await audit()).toEqual([]);
    // "Keep teaching" closes it and sends nothing; the call goes on.
    await user.click(within(dialog).getByRole('button', { name: 'Keep teaching' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(ended).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'End for both' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'End the lesson' }));
    expect(await screen.findByRole('heading', { name: 'You ended the lesson early for both' }, { timeout: 8_000 })).toBeTruthy();
    expect(ended).toEqual([12]);
    expect((await screen.findByTestId('ended-early-refund')).textContent).toBe("1 hour went back to the family's balance.");
    // The request is finished: nobody joins it again.
    expect(screen.queryByRole('button', { name: 'Join again' })).toBeNull();
    expect(await audit()).toEqual([]);
  }, 20_000);

  it('keeps the call going when the server refuses, with its reason', async () => {
    const refusal = new FailureError({
      status: 409,
      code: 'request_not_allowed',
      message: 'The session is already over.',
      fieldErrors: {},
    });
    const { user } = renderSession('teacher', 'en', {
      end: async () => {
        throw refusal;
      },
    });
    await joinWithoutCamera('Continue without camera');
    await user.click(await screen.findByRole('button', { name: 'End for both' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'End the lesson' }));
    const alert = await screen.findByTestId('end-for-both-failed');
    expect([alert.getAttribute('role'), alert.textContent]).toEqual([
      'alert',
      'The lesson could not be ended for both: The session is already over.',
    ]);
    expect(screen.getByTestId('live-session').getAttribute('data-step')).toBe('session');
    expect((screen.getByRole('button', { name: 'End for both' }) as HTMLButtonElement).disabled).toBe(false);
  }, 20_000);

  it("leaves the teacher's own end to its answer when the notice of it arrives first", async () => {
    let answer = () => {};
    const { user, realtime } = renderSession('teacher', 'en', { end: () => new Promise<void>((resolve) => (answer = resolve)) });
    await joinWithoutCamera('Continue without camera');
    await waitFor(() => expect(realtime.subscriptions()).toContain('private-user-8|request.updated'));
    await user.click(await screen.findByRole('button', { name: 'End for both' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'End the lesson' }));
    expect(await screen.findByRole('button', { name: 'Ending the lesson…' })).toBeTruthy();
    // The server's notice of this very end, before its answer: the call waits for the answer.
    realtime.fire('private-user-8', 'request.updated', { id: 12, status: 'finished', ended_early: true });
    // (Taken as the other side's end, the call would be over within a few ticks.)
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(screen.queryByTestId('session-ended')).toBeNull();
    expect(screen.getByRole('button', { name: 'Ending the lesson…' }).getAttribute('aria-busy')).toBe('true');
    answer();
    expect(await screen.findByRole('heading', { name: 'You ended the lesson early for both' }, { timeout: 8_000 })).toBeTruthy();
  }, 20_000);

  it("ends the family's call when the teacher's notice arrives, with the hours back (ar)", async () => {
    const { realtime } = renderSession('student', 'ar', { refunded: 30 });
    await joinWithoutCamera('المتابعة من دون كاميرا');
    // The family has no End for both.
    expect(screen.queryByRole('button', { name: 'إنهاء للطرفين' })).toBeNull();
    await waitFor(() => expect(realtime.subscriptions()).toContain('private-user-8|request.updated'));
    // Another request's notice changes nothing.
    realtime.fire('private-user-8', 'request.updated', { id: 99, status: 'finished', ended_early: true });
    expect(screen.getByTestId('live-session').getAttribute('data-step')).toBe('session');
    realtime.fire('private-user-8', 'request.updated', { id: 12, status: 'finished', ended_early: true });
    expect(await screen.findByRole('heading', { name: 'أنهى المعلم الحصة مبكرًا' }, { timeout: 8_000 })).toBeTruthy();
    expect((await screen.findByTestId('ended-early-refund')).textContent).toBe('عادت 30 دقيقة إلى رصيدك.');
    expect(screen.queryByRole('button', { name: 'الانضمام مرة أخرى' })).toBeNull();
    expect(await audit()).toEqual([]);
  }, 20_000);
});
