// The admin API (/api/admin) as one piece: the operators' sign-in and management, the audit log and
// the teacher review, support's tools, every route behind `allow(...roles)` (server/modules/staff/access.ts).
import { Hono } from 'hono';
import type { FileStorage } from '../../adapters/storage';
import type { Publisher } from '../../realtime/publisher';
import type { Rate } from '../../../contract/earnings-rule';
import { earningsAdminRoutes } from '../earnings';
import type { RefundFamilyOrder } from '../packages';
import { adminRoutes } from '../teacher-review/admin';
import { createAccess, type AdminEnv } from './access';
import { staffRoutes } from './routes';
import { supportRoutes } from './support';

export interface AdminApiOptions {
  token: string;
  loopbackOnly?: boolean;
  trustProxy: boolean;
  storage: FileStorage;
  publisher: Publisher | undefined;
  now?: () => Date;
  /** Teachers' earnings: the rate of a teacher without their own. */
  defaultRate: Rate;
  /** The family's refund (packages module), which support makes on the family's behalf. */
  refund: RefundFamilyOrder;
}

export function adminApi({ token, loopbackOnly = true, trustProxy, storage, publisher, now, defaultRate, refund }: AdminApiOptions) {
  const access = createAccess({ token, loopbackOnly, trustProxy, ...(now ? { now } : {}) });
  return new Hono<AdminEnv>()
    .route('/', staffRoutes(access, { trustProxy, ...(now ? { now } : {}) }))
    .route('/', adminRoutes({ access, storage, publisher }))
    .route('/', supportRoutes(access, { refund, ...(now ? { now } : {}) }))
    .route('/', earningsAdminRoutes(access, { defaultRate, now: now ?? (() => new Date()) }));
}

export { createAccess } from './access';
