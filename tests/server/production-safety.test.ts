// Production fails closed: without a secret every instance must share, with a test-only
// switch, or with a development endpoint, the server refuses to start and names the variable.
import { describe, expect, it } from 'vitest';
import { assertProductionSafe, loadDatabaseSettings, loadShutdownTimeoutMs } from '../../server/config-instances';
import { createServer, main } from '../../server/main';
import { databaseUrl, freshDb } from './helpers';

const SAFE = {
  NODE_ENV: 'production',
  OTP_SECRET: 'o'.repeat(32),
  PUSHER_SECRET: 'p'.repeat(32),
  ADMIN_TOKEN: 'a'.repeat(32),
  // The sandbox is the only gateway: a production process runs it only on a host that says it is staging.
  ALLOW_SANDBOX_PAYMENTS: '1',
};
const without = (name: keyof typeof SAFE) => Object.fromEntries(Object.entries(SAFE).filter(([k]) => k !== name));

describe('production refuses to start', () => {
  it('starts with every shared secret set (and outside production with none)', () => {
    expect(() => assertProductionSafe(SAFE)).not.toThrow();
    expect(() => assertProductionSafe({ ...without('NODE_ENV'), APP_ENV: 'production' })).not.toThrow();
    expect(() => assertProductionSafe({})).not.toThrow();
  });

  it('without OTP_SECRET', () => {
    expect(() => assertProductionSafe(without('OTP_SECRET'))).toThrow(/OTP_SECRET/);
    expect(() => assertProductionSafe({ ...SAFE, OTP_SECRET: '  ' })).toThrow(/OTP_SECRET/);
  });

  it('without PUSHER_SECRET with the embedded realtime (Pusher Channels checks its own keys)', () => {
    expect(() => assertProductionSafe(without('PUSHER_SECRET'))).toThrow(/PUSHER_SECRET/);
    expect(() => assertProductionSafe({ ...SAFE, PUSHER_SECRET: 'noor-local-secret' })).toThrow(/PUSHER_SECRET/);
    expect(() => assertProductionSafe({ ...without('PUSHER_SECRET'), REALTIME: 'pusher' })).not.toThrow();
  });

  it('without ADMIN_TOKEN', () => {
    expect(() => assertProductionSafe(without('ADMIN_TOKEN'))).toThrow(/ADMIN_TOKEN/);
  });

  it('with a short ADMIN_TOKEN (guessable), but with a long one it starts', () => {
    expect(() => assertProductionSafe({ ...SAFE, ADMIN_TOKEN: 'x' })).toThrow(/ADMIN_TOKEN is too short/);
    expect(() => assertProductionSafe({ ...SAFE, ADMIN_TOKEN: 'a'.repeat(31) })).toThrow(/ADMIN_TOKEN is too short/);
    expect(() => assertProductionSafe({ ...SAFE, ADMIN_TOKEN: 'a'.repeat(32) })).not.toThrow();
  });

  it('with a test-only switch: AUTH_IP_LIMIT_PER_MINUTE, AUTH_PHONE_LIMIT_SCALE', () => {
    expect(() => assertProductionSafe({ ...SAFE, AUTH_IP_LIMIT_PER_MINUTE: '1000' })).toThrow(/AUTH_IP_LIMIT_PER_MINUTE/);
    expect(() => assertProductionSafe({ ...SAFE, AUTH_PHONE_LIMIT_SCALE: '100' })).toThrow(/AUTH_PHONE_LIMIT_SCALE/);
  });

  it('with a development endpoint: RTC_ADAPTER=fake (the test relay)', () => {
    expect(() => assertProductionSafe({ ...SAFE, RTC_ADAPTER: 'fake' })).toThrow(/RTC_ADAPTER/);
  });

  it('with the sandbox payment gateway, unless a staging host allows it explicitly', () => {
    expect(() => assertProductionSafe(without('ALLOW_SANDBOX_PAYMENTS'))).toThrow(/ALLOW_SANDBOX_PAYMENTS/);
    expect(() => assertProductionSafe({ ...SAFE, ALLOW_SANDBOX_PAYMENTS: 'yes please' })).toThrow(/ALLOW_SANDBOX_PAYMENTS/);
    expect(() => assertProductionSafe({ ...SAFE, ALLOW_SANDBOX_PAYMENTS: '0' })).toThrow(/ALLOW_SANDBOX_PAYMENTS/);
    expect(() => assertProductionSafe({ ALLOW_SANDBOX_PAYMENTS: '' })).not.toThrow();
  });

  it('when asked to seed demo accounts, whose password is published', () => {
    for (const on of ['1', 'true', 'YES']) expect(() => assertProductionSafe({ ...SAFE, SEED_DEMO: on })).toThrow(/SEED_DEMO/);
    for (const off of ['0', 'false', '']) expect(() => assertProductionSafe({ ...SAFE, SEED_DEMO: off })).not.toThrow();
  });

  it('is what the entry point does before opening anything', async () => {
    await expect(main(without('ALLOW_SANDBOX_PAYMENTS'))).rejects.toThrow(/refusing to start in production: the sandbox payment gateway/);
    await expect(main(without('ADMIN_TOKEN'))).rejects.toThrow(/refusing to start in production: ADMIN_TOKEN/);
  });
});

