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
  /** Per caller address and endpoint; throws a 429 past the limit. */
  ipLimit(c: C, name: string): Promise<void>;
  sendDeps(c: C): SendDeps;
  /**
   * A code to `phone` under the SMS budget (see codeTo); throws a 429 when the budget is spent. A
   * `newNumber` (no account before this call) gets the unreserved share of the budget and at most
   * `newNumbersPerRangePerHour` codes per caller address range.
   */
  textCode(c: C, phone: string, purpose: OtpPurpose, send: boolean, newNumber: boolean): Promise<void>;
  /** Runs password hashing (scrypt) through the gate; throws a 503 when it is saturated. */
  hashing<T>(c: C, work: () => Promise<T>): Promise<T>;
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
      if (!result.ok) throw tooMany(result.retryAfter);
    },
    async textCode(c, phone, purpose, send, newNumber) {
      const address = clientIp(c, trustProxy);
      // No socket (in-process requests in tests) means no range to bound.
      if (newNumber && send && address !== 'unknown') {
        const rule = { limit: limits.sms.newNumbersPerRangePerHour, windowSeconds: 60 * 60 };
        const range = await hitRateLimit(c.get('db'), `sms-new:${addressRange(address)}`, [rule], now());
        if (!range.ok) throw refusedFor(429, 'sms_budget_reached', range.retryAfter);
      }
      const budget = await codeTo(sendDeps(c), phone, purpose, send, newNumber);
      if (!budget.ok) throw refusedFor(429, 'sms_budget_reached', budget.retryAfter);
    },
    async hashing(c, work) {
      try {
        return await base.gate.run(work);
      } catch (err) {
        if (!(err instanceof HashGateBusy)) throw err;
        c.get('log').warn('password hashing saturated: sign-in refused', { id: c.get('requestId') });
        throw refusedFor(503, 'auth_busy', 1);
      }
    },
  };
}
