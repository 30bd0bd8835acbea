// GET /api/v1/ip-country: the phone input's default country from the shipped IP database, in the
// spec's plain-text protocol; the forwarded address counts only behind our own proxy (TRUST_PROXY);
// the CSP allows exactly the origin of an outside lookup service when one is configured.
import { describe, expect, it } from 'vitest';
import { createApp } from '../../server/app';
import { originOf } from '../../server/http/security-headers';
import { createLogger } from '../../server/logger';
import { mmdbCountryLookup } from '../../server/modules/ip-country/lookup';
import { freshDb } from './helpers';
import { perFile } from './support/per-file';

const t = perFile(freshDb);

const appWith = (options: Partial<Parameters<typeof createApp>[0]> = {}) =>
  createApp({ db: t.db, log: createLogger('silent'), ...options });
const from = (ip: string) => ({ headers: { 'X-Forwarded-For': ip } });

describe('the shipped IP database', () => {
  const lookup = mmdbCountryLookup();
  it.each([
    ['41.32.0.1', 'EG'],
    ['::ffff:41.32.0.1', 'EG'],
    ['2001:4860:4860::8888', 'US'],
    ['127.0.0.1', null],
    ['unknown', null],
  ])('%s → %s', async (ip, country) => {
    expect(await lookup(ip)).toBe(country);
  });
});

describe('GET /api/v1/ip-country', () => {
  it('behind the proxy: "1;" and the forwarded address\'s country, never cached for another visitor', async () => {
    const app = appWith({ auth: { trustProxy: true } });
    const res = await app.request('/api/v1/ip-country', from('203.0.113.9, 41.32.0.1'));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(res.headers.get('cache-control')).toMatch(/no-store/);
    const body = await res.text();
    expect(body).toBe('1;EG');
    // The client's parser: first character 1, the code at positions 2–3.
    expect(body[0]).toBe('1');
    expect(body.slice(2, 4)).toBe('EG');
  });

  it('without TRUST_PROXY a forwarded header the caller wrote is ignored', async () => {
    const res = await appWith().request('/api/v1/ip-country', from('41.32.0.1'));
    expect(await res.text()).toBe('2;;;UNKNOWN');
  });

  it('an unknown (private) address is not "1": the phone input keeps its default', async () => {
    const res = await appWith({ auth: { trustProxy: true } }).request('/api/v1/ip-country', from('10.1.2.3'));
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('2;;;UNKNOWN');
  });
});

describe('the CSP and an outside lookup service', () => {
  const connectSrc = (res: Response) =>
    res.headers
      .get('content-security-policy')
      ?.split('; ')
      .find((d) => d.startsWith('connect-src')) ?? '';

  it('by default allows no outside lookup origin', async () => {
    const res = await appWith().request('/api/health');
    expect(connectSrc(res)).not.toContain('ip2c');
  });

  it('with VITE_IP_COUNTRY_URL allows exactly its origin (not its path, not other hosts)', async () => {
    const res = await appWith({ ipCountry: { externalUrl: 'https://ip2c.org/self?x=1' } }).request('/api/health');
    expect(connectSrc(res).split(' ')).toContain('https://ip2c.org');
    expect(connectSrc(res)).not.toContain('https://ip2c.org/self');
    expect(connectSrc(res)).not.toContain('*.ip2c.org');
  });

  it.each([
    ['https://ip2c.org/self', 'https://ip2c.org'],
    ['http://geo.example:8080/x', 'http://geo.example:8080'],
    ['/api/v1/ip-country', null],
    ['javascript:alert(1)', null],
    [undefined, null],
  ])('originOf(%s) = %s', (url, origin) => {
    expect(originOf(url)).toBe(origin);
  });
});
