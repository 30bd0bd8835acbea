// What the auth route files share, built once in routes.ts: the clock, adapters, limits, the hashing
// gate, and the per-address limit and code-sending helpers bound to them.
import type { SmsSender } from '../../adapters/sms';
import type { FileStorage } from '../../adapters/storage';
import { hitRateLimit } from './rate-limit';
import { addressRange, clientIp } from './client-ip';
import { HashGateBusy, type HashGate } from './hash-gate';
import type { SignInLimits } from './limits';
import type { AuthMiddleware } from './middleware';
import { refusedFor, tooMany, type C } from './answers';
import { codeTo, IP_RULES, type SendDeps } from './service';
import type { OtpPurpose } from './otp';

export interface AuthRouteDeps {
  now: () => Date;
  sms: SmsSender;
  storage: FileStorage;
  secret: string;
  limits: SignInLimits;
  gate: HashGate;
  auth: AuthMiddleware;
  /** Per caller address and endpoint; a 429 to return, or null when allowed. */
  ipLimit(c: C, name: string): Promise<Response | null>;
  sendDeps(c: C): SendDeps;
  /**
   * A code to `phone` under the SMS budget (see codeTo); a 429 to return when the budget is spent. A
   * `newNumber` (no account before this call) gets the unreserved share of the budget and at most
   * `newNumbersPerRangePerHour` codes per caller address range.
   */
  textCode(c: C, phone: string, purpose: OtpPurpose, send: boolean, newNumber: boolean): Promise<Response | null>;
  /** Runs password hashing (scrypt) through the gate; a 503 to return when it is saturated. */
  hashing<T>(c: C, work: () => Promise<T>): Promise<{ ok: true; value: T } | { ok: false; response: Response }>;
}

export function authRouteDeps(
  base: Pick<AuthRouteDeps, 'now' | 'sms' | 'storage' | 'secret' | 'limits' | 'gate' | 'auth'> & { trustProxy: boolean },
): AuthRouteDeps {
  const { now, sms, secret, limits, trustProxy } = base;
  const sendDeps = (c: C): SendDeps => ({ db: c.get('db'), sms, secret, now: now(), locale: c.get('locale'), log: c.get('log'), limits });
  return {
    ...base,
    sendDeps,
    async ipLimit(c, name) {
      const result = await hitRateLimit(c.get('db'), `ip:${name}:${clientIp(c, trustProxy)}`, IP_RULES, now());
      return result.ok ? null : tooMany(c, result.retryAfter);
    },
    async textCode(c, phone, purpose, send, newNumber) {
      const address = clientIp(c, trustProxy);
      // No socket (in-process requests in tests) means no range to bound.
      if (newNumber && send && address !== 'unknown') {
        const rule = { limit: limits.sms.newNumbersPerRangePerHour, windowSeconds: 60 * 60 };
        const range = await hitRateLimit(c.get('db'), `sms-new:${addressRange(address)}`, [rule], now());
        if (!range.ok) return refusedFor(c, 429, 'sms_budget_reached', range.retryAfter);
      }
      const budget = await codeTo(sendDeps(c), phone, purpose, send, newNumber);
      return budget.ok ? null : refusedFor(c, 429, 'sms_budget_reached', budget.retryAfter);
    },
    async hashing(c, work) {
      try {
        return { ok: true, value: await base.gate.run(work) };
      } catch (err) {
        if (!(err instanceof HashGateBusy)) throw err;
        c.get('log').warn('password hashing saturated: sign-in refused', { id: c.get('requestId') });
        return { ok: false, response: refusedFor(c, 503, 'auth_busy', 1) };
      }
    },
  };
}
