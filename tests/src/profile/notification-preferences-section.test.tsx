// @vitest-environment jsdom
// The profile's "How we tell you": each kind by e-mail and on devices, reminders also by text message
// (off until asked for, with the month's count), news by e-mail only, quiet hours in the person's zone,
// and what always arrives said plainly. The API answers as the server does (it keeps what was PUT).
// Saving sends every choice; the same start and end is refused before anything is sent; the ways
// the person cannot be reached yet are named. Keyboard-operable, Arabic first, and axe clean.
import { screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { beforeEach, describe, expect, it } from 'vitest';
import type { NotificationPreferences, PreferencesInput } from '../../../contract/notification-preferences';
import { NotificationPreferencesSection } from '../../../src/features/profile/notification-preferences-section';
import { toast } from '../../../src/ui/toast-store';
import { cleanUpAfterEach, renderRouted, type Reply } from '../helpers';

const on = { email: true, push: true };
let stored: NotificationPreferences;

function server(url: string, method: string, body?: unknown): Reply {
  if (!url.endsWith('/v1/profile/notification-preferences')) return { status: 404, json: { message: 'not found' } };
  if (method === 'PUT') {
    const input = body as PreferencesInput;
    stored = { ...stored, ...input, kinds: { ...stored.kinds, ...input.kinds } } as NotificationPreferences;
    return { status: 200, json: { message: 'Your notification settings were saved', data: stored } };
  }
  return { status: 200, json: { message: 'ok', data: stored } };
}

beforeEach(() => {
  toast.clear();
  stored = {
    kinds: { reminders: { ...on, sms: false }, bookings: on, messages: on, payments: on, news: { email: false } },
    quiet_hours: { enabled: false, start: '21:00', end: '07:00' },
    reachable: { email: true, push: true, sms: true },
    sms_month: { used: 3, limit: 30 },
    time_zone: 'Asia/Riyadh',
  };
});
cleanUpAfterEach();

function render(locale: 'en' | 'ar' = 'en') {
  // The fake fetch passes no body to the route: read it from the recorded call (a PUT comes after render).
  const rendered: ReturnType<typeof renderRouted> = renderRouted({
    locale,
    component: () => <NotificationPreferencesSection />,
    route: (url, method) => server(url, method, method === 'PUT' ? rendered.calls.at(-1)?.body : undefined),
  });
  return rendered;
}

const section = async (name: string) => within((await screen.findByRole('heading', { level: 2, name })).closest('section')!);

describe('How we tell you', () => {
  it('shows the choices, and saves every kind, channel and the quiet hours', async () => {
    const { user, calls } = render();
    const card = await section('How we tell you');
    const messagesByEmail = await card.findByRole('checkbox', { name: 'New messages By e-mail' });
    expect(messagesByEmail).toHaveProperty('checked', true);
    expect(card.getAllByRole('checkbox', { checked: true })).toHaveLength(8);
    await user.click(messagesByEmail);
    // SMS is offered for reminders only, news by e-mail only: both start off.
    const remindersBySms = card.getByRole('checkbox', { name: 'Lesson reminders By text message' });
    expect(remindersBySms).toHaveProperty('checked', false);
    expect(card.queryByRole('checkbox', { name: 'New messages By text message' })).toBeNull();
    expect(card.queryByRole('checkbox', { name: 'Noor news and offers On your devices' })).toBeNull();
    await user.click(remindersBySms);
    await user.click(card.getByRole('checkbox', { name: 'Noor news and offers By e-mail' }));
    expect(card.getByTestId('prefs-sms').textContent).toMatch(/at most 30 a month\. Sent this month: 3\./);
    await user.click(card.getByRole('checkbox', { name: 'Hold device notifications and text messages during quiet hours' }));
    const from = card.getByLabelText('From');
    await user.clear(from);
    await user.type(from, '22:30');
    expect(card.getByText(/In your time zone \(Riyadh time\)/)).toBeTruthy();
    expect(card.getByTestId('prefs-always').textContent).toContain('cannot be turned off');
    await user.click(card.getByRole('button', { name: 'Save notification settings' }));
    await waitFor(() =>
      expect(toast.getSnapshot()[0]).toMatchObject({ severity: 'success', summary: 'Your notification settings were saved' }),
    );
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      kinds: {
        reminders: { ...on, sms: true },
        bookings: on,
        messages: { email: false, push: true },
        payments: on,
        news: { email: true },
      },
      quiet_hours: { enabled: true, start: '22:30', end: '07:00' },
    });
  });

  it('refuses quiet hours that start and end at the same time, before sending anything', async () => {
    const { user, calls } = render();
    const card = await section('How we tell you');
    await user.click(await card.findByRole('checkbox', { name: 'Hold device notifications and text messages during quiet hours' }));
    const until = card.getByLabelText('Until');
    await user.clear(until);
    await user.type(until, '21:00');
    expect(card.getByText('Choose an end different from the start.')).toBeTruthy();
    expect(card.getByRole('button', { name: 'Save notification settings' })).toHaveProperty('disabled', true);
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);
  });

  it('says which ways cannot reach the person yet', async () => {
    stored = { ...stored, reachable: { email: false, push: false, sms: true } };
    render();
    const card = await section('How we tell you');
    expect((await card.findByTestId('prefs-no-email')).textContent).toContain('no verified e-mail address');
    expect(card.getByTestId('prefs-no-push').textContent).toContain('Notifications on this device');
  });

  it('works from the keyboard, reads in Arabic, and passes axe', async () => {
    const { user } = render('ar');
    const card = await section('كيف نبلغك');
    const first = await card.findByRole('checkbox', { name: 'تذكيرات الحصص بالبريد الإلكتروني' });
    first.focus();
    await user.keyboard(' ');
    expect(first).toHaveProperty('checked', false);
    await user.tab();
    expect(document.activeElement).toBe(card.getByRole('checkbox', { name: 'تذكيرات الحصص على أجهزتك' }));
    expect(card.getByText(/بتوقيت الرياض/)).toBeTruthy();
    const audit = await axe.run(screen.getByRole('heading', { level: 2, name: 'كيف نبلغك' }).closest('section')!, {
      rules: { 'color-contrast': { enabled: false }, region: { enabled: false } },
    });
    expect(audit.violations.map((v) => `${v.id}: ${v.nodes.length}`)).toEqual([]);
  });
});
