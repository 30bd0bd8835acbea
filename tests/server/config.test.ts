// Server configuration from the environment: safe defaults for `npm start`, every override honoured.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';

describe('loadConfig', () => {
  it('defaults to port 3000 on loopback, PGlite in ./.data, the built client, demo data, info logs', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      dataDir: path.resolve('.data'),
      databaseUrl: undefined,
      production: false,
      staticDir: path.resolve('dist/client'),
      seedDemo: true,
      logLevel: 'info',
    });
    expect(c.pusher.cluster).toBe('eu');
  });

  it('reads every variable', () => {
    const c = loadConfig({
      PORT: '8080',
      HOST: '0.0.0.0',
      DATA_DIR: '/var/lib/noor',
      DATABASE_URL: 'postgres://u@db/noor',
      NODE_ENV: 'production',
      STATIC_DIR: '/srv/client',
      LOG_LEVEL: 'silent',
      SEED_DEMO: '1',
      PUSHER_KEY: 'k',
      AGORA_APP_ID: 'a',
    });
    expect(c).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      dataDir: '/var/lib/noor',
      databaseUrl: 'postgres://u@db/noor',
      production: true,
      staticDir: '/srv/client',
      logLevel: 'silent',
      seedDemo: false,
    });
    expect(c.pusher.key).toBe('k');
    expect(c.agora.appId).toBe('a');
  });

  it('keeps demo people out of production even when asked, and treats APP_ENV=production like NODE_ENV', () => {
    expect(loadConfig({ APP_ENV: 'production' })).toMatchObject({ production: true, seedDemo: false });
    expect(loadConfig({ NODE_ENV: 'production', SEED_DEMO: '1' }).seedDemo).toBe(false);
    expect(loadConfig({ SEED_DEMO: '1' }).seedDemo).toBe(true);
    expect(loadConfig({ SEED_DEMO: 'false' }).seedDemo).toBe(false);
  });

  it('refuses a port that is not a port, and ignores an unknown log level', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ PORT: '70000' })).toThrow(/PORT/);
    expect(loadConfig({ LOG_LEVEL: 'chatty' }).logLevel).toBe('info');
  });
});
