// This browser's side of Web Push, behind a small port (the push section takes another in tests, where
// there is no service worker): register public/sw.js only when the person turns push on, ask for
// permission, subscribe with the server's VAPID key, and undo it.
import type { PushSubscriptionBody } from '../../api/push';

export interface BrowserPush {
  supported(): boolean;
  permission(): NotificationPermission;
  /** This browser's subscription, if push is on here. */
  current(): Promise<PushSubscriptionBody | null>;
  /** Asks for permission (a click's answer), registers the worker, subscribes; null when refused. */
  subscribe(publicKey: string): Promise<PushSubscriptionBody | null>;
  /** Unsubscribes this browser; the endpoint it had, for the server to forget. */
  unsubscribe(): Promise<string | null>;
}

const WORKER = '/sw.js';

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

function asBody(subscription: PushSubscription): PushSubscriptionBody | null {
  const json = subscription.toJSON();
  if (!json.endpoint || !json.keys?.p256dh || !json.keys.auth) return null;
  return { endpoint: json.endpoint, expirationTime: json.expirationTime ?? null, keys: { p256dh: json.keys.p256dh, auth: json.keys.auth } };
}

async function existing(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration(WORKER);
  return (await registration?.pushManager.getSubscription()) ?? null;
}

export const browserPush: BrowserPush = {
  supported: () => typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window,
  permission: () => Notification.permission,
  async current() {
    const subscription = await existing();
    return subscription ? asBody(subscription) : null;
  },
  async subscribe(publicKey) {
    if ((await Notification.requestPermission()) !== 'granted') return null;
    const registration = await navigator.serviceWorker.register(WORKER);
    await navigator.serviceWorker.ready;
    const subscription = await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) });
    return asBody(subscription);
  },
  async unsubscribe() {
    const subscription = await existing();
    if (!subscription) return null;
    const endpoint = subscription.endpoint;
    await subscription.unsubscribe();
    return endpoint;
  },
};
