// How the client decides where pusher-js connects: env first, then the server's config; cloud Pusher
// with TLS forced on cluster eu; the embedded endpoint on the API's own host and port.
import { describe, expect, it } from 'vitest';
import { instructorStatusChannel, instructorStatusEvent, userChannel } from '../../../contract/realtime-names';
import { pusherOptions, settingsFromEnv, settingsFromServer } from '../../../src/realtime/settings';

describe('settingsFromEnv', () => {
  it('is null without a key, so the server is asked', () => {
    expect(settingsFromEnv({})).toBeNull();
    expect(settingsFromEnv({ VITE_PUSHER_KEY: '  ' })).toBeNull();
  });

  it('points a bare key at Pusher Channels, cluster eu, TLS forced', () => {
    expect(settingsFromEnv({ VITE_PUSHER_KEY: 'abc' })).toEqual({ key: 'abc', cluster: 'eu', forceTLS: true });
    expect(settingsFromEnv({ VITE_PUSHER_KEY: 'abc', VITE_PUSHER_CLUSTER: 'mt1' })).toMatchObject({ cluster: 'mt1' });
  });

  it('uses a self-hosted host and port when given', () => {
    expect(settingsFromEnv({ VITE_PUSHER_KEY: 'abc', VITE_PUSHER_HOST: 'rt.example.test', VITE_PUSHER_PORT: '6001' })).toEqual({
      key: 'abc',
      cluster: 'eu',
      host: 'rt.example.test',
      port: 6001,
      forceTLS: false,
    });
  });
});

describe('settingsFromServer', () => {
  it('connects the embedded endpoint to the API origin (default ports included)', () => {
    const embedded = { mode: 'embedded' as const, key: 'k', cluster: 'eu', forceTLS: false };
    expect(settingsFromServer(embedded, new URL('http://localhost:3000/api/'))).toEqual({
      key: 'k',
      cluster: 'eu',
      host: 'localhost',
      port: 3000,
      forceTLS: false,
    });
    expect(settingsFromServer(embedded, new URL('https://noor.example/api/'))).toMatchObject({ host: 'noor.example', port: 443 });
    expect(settingsFromServer(embedded, new URL('http://noor.example/api/'))).toMatchObject({ port: 80 });
  });

  it('uses Pusher Channels when the server runs in pusher mode', () => {
    expect(settingsFromServer({ mode: 'pusher', key: 'pk', cluster: 'eu', forceTLS: true }, new URL('https://noor.example/api/'))).toEqual({
      key: 'pk',
      cluster: 'eu',
      forceTLS: true,
    });
  });
});

describe('pusherOptions', () => {
  it('sets host and both ports for a self-hosted endpoint, WebSocket transports only', () => {
    const options = pusherOptions(
      { key: 'k', cluster: 'eu', host: 'localhost', port: 3000, forceTLS: false },
      { endpoint: '/api/v1/realtime/auth', token: () => null },
    );
    expect(options).toMatchObject({
      cluster: 'eu',
      forceTLS: false,
      wsHost: 'localhost',
      wsPort: 3000,
      wssPort: 3000,
      enabledTransports: ['ws', 'wss'],
    });
    expect(options.channelAuthorization).toMatchObject({ transport: 'ajax', endpoint: '/api/v1/realtime/auth' });
  });

  it('leaves the host to pusher-js for the cloud', () => {
    const options = pusherOptions({ key: 'k', cluster: 'eu', forceTLS: true }, { endpoint: '/a', token: () => null });
    expect(options.wsHost).toBeUndefined();
    expect(options.forceTLS).toBe(true);
  });

  it('reads the bearer token at each authorization, so a later login counts', () => {
    let token: string | null = null;
    const options = pusherOptions({ key: 'k', cluster: 'eu', forceTLS: true }, { endpoint: '/a', token: () => token });
    const provider = (options.channelAuthorization as { headersProvider: () => Record<string, string> }).headersProvider;
    expect(provider().Authorization).toBeUndefined();
    token = 'tok-1';
    expect(provider().Authorization).toBe('Bearer tok-1');
  });
});

describe('channel names', () => {
  it('keep the private prefix on channels and the spec name on the status event', () => {
    expect(instructorStatusChannel(7)).toBe('private-instructor-status-7');
    expect(instructorStatusEvent(7)).toBe('instructor-status-7');
    expect(userChannel(123456)).toBe('private-user-123456');
  });
});