describe('demo data in production', () => {
  it('is never seeded, even when the caller of the server asks for it', async () => {
    const t = databaseUrl ? await freshDb() : undefined;
    const server = await createServer({
      logLevel: 'silent',
      production: true,
      seedDemo: true,
      admin: { token: 'a'.repeat(32) },
      remindersEveryMs: 0,
      requestSweepEveryMs: 0,
      ...(t?.schema ? { databaseUrl, databaseSchema: t.schema } : {}),
    });
    try {
      const people = await server.db.one<{ n: number }>('SELECT count(*)::int AS n FROM users');
      expect(people?.n).toBe(0);
      // The reference data a site needs is still there.
      expect((await server.db.one<{ n: number }>('SELECT count(*)::int AS n FROM subjects'))?.n).toBeGreaterThan(0);
    } finally {
      await server.close();
      await t?.close();
    }
  });
});

describe('database and process settings by environment', () => {
  it('has defaults for one small instance and reads every override', () => {
    expect(loadDatabaseSettings({})).toEqual({
      poolMax: 10,
      connectTimeoutMs: 5000,
      statementTimeoutMs: 15_000,
      idleInTransactionTimeoutMs: 10_000,
      applicationName: 'noor-api',
      listenUrl: undefined,
      readyTimeoutMs: 2000,
    });
    expect(
      loadDatabaseSettings({
        DB_POOL_MAX: '4',
        DB_CONNECT_TIMEOUT_MS: '1000',
        DB_STATEMENT_TIMEOUT_MS: '0',
        DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: '500',
        DB_APPLICATION_NAME: 'noor-api-2',
        READY_TIMEOUT_MS: '300',
        DATABASE_LISTEN_URL: 'postgres://noor@db:5432/noor',
      }),
    ).toEqual({
      poolMax: 4,
      connectTimeoutMs: 1000,
      statementTimeoutMs: 0,
      idleInTransactionTimeoutMs: 500,
      applicationName: 'noor-api-2',
      listenUrl: 'postgres://noor@db:5432/noor',
      readyTimeoutMs: 300,
    });
    expect(loadShutdownTimeoutMs({ SHUTDOWN_TIMEOUT_MS: '5000' })).toBe(5000);
  });

  it('refuses nonsense, naming the variable', () => {
    expect(() => loadDatabaseSettings({ DB_POOL_MAX: '0' })).toThrow(/DB_POOL_MAX/);
    expect(() => loadDatabaseSettings({ DB_STATEMENT_TIMEOUT_MS: 'soon' })).toThrow(/DB_STATEMENT_TIMEOUT_MS/);
  });
});
