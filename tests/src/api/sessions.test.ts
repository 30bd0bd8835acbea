// Leaving by closing the tab: the `left` event goes out as a keepalive request (it outlives the page)
// with the bearer token, to the same attendance endpoint as every other event.
import { describe, expect, it } from 'vitest';
import { createApiClient } from '../../../src/api/client';
import { createSessionApi } from '../../../src/api/sessions';

describe('session api: leaveOnUnload', () => {
  it('posts `left` with keepalive and the bearer token', async () => {
    const seen: Request[] = [];
    const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
      seen.push(new Request(input, init));
      return new Response(JSON.stringify({ data: { recorded: true } }), { status: 201, headers: { 'content-type': 'application/json' } });
    };
    const api = createSessionApi(createApiClient({ baseURL: 'http://app.test/api/', fetch, token: () => 'tok-1', locale: () => 'ar' }));
    api.leaveOnUnload('abc', new Date('2026-01-01T10:00:00Z'));
    await expect.poll(() => seen.length).toBe(1);
    const req = seen[0]!;
    expect(req.url).toBe('http://app.test/api/v1/sessions/abc/events');
    expect(req.method).toBe('POST');
    expect(req.keepalive).toBe(true);
    expect(req.headers.get('authorization')).toBe('Bearer tok-1');
    expect(await req.json()).toEqual({ type: 'left', at: '2026-01-01T10:00:00.000Z' });
  });
});
