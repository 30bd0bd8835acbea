// Support's tools in the admin API: a family found by phone (children, balance, ledger, orders, requests),
// hours credited or debited with a required reason (a ledger row naming the staff member), promo
// codes created, paused, resumed and counted, and the messages families and teachers reported.
import { Hono } from 'hono';
import { hoursAdjustmentSchema, promoCreateSchema, reportedListQuerySchema, reportReviewSchema } from '../../../contract/staff';
import type { Queryable } from '../../db';
import { ApiFailure } from '../../http/errors';
import { ok } from '../../http/respond';
import { jsonBody } from '../../http/validate';
import { normalisePhone } from '../auth/phone';
import { reportedMessages, reviewReport } from '../messages';
import { balanceMinutes, hoursToMinutes, minutesToHours } from '../packages/ledger';
import type { AdminEnv, createAccess } from './access';

type Access = ReturnType<typeof createAccess>;

const DAY_MS = 24 * 3600 * 1000;
const DEFAULT_CREDIT_DAYS = 90;
const SUPPORT = ['support', 'admin'] as const;

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

async function familyById(q: Queryable, id: number) {
  return q.one<{ id: number; phone: string; first_name: string; last_name: string; email: string | null; created_at: Date }>(
    "SELECT id, phone, first_name, last_name, email, created_at FROM users WHERE id = $1 AND type = 'student'",
    [id],
  );
}

/** Draws `minutes` from valid credits, earliest expiry first, as adjustment rows; false when they do not cover it. */
async function debitAdjustment(
  tx: Queryable,
  userId: number,
  minutes: number,
  note: string,
  staffId: number | null,
  now: Date,
): Promise<boolean> {
  const credits = await tx.query<{ id: number; remaining: number }>(
    `SELECT c.id, (c.delta_minutes + COALESCE(SUM(d.delta_minutes), 0))::int AS remaining
       FROM hours_ledger c LEFT JOIN hours_ledger d ON d.credit_id = c.id
      WHERE c.user_id = $1 AND c.credit_id IS NULL AND c.expires_at > $2
      GROUP BY c.id ORDER BY c.expires_at, c.id`,
    [userId, now],
  );
  const usable = credits.filter((c) => c.remaining > 0);
  if (usable.reduce((s, c) => s + c.remaining, 0) < minutes) return false;
  let left = minutes;
  for (const c of usable) {
    if (left === 0) break;
    const take = Math.min(left, c.remaining);
    await tx.query(
      `INSERT INTO hours_ledger (user_id, delta_minutes, reason, credit_id, note, staff_id, created_at) VALUES ($1, $2, 'adjustment', $3, $4, $5, $6)`,
      [userId, -take, c.id, note, staffId, now],
    );
    left -= take;
  }
  return true;
}

