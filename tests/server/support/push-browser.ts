// A browser's side of Web Push, made as a browser makes it: a P-256 key pair and a 16-byte auth secret,
// and the subscription JSON it sends us (POST v1/push-subscriptions) for an endpoint of the test's push
// service. `openPush` decrypts what arrived at that endpoint (aes128gcm, RFC 8188 / RFC 8291, with
// http_ece) as the browser's service worker would read it. Shared by the server's push tests and the
// browser test of reaching people outside the app (e2e/reaching.spec.ts).
import { createECDH, randomBytes, type ECDH } from 'node:crypto';
import { decrypt } from 'http_ece';

export interface PushBrowser {
  ecdh: ECDH;
  auth: string;
  json: { endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } };
}

/** A new subscription of one browser, at `endpoint`. */
export function pushBrowser(endpoint: string): PushBrowser {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16).toString('base64url');
  return { ecdh, auth, json: { endpoint, expirationTime: null, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth } } };
}

/** The payload of a push message that arrived for `browser`, decrypted and parsed as JSON. */
export function openPush<T>(body: Buffer, browser: PushBrowser): T {
  return JSON.parse(decrypt(body, { version: 'aes128gcm', privateKey: browser.ecdh, authSecret: browser.auth }).toString('utf8')) as T;
}
