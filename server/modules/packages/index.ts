// The packages module's public face: its routes for app.ts, and the ledger services the booking issue
// calls inside its own transactions (debit on request, refund on cancel/reject, the free trial).
import { randomBytes } from 'node:crypto';
import { Hono } from 'hono';
import { createSandboxGateway, type SandboxGateway } from '../../adapters/payments/sandbox';
import type { PaymentGateway, VerifiedConfirmation } from '../../adapters/payments/gateway';
import type { AppEnv } from '../../http/context';
import type { Publisher } from '../../realtime/publisher';
import { familyRefunder, packagesRoutes, type IdentifyCaller } from './routes';
import { companyFromEnv, type Company } from './receipts';
import { sandboxRoutes } from './sandbox-routes';

export { debitHours, refundHours, consumeFreeTrial, restoreFreeTrial, getBalance } from './ledger';
export { InsufficientHoursError } from './errors';
export type { RefundFamilyOrder } from './routes';
export { readReceipt } from './receipts';

export interface PackagesModuleOptions {
  identify: IdentifyCaller;
  /**
   * The payment gateway: Tap (PAYMENTS=tap), or by default the sandbox with a random secret per
   * process: the sandbox signs and verifies within one request of one process, so nothing needs to
   * share it; a forged or replayed confirmation from outside fails verification.
   */
  gateway?: PaymentGateway;
  /** How the sandbox reaches the webhook endpoint; app.ts sends it through the app in-process. */
  deliverWebhook: (body: VerifiedConfirmation & { signature: string }) => Promise<void>;
  now?: () => Date;
  /** Announces payment notifications on the student's private channel. */
  publisher?: Publisher | undefined;
  /** The seller's details on receipts; by default from the COMPANY_* variables. */
  company?: Company;
  /** The time limit of a refund's gateway call (tests shorten it). */
  refundLimitMs?: number;
  /** Development only: the gateway's test switches (see packagesRoutes). */
  devTools?: boolean;
}

function isSandbox(gateway: PaymentGateway): gateway is SandboxGateway {
  return gateway.name === 'sandbox' && 'sign' in gateway && 'verify' in gateway;
}

export function packagesModule({
  identify,
  gateway,
  deliverWebhook,
  now,
  publisher,
  company = companyFromEnv(process.env),
  refundLimitMs,
  devTools = false,
}: PackagesModuleOptions) {
  const chosen = gateway ?? createSandboxGateway({ secret: randomBytes(32).toString('hex') });
  const routes = new Hono<AppEnv>().route(
    '/',
    packagesRoutes({
      gateway: chosen,
      identify,
      publisher,
      company,
      devTools,
      ...(now ? { now } : {}),
      ...(refundLimitMs ? { refundLimitMs } : {}),
    }),
  );
  // The sandbox's own checkout page exists only with the sandbox: with Tap the payer pays on Tap's page.
  if (isSandbox(chosen)) routes.route('/', sandboxRoutes({ gateway: chosen, deliverWebhook, publisher, company, ...(now ? { now } : {}) }));
  // Support refunds through the same function, from the admin API (server/modules/staff/support.ts).
  const refund = familyRefunder({ gateway: chosen, publisher, company, ...(refundLimitMs ? { refundLimitMs } : {}) });
  return { routes, gateway: chosen, refund };
}
