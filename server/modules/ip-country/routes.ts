// GET /api/v1/ip-country: the visitor's country for the phone input's default, in the plain-text
// protocol the spec gives the lookup (§7, ip2c.org's format): "1;EG" when known — first character 1,
// the code at positions 2–3 — and "2;;;UNKNOWN" when not (a private or unlisted address). The address is
// the socket's peer, or behind our own proxy (TRUST_PROXY) the last X-Forwarded-For entry.
import { Hono } from 'hono';
import type { AppEnv } from '../../http/context';
import { clientIp } from '../auth/client-ip';
import { mmdbCountryLookup, type CountryLookup } from './lookup';

export interface IpCountryOptions {
  trustProxy: boolean;
  lookup?: CountryLookup;
}

export function ipCountryRoutes({ trustProxy, lookup = mmdbCountryLookup() }: IpCountryOptions) {
  return new Hono<AppEnv>().get('/ip-country', async (c) => {
    const country = await lookup(clientIp(c, trustProxy));
    // Per visitor and per address: no shared cache may keep one visitor's answer for another.
    c.header('Cache-Control', 'private, no-store');
    return c.text(country ? `1;${country}` : '2;;;UNKNOWN');
  });
}
