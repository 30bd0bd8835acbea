// Realtime configuration and publishing: embedded by default with dev keys, Pusher cloud on request
// with every key required; publishing failures come back as `false` quickly and are logged.
import { createServer as createHttpServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { EMBEDDED_DEV_KEYS, loadConfig } from '../../server/config';
import { createLogger } from '../../server/logger';
import { createPublisher } from '../../server/realtime/publisher';
import { clientConfig } from '../../server/realtime/routes';
import { freePort } from './realtime-helpers';

describe('realtime configuration', () => {
  it('defaults to the embedded endpoint with the development keys and cluster eu', () => {
    expect(loadConfig({}).pusher).toEqual({ mode: 'embedded', ...EMBEDDED_DEV_KEYS, cluster: 'eu' });
  });

  it('does not run production on the published development secret', () => {
    const a = loadConfig({ NODE_ENV: 'production' }).pusher;
    const b = loadConfig({ NODE_ENV: 'production' }).pusher;
    expect(a.secret).not.toBe(EMBEDDED_DEV_KEYS.secret);
    expect(a.secret).not.toBe(b.secret);
    expect(loadConfig({ NODE_ENV: 'production', PUSHER_SECRET: 'set' }).pusher.secret).toBe('set');
  });

  it('uses Pusher Channels with TLS when REALTIME=pusher, and requires its keys', () => {
    const env = { REALTIME: 'pusher', PUSHER_APP_ID: '99', PUSHER_KEY: 'pk', PUSHER_SECRET: 'ps' };
    const config = loadConfig(env).pusher;
    expect(config).toEqual({ mode: 'pusher', appId: '99', key: 'pk', secret: 'ps', cluster: 'eu' });
    expect(clientConfig(config)).toEqual({ mode: 'pusher', key: 'pk', cluster: 'eu', forceTLS: true });
    expect(() => loadConfig({ REALTIME: 'pusher', PUSHER_KEY: 'pk' })).toThrow(/PUSHER_APP_ID, PUSHER_SECRET/);
    expect(() => loadConfig({ REALTIME: 'soketi' })).toThrow(/REALTIME/);
  });
});

describe('publisher', () => {
  let blackHole: Server | undefined;
  afterEach(() => new Promise<void>((resolve) => (blackHole ? blackHole.close(() => resolve()) : resolve())));

  it('resolves false and logs when nothing listens, instead of throwing', async () => {
    const lines: string[] = [];
    const port = await freePort();
    const publisher = createPublisher(
      { mode: 'embedded', ...EMBEDDED_DEV_KEYS, cluster: 'eu' },
      { log: createLogger('error', (l) => lines.push(l)), embeddedTarget: () => ({ host: '127.0.0.1', port }) },
    );
    expect(await publisher.publish('private-user-1', 'ping', {})).toBe(false);
    expect(JSON.parse(lines[0] ?? '{}')).toMatchObject({ level: 'error', msg: 'realtime: publish failed', channels: ['private-user-1'] });
  });

  it('gives up after its timeout when the realtime host never answers', async () => {
    blackHole = createHttpServer(() => {
      // never answers
    });
    await new Promise<void>((resolve) => blackHole?.listen(0, '127.0.0.1', () => resolve()));
    const { port } = blackHole.address() as AddressInfo;
    const publisher = createPublisher(
      { mode: 'embedded', ...EMBEDDED_DEV_KEYS, cluster: 'eu' },
      { log: createLogger('silent'), embeddedTarget: () => ({ host: '0.0.0.0', port }), timeoutMs: 200 },
    );
    const started = performance.now();
    expect(await publisher.publish('news', 'ping', {})).toBe(false);
    expect(performance.now() - started).toBeLessThan(2000);
    blackHole.closeAllConnections();
  });
});
