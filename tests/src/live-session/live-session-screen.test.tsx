// @vitest-environment jsdom
// The live-session screen without video configuration (no Agora credentials on the server): the
// device check fails (no camera in jsdom), the user continues without camera, and the call screen says
// clearly that video is not configured while the timer, the quality labels and the controls work —
// in Arabic, the default language. The microphone toggle tells its state to assistive technology.
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { LiveSessionScreen } from '../../../src/features/live-session/live-session-screen';
import type { SessionApi } from '../../../src/api/sessions';
import { makeI18n } from '../helpers';
import { sessionGrant } from './fixtures';

afterEach(cleanup);

const now = Date.now();
const grant = sessionGrant(now, { from: now - 56 * 60_000, to: now + 4 * 60_000 });

/** `teacherJoined`: the server's attendance record shows the teacher in the call. */
function fakeApi(teacherJoined = false, answer = grant): SessionApi & { reports: string[]; unloads: string[] } {
  const reports: string[] = [];
  const unloads: string[] = [];
  return {
    reports,
    unloads,
    attendance: async () => ({
      request_id: 12,
      participants: [
        {
          role: 'teacher',
          first_name: 'هدى',
          gender: 'female',
          first_joined_at: null,
          last_left_at: null,
          minutes_present: 0,
          minutes_lost_to_reconnection: 0,
          events: teacherJoined ? [{ type: 'joined', at: new Date(now).toISOString() }] : [],
        },
      ],
    }),
    leaveOnUnload: (channel) => {
      unloads.push(channel);
    },
    token: async () => answer,
    report: async (_c, type) => {
      reports.push(type);
    },
    end: async () => undefined,
    endForBoth: async () => undefined,
    post: async <T,>() => ({ peers: [] }) as T,
  };
}

async function renderAudioOnly(api: SessionApi) {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <I18nProvider i18n={makeI18n('ar')}>
        <LiveSessionScreen channelName="session-xyz" api={api} />
      </I18nProvider>
    </QueryClientProvider>,
  );
  const heading = await screen.findByRole('heading', { name: 'الكاميرا أو الميكروفون غير متاحين' });
  expect(document.activeElement).toBe(heading);
  fireEvent.click(screen.getByRole('button', { name: 'المتابعة من دون كاميرا' }));
}

describe('live-session screen, video not configured', () => {
  it('names the child the lesson is for where a teacher sees the other participant (first name and phase)', async () => {
    const child = { id: 7, first_name: 'مريم', last_name: null, phase: { id: 2, name: 'الصف الثاني' } };
    await renderAudioOnly(fakeApi(false, { ...grant, role: 'teacher', child }));
    await waitFor(() => expect(screen.getByTestId('peer-presence').textContent).toBe('مريم · الصف الثاني'));
  });

  it('shows the other participant as present when the attendance record says they joined', async () => {
    await renderAudioOnly(fakeApi(true));
    await waitFor(() => expect(screen.getByTestId('peer-presence').getAttribute('data-present')).toBe('true'));
    // The family's screen names the teacher, not "Teacher".
    expect(screen.getByTestId('peer-presence').textContent).toBe('هدى');
    // In her gender: «موجودة», not «موجود».
    expect(screen.getByText('هدى موجودة (من دون فيديو)')).toBeTruthy();
    expect(screen.queryByText('في انتظار انضمام المعلم…')).toBeNull();
  });

  it('speaks of a male teacher in the masculine', async () => {
    await renderAudioOnly(fakeApi(true, { ...grant, teacher_first_name: 'خالد', teacher_gender: 'male' }));
    expect(await screen.findByText('خالد موجود (من دون فيديو)')).toBeTruthy();
  });

  it('offers audio-only after a refused device check, then runs the call with a clear notice (ar)', async () => {
    const api = fakeApi();
    await renderAudioOnly(api);

    expect((await screen.findByTestId('video-not-configured')).textContent).toContain('الفيديو غير مُعَدّ على هذا الخادم');
    await waitFor(() => expect(api.reports).toEqual(['joined']));
    // Less than five minutes are left: the timer and the warning.
    expect(screen.getByTestId('remaining-time').textContent).toMatch(/^0[34]:\d\d$/);
    expect(screen.getByTestId('end-warning').getAttribute('role')).toBe('status');
    expect(screen.getByTestId('peer-quality').textContent).toBe('غير معروفة');
    expect(screen.getByText('في انتظار انضمام المعلم…')).toBeTruthy();

    const mic = screen.getByRole('button', { name: 'كتم الميكروفون' });
    expect(mic.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(mic);
    expect(screen.getByRole('button', { name: 'إلغاء كتم الميكروفون' }).getAttribute('aria-pressed')).toBe('true');
    // Audio only: the camera cannot be turned on.
    expect((screen.getByTestId('toggle-camera') as HTMLButtonElement).disabled).toBe(true);

    // Closing the tab in the call records "left" (a keepalive request that outlives the page).
    expect(api.unloads).toEqual([]);
    fireEvent(window, new Event('pagehide'));
    expect(api.unloads).toEqual(['session-xyz']);
  });
});
