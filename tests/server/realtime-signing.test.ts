// The signing helpers agree with the official `pusher` SDK: channel auth (private and presence) and
// HTTP API request signatures it computes are the ones we compute and accept; anything else is refused.
import Pusher from 'pusher';
import { describe, expect, it } from 'vitest';
import {
  apiStringToSign,
  hmacSha256Hex,
  md5Hex,
  signChannel,
  verifyApiRequest,
  verifyChannelAuth,
  type AppCredentials,
} from '../../server/realtime/signing';

const app: AppCredentials = { appId: '1234', key: 'app-key', secret: 's3cr3t-ش' };
const sdk = new Pusher({ appId: app.appId, key: app.key, secret: app.secret, host: 'example.test' });

function signedRequest(body: string, params: Record<string, string> = {}) {
  const path = `/apps/${app.appId}/events`;
  const query = Object.fromEntries(new URLSearchParams(sdk.createSignedQueryString({ method: 'POST', path, body, params })));
  return { method: 'POST', path, query, body };
}

describe('channel signatures', () => {
  it.each([
    ['private-instructor-status-7', '123.456'],
    ['private-user-42', '98765.4321'],
    ['private-a_b=c@d,e.f;g', '1.1'],
  ])('matches authorizeChannel for %s', (channel, socketId) => {
    const expected = sdk.authorizeChannel(socketId, channel).auth;
    expect(signChannel(app, socketId, channel)).toBe(expected);
    expect(verifyChannelAuth(app, socketId, channel, expected)).toBe(true);
  });

  it('matches the deprecated authenticate too, and signs presence channel_data', () => {
    const member = { user_id: '7', user_info: { name: 'مريم' } };
    const { auth, channel_data: channelData } = sdk.authenticate('1.2', 'presence-room', member);
    expect(channelData).toBe(JSON.stringify(member));
    expect(signChannel(app, '1.2', 'presence-room', channelData)).toBe(auth);
    expect(verifyChannelAuth(app, '1.2', 'presence-room', auth, channelData)).toBe(true);
    // The member identity is part of what is signed: nobody can claim to be someone else.
    expect(verifyChannelAuth(app, '1.2', 'presence-room', auth, JSON.stringify({ user_id: '8' }))).toBe(false);
  });

  it('refuses a signature for another socket, channel, key or secret, and non-strings', () => {
    const auth = sdk.authorizeChannel('1.2', 'private-user-1').auth;
    expect(verifyChannelAuth(app, '1.3', 'private-user-1', auth)).toBe(false);
    expect(verifyChannelAuth(app, '1.2', 'private-user-2', auth)).toBe(false);
    expect(verifyChannelAuth({ ...app, key: 'other' }, '1.2', 'private-user-1', auth)).toBe(false);
    expect(verifyChannelAuth({ ...app, secret: 'other' }, '1.2', 'private-user-1', auth)).toBe(false);
    expect(verifyChannelAuth(app, '1.2', 'private-user-1', undefined)).toBe(false);
    expect(verifyChannelAuth(app, '1.2', 'private-user-1', auth.slice(0, -1))).toBe(false);
  });
});

describe('HTTP API request signatures', () => {
  const body = JSON.stringify({ name: 'evt', channels: ['c'], data: '{"x":"ي"}' });

  it('accepts what the SDK signs, with and without extra params', () => {
    expect(verifyApiRequest(app, signedRequest(body))).toEqual({ ok: true });
    expect(verifyApiRequest(app, signedRequest(body, { info: 'subscription_count' }))).toEqual({ ok: true });
    expect(signedRequest(body).query.body_md5).toBe(md5Hex(body));
  });

  it('builds the canonical string the SDK signs (sorted keys, raw values, no signature)', () => {
    const request = signedRequest(body, { info: 'user_count,subscription_count' });
    const canonical = apiStringToSign('post', request.path, request.query);
    expect(canonical).toMatch(
      /^POST\n\/apps\/1234\/events\nauth_key=app-key&auth_timestamp=\d+&auth_version=1\.0&body_md5=[0-9a-f]{32}&info=user_count,subscription_count$/,
    );
    expect(hmacSha256Hex(app.secret, canonical)).toBe(request.query.auth_signature);
  });

  it('names the reason for each refusal', () => {
    const good = signedRequest(body);
    const now = Number(good.query.auth_timestamp) * 1000;
    expect(verifyApiRequest(app, { ...good, body: body + ' ' })).toEqual({ ok: false, reason: 'body_md5_mismatch' });
    expect(verifyApiRequest(app, good, now + 601_000)).toEqual({ ok: false, reason: 'stale_timestamp' });
    expect(verifyApiRequest(app, good, now - 601_000)).toEqual({ ok: false, reason: 'stale_timestamp' });
    expect(verifyApiRequest(app, good, now + 599_000)).toEqual({ ok: true });
    expect(verifyApiRequest({ ...app, secret: 'other' }, good)).toEqual({ ok: false, reason: 'bad_signature' });
    expect(verifyApiRequest({ ...app, key: 'other' }, good)).toEqual({ ok: false, reason: 'unknown_key' });
    expect(verifyApiRequest(app, { ...good, path: '/apps/1234/batch_events' })).toEqual({ ok: false, reason: 'bad_signature' });
    expect(verifyApiRequest(app, { ...good, query: { ...good.query, auth_version: '2.0' } })).toEqual({
      ok: false,
      reason: 'unsupported_version',
    });
    const { auth_signature: _dropped, ...unsigned } = good.query;
    expect(verifyApiRequest(app, { ...good, query: unsigned })).toEqual({ ok: false, reason: 'missing_params' });
    // A signed parameter cannot be changed after signing.
    const tampered = signedRequest(body, { info: 'a' });
    expect(verifyApiRequest(app, { ...tampered, query: { ...tampered.query, info: 'b' } })).toEqual({ ok: false, reason: 'bad_signature' });
  });
});
