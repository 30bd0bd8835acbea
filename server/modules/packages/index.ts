// The packages module's public face: its routes for app.ts, and the ledger services the booking issue
// calls inside its own transactions (debit on request, refund on cancel/reject, the free trial).
import { randomBytes } from 'node:crypto';
import { Hono } from 'hono';
import { createSandboxGateway, type SandboxGateway } from '../../adapters/payments/sandbox';
import type { VerifiedConfirmation } from '../../adapters/payments/gateway';
import type { AppEnv } from '../../http/context';
import type { Publisher } from '../../realtime/publisher';
import { packagesRoutes, type IdentifyCaller } from './routes';
import { companyFromEnv, type Company } from './receipts';
import { sandboxRoutes } from './sandbox-routes';

export { debitHours, refundHours, consumeFreeTrial, restoreFreeTrial, getBalance } from './ledger';
export { InsufficientHoursError } from './errors';

export interface PackagesModuleOptions {
  identify: IdentifyCaller;
  /**
   * The sandbox gateway. By default one with a random secret per process: the sandbox signs and
   * verifies within one request of one process, so nothing needs to share it; a forged or replayed
   * confirmation from outside fails verification.
   */
  gateway?: SandboxGateway;
  /** How the sandbox reaches the webhook endpoint; app.ts sends it through the app in-process. */
  deliverWebhook: (body: VerifiedConfirmation & { signature: string }) => Promise<void>;
  now?: () => Date;
  /** Announces payment notifications (issue 8) on the student's private channel. */
  publisher?: Publisher | undefined;
  /** The seller's details on receipts; by default from the COMPANY_* variables. */
  company?: Company;
}

export function packagesModule({ identify, gateway, deliverWebhook, now, publisher, company = companyFromEnv(process.env) }: PackagesModuleOptions) {
  const sandbox = gateway ?? createSandboxGateway({ secret: randomBytes(32).toString('hex') });
  const routes = new Hono<AppEnv>()
    .route('/', packagesRoutes({ gateway: sandbox, identify, publisher, company, ...(now ? { now } : {}) }))
    .route('/', sandboxRoutes({ gateway: sandbox, deliverWebhook, publisher, company, ...(now ? { now } : {}) }));
  return { routes, gateway: sandbox };
}
