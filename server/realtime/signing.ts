// Pusher's two signatures, computed and checked the way the official SDKs compute them: channel
// authorization ("socket_id:channel[:channel_data]") and HTTP API request signing (auth_* query params).
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

export interface AppCredentials {
  appId: string;
  key: string;
  secret: string;
}

export function hmacSha256Hex(secret: string, data: string): string {
  return createHmac('sha256', secret).update(data, 'utf8').digest('hex');
}

export function md5Hex(body: string): string {
  return createHash('md5').update(body, 'utf8').digest('hex');
}

/** Equal-time string comparison, so a forged signature cannot be found byte by byte. */
export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a, 'utf8');
  const right = Buffer.from(b, 'utf8');
  return left.length === right.length && timingSafeEqual(left, right);
}

function channelAuthString(socketId: string, channel: string, channelData?: string): string {
  return channelData === undefined ? `${socketId}:${channel}` : `${socketId}:${channel}:${channelData}`;
}

/** `<key>:<hex signature>`, the `auth` value a client sends with pusher:subscribe. */
export function signChannel(app: Pick<AppCredentials, 'key' | 'secret'>, socketId: string, channel: string, channelData?: string): string {
  return `${app.key}:${hmacSha256Hex(app.secret, channelAuthString(socketId, channel, channelData))}`;
}

export function verifyChannelAuth(
  app: Pick<AppCredentials, 'key' | 'secret'>,
  socketId: string,
  channel: string,
  auth: unknown,
  channelData?: string,
): boolean {
  if (typeof auth !== 'string') return false;
  return safeEqual(auth, signChannel(app, socketId, channel, channelData));
}

/** The string Pusher signs for an API call: METHOD, path and the sorted query (auth_signature left out). */
export function apiStringToSign(method: string, path: string, query: Record<string, string>): string {
  const sorted = Object.keys(query)
    .filter((k) => k !== 'auth_signature')
    .sort()
    .map((k) => `${k}=${query[k]}`)
    .join('&');
  return `${method.toUpperCase()}\n${path}\n${sorted}`;
}

export type ApiAuthFailure =
  'missing_params' | 'unknown_key' | 'unsupported_version' | 'stale_timestamp' | 'body_md5_mismatch' | 'bad_signature';

/** Pusher allows this much clock difference between the caller and us. */
export const MAX_CLOCK_SKEW_S = 600;

/**
 * Checks a signed HTTP API request as Pusher does: the key is ours, auth_version 1.0, the timestamp
 * within 600 s, body_md5 matches the raw body (when there is one), and the HMAC of the canonical string.
 */
export function verifyApiRequest(
  app: AppCredentials,
  request: { method: string; path: string; query: Record<string, string>; body: string },
  nowMs: number = Date.now(),
): { ok: true } | { ok: false; reason: ApiAuthFailure } {
  const { auth_key: key, auth_timestamp: timestamp, auth_version: version, auth_signature: signature } = request.query;
  if (!key || !timestamp || !version || !signature) return { ok: false, reason: 'missing_params' };
  if (!safeEqual(key, app.key)) return { ok: false, reason: 'unknown_key' };
  if (version !== '1.0') return { ok: false, reason: 'unsupported_version' };
  const seconds = Number(timestamp);
  if (!Number.isFinite(seconds) || Math.abs(nowMs / 1000 - seconds) > MAX_CLOCK_SKEW_S) {
    return { ok: false, reason: 'stale_timestamp' };
  }
  if (request.body !== '' || request.query.body_md5 !== undefined) {
    if (!safeEqual(request.query.body_md5 ?? '', md5Hex(request.body))) return { ok: false, reason: 'body_md5_mismatch' };
  }
  const expected = hmacSha256Hex(app.secret, apiStringToSign(request.method, request.path, request.query));
  if (!safeEqual(signature, expected)) return { ok: false, reason: 'bad_signature' };
  return { ok: true };
}