export function supportRoutes(access: Access, options: { now?: () => Date } = {}) {
  const now = options.now ?? (() => new Date());
  const { allow } = access;
  return (
    new Hono<AdminEnv>()
      // Messages a family or a teacher reported, for review (the console's "Reported messages" screen).
      .get('/reported-messages', allow(...SUPPORT), async (c) => {
        const parsed = reportedListQuerySchema.safeParse({ state: c.req.query('state') || undefined });
        if (!parsed.success) throw new ApiFailure(400, 'validation_failed');
        c.set('audit', { action: 'messages.reported', after: { state: parsed.data.state } });
        return ok(c, await reportedMessages(c.get('db'), parsed.data.state));
      })
      .post('/reported-messages/:id/review', allow(...SUPPORT), async (c) => {
        const id = /^\d{1,9}$/.test(c.req.param('id')) ? Number(c.req.param('id')) : 0;
        const body = await jsonBody(c, reportReviewSchema);
        const principal = c.get('principal');
        await reviewReport(c.get('db'), id, body.outcome, principal.kind === 'staff' ? principal.id : null, now());
        c.set('audit', {
          action: `messages.report_${body.outcome}`,
          targetType: 'message',
          targetId: id,
          before: { outcome: null },
          after: { outcome: body.outcome },
        });
        return ok(c, { id, outcome: body.outcome });
      })
      .get('/families', allow(...SUPPORT), async (c) => {
        const raw = c.req.query('phone') ?? '';
        const phone =
          raw.length <= 30 ? normalisePhone(raw.trim().startsWith('+') ? raw.trim() : `+${raw.trim().replace(/^00/, '')}`) : null;
        if (!phone) throw new ApiFailure(400, 'validation_failed');
        const db = c.get('db');
        const family = await db.one<{ id: number }>("SELECT id FROM users WHERE phone = $1 AND type = 'student'", [phone]);
        if (!family) throw new ApiFailure(404, 'family_not_found');
        const person = (await familyById(db, family.id))!;
        const at = now();
        const [children, ledger, orders, requests] = await Promise.all([
          db.query<{ id: number; first_name: string; last_name: string; phase_id: number; archived_at: Date | null }>(
            'SELECT id, first_name, last_name, phase_id, archived_at FROM children WHERE family_id = $1 ORDER BY id',
            [family.id],
          ),
          db.query<{
            id: number;
            delta_minutes: number;
            reason: string;
            note: string | null;
            staff: string | null;
            expires_at: Date | null;
            created_at: Date;
          }>(
            `SELECT l.id, l.delta_minutes, l.reason, l.note, s.name || ' <' || s.email || '>' AS staff, l.expires_at, l.created_at
             FROM hours_ledger l LEFT JOIN staff s ON s.id = l.staff_id WHERE l.user_id = $1 ORDER BY l.created_at DESC, l.id DESC LIMIT 100`,
            [family.id],
          ),
          db.query<{
            id: number;
            status: string;
            hours: number;
            amount_minor: number;
            currency: string;
            created_at: Date;
            paid_at: Date | null;
          }>(
            'SELECT id, status, hours, amount_minor, currency, created_at, paid_at FROM orders WHERE user_id = $1 ORDER BY created_at DESC, id DESC LIMIT 50',
            [family.id],
          ),
          db.query<{ id: number; status: string; starts_at: Date; duration_hours: string | number; teacher_id: number | null }>(
            'SELECT id, status, starts_at, duration_hours, teacher_id FROM requests WHERE student_id = $1 ORDER BY created_at DESC, id DESC LIMIT 50',
            [family.id],
          ),
        ]);
        c.set('audit', { action: 'families.show', targetType: 'family', targetId: family.id });
        return ok(c, {
          family: {
            id: person.id,
            phone: person.phone,
            name: `${person.first_name} ${person.last_name}`,
            email: person.email,
            created_at: iso(person.created_at),
          },
          children: children.map((ch) => ({ ...ch, archived_at: iso(ch.archived_at) })),
          balance_hours: minutesToHours(await balanceMinutes(db, family.id, at)),
          ledger: ledger.map((l) => ({
            id: l.id,
            hours: minutesToHours(l.delta_minutes),
            reason: l.reason,
            note: l.note,
            staff: l.staff,
            expires_at: iso(l.expires_at),
            at: iso(l.created_at),
          })),
          orders: orders.map((o) => ({ ...o, created_at: iso(o.created_at), paid_at: iso(o.paid_at) })),
          requests: requests.map((r) => ({ ...r, duration_hours: Number(r.duration_hours), starts_at: iso(r.starts_at) })),
        });
      })
      .post('/families/:id/hours', allow(...SUPPORT), async (c) => {
        const id = /^\d{1,9}$/.test(c.req.param('id')) ? Number(c.req.param('id')) : 0;
        const body = await jsonBody(c, hoursAdjustmentSchema);
        const db = c.get('db');
        if (!(await familyById(db, id))) throw new ApiFailure(404, 'family_not_found');
        const principal = c.get('principal');
        const staffId = principal.kind === 'staff' ? principal.id : null;
        const at = now();
        const minutes = hoursToMinutes(body.hours);
        const result = await db.transaction(async (tx) => {
          // One adjustment at a time per family, as the ledger's own writers do.
          await tx.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [id]);
          const before = await balanceMinutes(tx, id, at);
          if (body.direction === 'credit') {
            const expires = new Date(at.getTime() + (body.validity_days ?? DEFAULT_CREDIT_DAYS) * DAY_MS);
            await tx.query(
              `INSERT INTO hours_ledger (user_id, delta_minutes, reason, expires_at, note, staff_id, created_at) VALUES ($1, $2, 'adjustment', $3, $4, $5, $6)`,
              [id, minutes, expires, body.reason, staffId, at],
            );
          } else if (!(await debitAdjustment(tx, id, minutes, body.reason, staffId, at))) {
            return null;
          }
          return { before, after: await balanceMinutes(tx, id, at) };
        });
        if (!result) throw new ApiFailure(409, 'hours_not_enough');
        const before = minutesToHours(result.before);
        const after = minutesToHours(result.after);
        c.set('audit', {
          action: `families.hours_${body.direction}`,
          targetType: 'family',
          targetId: id,
          before: { balance_hours: before },
          after: { balance_hours: after, hours: body.hours, reason: body.reason },
        });
        return ok(c, { balance_hours: after });
      })
      .get('/promo-codes', allow(...SUPPORT), async (c) => {
        const rows = await c.get('db').query<{
          id: number;
          code: string;
          kind: string;
          value: number;
          max_uses: number | null;
          used_count: number;
          active: boolean;
          expires_at: Date | null;
          paid_orders: number;
          created_at: Date;
        }>(
          `SELECT p.id, p.code, p.kind, p.value, p.max_uses, p.used_count, p.active, p.expires_at, p.created_at,
                (SELECT count(*) FROM orders o WHERE o.promo_code_id = p.id AND o.status = 'paid')::int AS paid_orders
           FROM promo_codes p ORDER BY p.created_at DESC, p.id DESC`,
        );
        c.set('audit', { action: 'promo_codes.list' });
        return ok(
          c,
          rows.map((r) => ({ ...r, expires_at: iso(r.expires_at), created_at: iso(r.created_at) })),
        );
      })
      .post('/promo-codes', allow(...SUPPORT), async (c) => {
        const body = await jsonBody(c, promoCreateSchema);
        const row = await c.get('db').one<{ id: number; code: string }>(
          `INSERT INTO promo_codes (code, kind, value, max_uses, per_student_limit, min_package_hours, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (upper(code)) DO NOTHING RETURNING id, code`,
          [
            body.code,
            body.kind,
            body.value,
            body.max_uses ?? null,
            body.per_student_limit ?? null,
            body.min_package_hours ?? null,
            body.expires_at ? new Date(body.expires_at) : null,
          ],
        );
        if (!row) throw new ApiFailure(409, 'promo_exists');
        c.set('audit', { action: 'promo_codes.create', targetType: 'promo_code', targetId: row.id, after: body });
        return ok(c, row, 'ok', 201);
      })
      .post('/promo-codes/:id/:change', allow(...SUPPORT), async (c) => {
        const change = c.req.param('change');
        if (change !== 'pause' && change !== 'resume') throw new ApiFailure(404, 'not_found');
        const id = /^\d{1,9}$/.test(c.req.param('id')) ? Number(c.req.param('id')) : 0;
        const before = await c.get('db').one<{ active: boolean }>('SELECT active FROM promo_codes WHERE id = $1', [id]);
        if (!before) throw new ApiFailure(404, 'promo_not_found');
        await c.get('db').query('UPDATE promo_codes SET active = $2 WHERE id = $1', [id, change === 'resume']);
        c.set('audit', {
          action: `promo_codes.${change}`,
          targetType: 'promo_code',
          targetId: id,
          before,
          after: { active: change === 'resume' },
        });
        return ok(c, { id, active: change === 'resume' });
      })
  );
}
