// @vitest-environment jsdom
// The profile's "notifications on this device". jsdom has no service worker or push service, so the
// browser's side is a stand-in of the section's BrowserPush port; the API answers as the server does.
// Turning on asks the browser, then sends the subscription; turning off unsubscribes and tells the
// server; a refusal says how to allow it; a browser without push says so. Arabic first, and axe clean.
import { screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { beforeEach, describe, expect, it } from 'vitest';
import type { PushSubscriptionBody } from '../../../src/api/push';
import type { BrowserPush } from '../../../src/features/profile/browser-push';
import { PushSection } from '../../../src/features/profile/push-section';
import { toast } from '../../../src/ui/toast-store';
import { cleanUpAfterEach, renderRouted, type Reply } from '../helpers';

const KEY = 'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U';
const SUBSCRIPTION: PushSubscriptionBody = {
  endpoint: 'https://fcm.googleapis.com/fcm/send/abc',
  expirationTime: null,
  keys: { p256dh: 'p'.repeat(87), auth: 'a'.repeat(22) },
};

/** A browser as the section sees it: what it holds, and what it answers to the permission prompt. */
function fakeBrowser({ supported = true, answer = 'granted' as NotificationPermission } = {}) {
  const state = {
    subscription: null as PushSubscriptionBody | null,
    askedWith: null as string | null,
    permission: 'default' as NotificationPermission,
  };
  const browser: BrowserPush = {
    supported: () => supported,
    permission: () => state.permission,
    current: async () => state.subscription,
    subscribe: async (publicKey) => {
      state.askedWith = publicKey;
      state.permission = answer;
      if (answer !== 'granted') return null;
      state.subscription = SUBSCRIPTION;
      return SUBSCRIPTION;
    },
    unsubscribe: async () => {
      const endpoint = state.subscription?.endpoint ?? null;
      state.subscription = null;
      return endpoint;
    },
  };
  return { browser, state };
}

let count = 0;
function server(url: string, method: string): Reply {
  if (!url.endsWith('/v1/push-subscriptions')) return { status: 404, json: { message: 'not found' } };
  if (method === 'POST') count = 1;
  if (method === 'DELETE') count = 0;
  const message =
    method === 'POST'
      ? 'Notifications will reach this device'
      : method === 'DELETE'
        ? 'Notifications on this device were turned off'
        : 'ok';
  return { status: method === 'POST' ? 201 : 200, json: { message, data: { public_key: KEY, subscriptions: count } } };
}

beforeEach(() => {
  toast.clear();
  count = 0;
});
cleanUpAfterEach();

const section = async (name: string) => within((await screen.findByRole('heading', { level: 2, name })).closest('section')!);

describe('Notifications on this device', () => {
  it('turns on with the server’s key, sends the subscription, then turns off', async () => {
    const { browser, state } = fakeBrowser();
    const { user, calls } = renderRouted({ component: () => <PushSection browser={browser} />, route: server });
    const card = await section('Notifications on this device');
    expect((await card.findByTestId('push-status')).textContent).toBe('Notifications are off for this device.');
    await user.click(card.getByRole('button', { name: 'Turn on notifications on this device' }));
    await waitFor(() => expect(card.getByTestId('push-status').textContent).toBe('Notifications are on for this device.'));
    expect(state.askedWith).toBe(KEY);
    const posted = calls.find((c) => c.method === 'POST');
    expect(posted?.body).toEqual(SUBSCRIPTION);
    await waitFor(() =>
      expect(toast.getSnapshot()[0]).toMatchObject({ severity: 'success', summary: 'Notifications will reach this device' }),
    );

    await user.click(card.getByRole('button', { name: 'Turn off notifications on this device' }));
    await waitFor(() => expect(card.getByTestId('push-status').textContent).toBe('Notifications are off for this device.'));
    expect(calls.find((c) => c.method === 'DELETE')?.body).toEqual({ endpoint: SUBSCRIPTION.endpoint });
    expect(state.subscription).toBeNull();
  });

  it('says how to allow notifications when the browser refuses, and sends nothing', async () => {
    const { browser } = fakeBrowser({ answer: 'denied' });
    const { user, calls } = renderRouted({ component: () => <PushSection browser={browser} />, route: server });
    const card = await section('Notifications on this device');
    await user.click(await card.findByRole('button', { name: 'Turn on notifications on this device' }));
    expect((await card.findByRole('alert')).textContent).toContain('did not allow notifications');
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('says so in a browser without push, without asking the server', async () => {
    const { browser } = fakeBrowser({ supported: false });
    const { calls } = renderRouted({ component: () => <PushSection browser={browser} />, route: server });
    const card = await section('Notifications on this device');
    expect(card.getByTestId('push-unsupported').textContent).toContain('add Noor to the home screen');
    expect(card.queryByRole('button')).toBeNull();
    expect(calls).toEqual([]);
  });

  it('reads in Arabic, right to left, and passes axe', async () => {
    const { browser } = fakeBrowser();
    renderRouted({ locale: 'ar', component: () => <PushSection browser={browser} />, route: server });
    const card = await section('التنبيهات على هذا الجهاز');
    expect(await card.findByRole('button', { name: 'تفعيل التنبيهات على هذا الجهاز' })).toBeTruthy();
    const audit = await axe.run(screen.getByRole('heading', { level: 2, name: 'التنبيهات على هذا الجهاز' }).closest('section')!, {
      rules: { 'color-contrast': { enabled: false }, region: { enabled: false } },
    });
    expect(audit.violations.map((v) => `${v.id}: ${v.nodes.length}`)).toEqual([]);
  });
});
