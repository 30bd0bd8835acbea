// The operators' routes of the admin API: sign-in with the second factor (open, throttled per address
// and locked per account), the signed-in member, staff management (admin) and the audit log (admin).
import { Hono, type Context } from 'hono';
import { auditQuerySchema, staffCreateSchema, staffEnrolSchema, staffLoginSchema } from '../../../contract/staff';
import { ApiFailure } from '../../http/errors';
import { ok } from '../../http/respond';
import { jsonBody, queryParams } from '../../http/validate';
import { tr, trValidation } from '../../i18n';
import { clientIp } from '../auth/client-ip';
import { hitRateLimit } from '../auth/rate-limit';
import type { AdminEnv, createAccess } from './access';
import { auditCsv, listAudit, writeAudit } from './audit';
import { confirmEnrolment, createStaff, disableStaff, endSession, findStaff, listStaff, signIn, type StaffMember } from './service';

type Access = ReturnType<typeof createAccess>;

/** Sign-in attempts per address (all accounts together) in ten minutes. */
const SIGN_IN_PER_ADDRESS = { limit: 20, windowSeconds: 600 };

const sessionBody = (s: { staff: StaffMember; token: string; expiresAt: Date }) => ({
  token: s.token,
  expires_at: s.expiresAt.toISOString(),
  staff: s.staff,
});

export function staffRoutes(access: Access, options: { trustProxy: boolean; now?: () => Date }) {
  const now = options.now ?? (() => new Date());
  const { allow } = access;

  const limitAddress = async (c: Context<AdminEnv>) => {
    const address = clientIp(c, options.trustProxy);
    c.set('address', address);
    const hit = await hitRateLimit(c.get('db'), `staff-login:${address}`, [SIGN_IN_PER_ADDRESS], now());
    if (!hit.ok) throw new ApiFailure(429, 'auth_rate_limited', { headers: { 'Retry-After': String(hit.retryAfter) } });
    return address;
  };
  /** A refused sign-in or enrolment; its `code` tells the console which step to show. */
  const refused = (result: { kind: 'invalid' } | { kind: 'locked'; retryAfter: number } | { kind: 'code_required' }) => {
    if (result.kind === 'locked') {
      return new ApiFailure(429, 'auth_account_locked', {
        code: 'auth_account_locked',
        headers: { 'Retry-After': String(result.retryAfter) },
      });
    }
    if (result.kind === 'code_required') {
      return new ApiFailure(422, 'staff_code_required', {
        code: 'staff_code_required',
        fields: (locale) => ({ code: [trValidation('required', locale)] }),
      });
    }
    return new ApiFailure(422, 'staff_invalid_sign_in', {
      code: 'staff_invalid_sign_in',
      fields: (locale) => ({ code: [tr('staff_invalid_sign_in', locale)] }),
    });
  };

  return new Hono<AdminEnv>()
    .post('/auth/login', async (c) => {
      const address = await limitAddress(c);
      const body = await jsonBody(c, staffLoginSchema);
      const result = await signIn(c.get('db'), body, now());
      if (result.kind === 'enrol') return ok(c, { enrol: { secret: result.secret, otpauth_uri: result.uri } });
      if (result.kind !== 'signed_in') throw refused(result);
      await writeAudit(
        c.get('db'),
        { principal: { kind: 'staff', ...result.staff }, address, at: now() },
        { action: 'staff.sign_in', targetType: 'staff', targetId: result.staff.id },
      );
      return ok(c, sessionBody(result));
    })
    .post('/auth/enrol', async (c) => {
      const address = await limitAddress(c);
      const body = await jsonBody(c, staffEnrolSchema);
      const result = await confirmEnrolment(c.get('db'), body, now());
      if (result.kind !== 'enrolled') throw refused(result);
      await writeAudit(
        c.get('db'),
        { principal: { kind: 'staff', ...result.staff }, address, at: now() },
        { action: 'staff.enrol_two_factor', targetType: 'staff', targetId: result.staff.id },
      );
      return ok(c, { ...sessionBody(result), recovery_codes: result.recoveryCodes });
    })
    .post('/auth/logout', allow('reviewer', 'support', 'admin'), async (c) => {
      const token = c.get('staffToken');
      if (token) await endSession(c.get('db'), token);
      const principal = c.get('principal');
      c.set('audit', { action: 'staff.sign_out', targetType: 'staff', ...(principal.kind === 'staff' ? { targetId: principal.id } : {}) });
      return ok(c, null);
    })
    .get('/me', allow('reviewer', 'support', 'admin'), (c) => {
      const principal = c.get('principal');
      c.set('audit', { action: 'staff.me' });
      return ok(
        c,
        principal.kind === 'staff'
          ? { id: principal.id, email: principal.email, name: principal.name, role: principal.role }
          : { id: 0, email: '', name: 'command line', role: 'admin' },
      );
    })
    .get('/staff', allow('admin'), async (c) => {
      c.set('audit', { action: 'staff.list' });
      return ok(c, await listStaff(c.get('db')));
    })
    .post('/staff', allow('admin'), async (c) => {
      const body = await jsonBody(c, staffCreateSchema);
      const created = await createStaff(c.get('db'), body);
      if (!created) throw new ApiFailure(409, 'staff_exists');
      c.set('audit', { action: 'staff.create', targetType: 'staff', targetId: created.id, after: created });
      return c.json({ message: tr('staff_created', c.get('locale')), data: created }, 201);
    })
    .post('/staff/:who/disable', allow('admin'), async (c) => {
      const member = await findStaff(c.get('db'), c.req.param('who'));
      if (!member) throw new ApiFailure(404, 'staff_not_found');
      const principal = c.get('principal');
      if (principal.kind === 'staff' && principal.id === member.id) throw new ApiFailure(409, 'staff_disable_self');
      const changed = member.disabled ? false : await disableStaff(c.get('db'), member.id, now());
      c.set('audit', {
        action: 'staff.disable',
        targetType: 'staff',
        targetId: member.id,
        before: { disabled: member.disabled },
        after: { disabled: true },
      });
      return ok(c, { ...member, disabled: true, changed });
    })
    .get('/audit', allow('admin'), async (c) => {
      const filter = queryParams(c, auditQuerySchema);
      c.set('audit', { action: 'audit.read' });
      return ok(c, await listAudit(c.get('db'), filter));
    })
    .get('/audit.csv', allow('admin'), async (c) => {
      const filter = queryParams(c, auditQuerySchema);
      c.set('audit', { action: 'audit.export' });
      const csv = auditCsv(await listAudit(c.get('db'), filter));
      return c.body(csv, 200, { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': 'attachment; filename="audit.csv"' });
    });
}
