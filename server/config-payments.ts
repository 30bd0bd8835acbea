// Which payment gateway the server uses, read once from the environment and checked at start-up:
// PAYMENTS=sandbox (the embedded default) or PAYMENTS=tap with its key and this site's public URL.
// Misconfiguration stops the process with a sentence naming the variable, never a checkout that fails later.
import { nonEmpty } from './config-env';
import { createSandboxGateway } from './adapters/payments/sandbox';
import { createTapGateway, TAP_API_BASE } from './adapters/payments/tap';
import type { PaymentGateway } from './adapters/payments/gateway';
import { randomBytes } from 'node:crypto';

export type PaymentsConfig =
  { kind: 'sandbox' } | { kind: 'tap'; secretKey: string; apiBase: string; publicUrl: string; timeoutMs: number };

function absoluteUrl(name: string, raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`${name} must be an absolute http(s) URL, got "${raw}"`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error(`${name} must be an absolute http(s) URL, got "${raw}"`);
  return url;
}

export function loadPaymentsConfig(env: NodeJS.ProcessEnv, production: boolean): PaymentsConfig {
  const kind = (nonEmpty(env.PAYMENTS) ?? 'sandbox').toLowerCase();
  if (kind === 'sandbox') return { kind };
  if (kind !== 'tap') throw new Error(`PAYMENTS must be "sandbox" or "tap", got "${env.PAYMENTS}"`);
  const secretKey = nonEmpty(env.TAP_SECRET_KEY);
  if (!secretKey)
    throw new Error("PAYMENTS=tap needs TAP_SECRET_KEY (the secret API key from Tap's dashboard; it also checks the webhooks)");
  if (!/^sk_(test|live)_[A-Za-z0-9]+$/.test(secretKey)) throw new Error('TAP_SECRET_KEY must be a Tap secret key (sk_test_… or sk_live_…)');
  const publicRaw = nonEmpty(env.PUBLIC_URL);
  if (!publicRaw) throw new Error('PAYMENTS=tap needs PUBLIC_URL: Tap sends the payer back to it and posts its webhooks there');
  const publicUrl = absoluteUrl('PUBLIC_URL', publicRaw);
  const apiBase = absoluteUrl('TAP_API_BASE', nonEmpty(env.TAP_API_BASE) ?? TAP_API_BASE);
  const timeoutRaw = nonEmpty(env.TAP_TIMEOUT_MS);
  const timeoutMs = timeoutRaw === undefined ? 10_000 : Number(timeoutRaw);
  if (!Number.isInteger(timeoutMs) || timeoutMs < 500 || timeoutMs > 60_000) {
    throw new Error(`TAP_TIMEOUT_MS must be an integer between 500 and 60000, got "${timeoutRaw}"`);
  }
  if (production) {
    if (apiBase.protocol !== 'https:') throw new Error('TAP_API_BASE must use https in production');
    if (publicUrl.protocol !== 'https:')
      throw new Error('PUBLIC_URL must use https in production with PAYMENTS=tap (Tap posts webhooks to it)');
    // A test key settles nothing real: hours would be given away, as with the sandbox.
    if (secretKey.startsWith('sk_test_') && nonEmpty(env.ALLOW_SANDBOX_PAYMENTS) !== '1') {
      throw new Error('TAP_SECRET_KEY is a test key; set ALLOW_SANDBOX_PAYMENTS=1 only on a staging host');
    }
  }
  return { kind: 'tap', secretKey, apiBase: apiBase.href.replace(/\/+$/, ''), publicUrl: publicUrl.origin, timeoutMs };
}

/** The gateway the configuration names; the sandbox gets a random secret per process. */
export function paymentGatewayFor(config: PaymentsConfig): PaymentGateway {
  if (config.kind === 'sandbox') return createSandboxGateway({ secret: randomBytes(32).toString('hex') });
  return createTapGateway({
    secretKey: config.secretKey,
    apiBase: config.apiBase,
    publicUrl: config.publicUrl,
    timeoutMs: config.timeoutMs,
  });
}
