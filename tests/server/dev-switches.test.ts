// the development switches fail closed — the dev outbox, the public realtime secret and the
// fixed code key only in development on a loopback listener; the e2e rate-limit relaxations are read
// through server/config.ts and refused in production, like RTC_ADAPTER=fake.
import { describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { EMBEDDED_DEV_KEYS, loadConfig, startWarnings } from '../../server/config';
import { createLogger } from '../../server/logger';
import { seededDb } from './helpers';
import { perFile } from './support/per-file';

describe('configuration', () => {
  it('development on loopback: dev tools on, the public realtime secret', () => {
    const config = loadConfig({ HOST: '127.0.0.1' });
    expect(config.devTools).toBe(true);
    expect(config.pusher.secret).toBe(EMBEDDED_DEV_KEYS.secret);
  });

  it.each(['0.0.0.0', '::', '192.168.1.20', 'example.org'])(
    'development listening on %s: dev tools off, a random realtime secret',
    (host) => {
      const config = loadConfig({ HOST: host });
      expect(config.devTools).toBe(false);
      expect(config.pusher.secret).not.toBe(EMBEDDED_DEV_KEYS.secret);
    },
  );

  it.each(['0.0.0.0', '::', '192.168.1.20'])('development listening on %s: a warning at start names HOST', (host) => {
    const warnings = startWarnings(loadConfig({ HOST: host }));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain(`HOST=${host}`);
  });

  it('no start warning on loopback, nor in production on any address', () => {
    for (const env of [{}, { HOST: '127.0.0.1' }, { HOST: 'localhost' }, { HOST: '::1' }, { NODE_ENV: 'production', HOST: '0.0.0.0' }]) {
      expect(startWarnings(loadConfig(env)), JSON.stringify(env)).toEqual([]);
    }
  });

  it('production on loopback: dev tools off', () => {
    expect(loadConfig({ NODE_ENV: 'production', HOST: '127.0.0.1' }).devTools).toBe(false);
  });

  it.each(['AUTH_IP_LIMIT_PER_MINUTE', 'AUTH_PHONE_LIMIT_SCALE'])('%s is read in development and refused in production', (name) => {
    const relaxed = loadConfig({ [name]: '100' }).authRelaxations;
    expect(name === 'AUTH_IP_LIMIT_PER_MINUTE' ? relaxed.ipPerMinute : relaxed.phoneScale).toBe(100);
    expect(() => loadConfig({ NODE_ENV: 'production', [name]: '100' })).toThrow(/not production/);
    expect(() => loadConfig({ [name]: 'lots' })).toThrow(/positive integer/);
  });
});

describe('the app without dev tools', () => {
  const t = perFile(seededDb, 120_000);

  it('has no readable outbox', async () => {
    const open = createApp({ db: t.db, log: createLogger('silent'), auth: { devTools: true } });
    const closed = createApp({ db: t.db, log: createLogger('silent'), auth: { devTools: false } });
    expect((await open.request('/api/v1/dev/outbox?phone=%2B97455000001')).status).toBe(200);
    expect((await closed.request('/api/v1/dev/outbox?phone=%2B97455000001')).status).toBe(404);
  });
});
