// @vitest-environment jsdom
// "Add to calendar" on the session details: offered on a pending or approved session to its parties
// only; a click fetches the .ics with the user's token through the API client and hands it to the
// browser as a file; a failure says so next to the button. Arabic too, and axe clean.
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RequestDetail } from '../../../contract/requests';
import { SessionDetailsPage } from '../../../src/features/session-details/session-details-page';
import { toast } from '../../../src/ui/toast-store';
import { fakeFetch } from '../helpers';
import { detail, fakeRealtime, NOW, renderScreen } from '../requests/fixtures';

const ICS = 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VEVENT\r\nUID:request-1@noor.local\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n';

function serve(current: RequestDetail, ics: { status: number; text?: string } = { status: 200, text: ICS }) {
  const { fetch, calls } = fakeFetch((url) => {
    const path = new URL(url, 'http://localhost').pathname;
    if (/\/v1\/requests\/\d+$/.test(path)) return { status: 200, json: { message: 'ok', data: current } };
    if (/\/v1\/requests\/\d+\/calendar\.ics$/.test(path))
      return ics.status === 200
        ? { status: 200, text: ics.text ?? '' }
        : { status: ics.status, json: { message: 'We could not find this request' } };
    return { status: 404, json: { message: 'Not found' } };
  });
  vi.stubGlobal('fetch', fetch);
  return calls;
}

function show(current: RequestDetail, role: 'student' | 'teacher' = 'student', locale: 'en' | 'ar' = 'en') {
  renderScreen(
    () => (
      <SessionDetailsPage
        requestId={current.id}
        viewer={{ id: role === 'student' ? 10 : 20, role }}
        now={() => NOW}
        timeZone="Asia/Qatar"
        connect={fakeRealtime().connect}
      />
    ),
    locale,
  );
  return userEvent.setup();
}

/** What the page handed to the browser: the file's name and text. */
function captureDownloads() {
  const saved: { name: string; blob: Blob }[] = [];
  const blobs = new Map<string, Blob>();
  vi.stubGlobal(
    'URL',
    Object.assign(class extends URL {}, {
      createObjectURL: (b: Blob) => {
        const u = `blob:${blobs.size}`;
        blobs.set(u, b);
        return u;
      },
      revokeObjectURL: () => undefined,
    }),
  );
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, blob: blobs.get(this.getAttribute('href') ?? '')! });
  });
  return saved;
}

beforeEach(() => {
  toast.clear();
  document.cookie = 'ng-token=token-of-the-family; path=/';
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  document.cookie = 'ng-token=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT';
});

describe('Add to calendar', () => {
  it('downloads the session’s .ics, fetched with the user’s token', async () => {
    const calls = serve(detail({ status: 'approved', channel_name: 'ch-1', actions: ['cancel'] }));
    const saved = captureDownloads();
    const user = show(detail({ status: 'approved', channel_name: 'ch-1', actions: ['cancel'] }));
    await user.click(await screen.findByRole('button', { name: 'Add to calendar' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.name).toBe('noor-session-1.ics');
    expect(saved[0]!.blob.type).toBe('text/calendar;charset=utf-8');
    expect(await saved[0]!.blob.text()).toBe(ICS);
    const call = calls.find((c) => c.url.endsWith('/v1/requests/1/calendar.ics'))!;
    expect(call.headers.get('authorization')).toBe('Bearer token-of-the-family');
    await waitFor(() => expect(toast.getSnapshot()[0]?.summary).toContain('The calendar file was downloaded'));
  });

  it('is offered on a pending request to the family and to a teacher who may approve it, never on a closed one', async () => {
    serve(detail({ actions: ['cancel'] }));
    show(detail({ actions: ['cancel'] }));
    expect(await screen.findByRole('button', { name: 'Add to calendar' })).toBeTruthy();
    cleanup();

    serve(detail({ actions: ['approve', 'reject'] }));
    show(detail({ actions: ['approve', 'reject'] }), 'teacher');
    expect(await screen.findByRole('button', { name: 'Add to calendar' })).toBeTruthy();
    cleanup();

    for (const closed of [
      detail({ status: 'canceled' }),
      detail({ status: 'finished', channel_name: 'ch-1' }),
      detail({ status: 'approved', taken_by_other: true }),
      // A teacher whose offer is no longer open (declined it): nothing to approve, not their session.
      detail({ actions: [] }),
    ]) {
      serve(closed);
      show(closed, 'teacher');
      expect(await screen.findByRole('heading', { level: 1 })).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'Add to calendar' })).toBeNull();
      cleanup();
    }
  });

  it('says so beside the button when the file cannot be fetched, in Arabic too, and passes axe', async () => {
    serve(detail({ actions: ['cancel'] }), { status: 404 });
    captureDownloads();
    const user = show(detail({ actions: ['cancel'] }), 'student', 'ar');
    const button = await screen.findByRole('button', { name: 'إضافة إلى التقويم' });
    await user.click(button);
    expect((await screen.findByRole('alert')).textContent).toBe('تعذّر تنزيل ملف التقويم. يرجى المحاولة مرة أخرى.');
    expect(button.getAttribute('aria-describedby')).toBe('session-calendar-error');
    const audit = await axe.run(button.closest('.session-calendar')!, {
      rules: { 'color-contrast': { enabled: false }, region: { enabled: false } },
    });
    expect(audit.violations.map((v) => `${v.id}: ${v.nodes.length}`)).toEqual([]);
  });
});
