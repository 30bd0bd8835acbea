// Support's tools in the admin API: a family found by phone (children, balance, ledger, orders with
// their receipts, requests and the attendance of their sessions), hours credited or debited with a
// required reason (a ledger row naming the staff member), an order refunded through the gateway by the
// family's own refund (packages module) with a required reason, promo codes created, paused, resumed
// and counted, and the messages families and teachers reported.
import { Hono } from 'hono';
import {
  hoursAdjustmentSchema,
  orderRefundSchema,
  promoCreateSchema,
  receiptKindSchema,
  reportedListQuerySchema,
  reportReviewSchema,
} from '../../../contract/staff';
import type { Queryable } from '../../db';
import { ApiFailure } from '../../http/errors';
import { ok } from '../../http/respond';
import { idFrom, jsonBody } from '../../http/validate';
import { normalisePhone } from '../auth/phone';
import { reportedMessages, reviewReport } from '../messages';
import { readReceipt, type RefundFamilyOrder } from '../packages';
import { balanceMinutes, hoursToMinutes, minutesToHours } from '../packages/ledger';
import { CREDIT_FACTS_SQL, refundRefusal } from '../packages/refunds';
import { sessionAttendance } from '../sessions';
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

/** The requests whose session may have taken place: their attendance is worth reading. */
const HELD = new Set(['approved', 'finished']);

export function supportRoutes(access: Access, options: { now?: () => Date; refund: RefundFamilyOrder }) {
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
        const body = await jsonBody(c, reportReviewSchema);
        const id = idFrom(c, 'id', 'message_not_found');
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
        // Subject and phase names in the caller's language (the column chosen from the locale enum).
        const name = c.get('locale') === 'en' ? 'name_en' : 'name_ar';
        const [children, ledger, orders, requests] = await Promise.all([
          db.query<{ id: number; first_name: string; last_name: string; phase_id: number; phase: string | null; archived_at: Date | null }>(
            `SELECT ch.id, ch.first_name, ch.last_name, ch.phase_id, p.${name} AS phase, ch.archived_at
               FROM children ch LEFT JOIN phases p ON p.id = ch.phase_id WHERE ch.family_id = $1 ORDER BY ch.id`,
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
            refunded_at: Date | null;
            refund_status: string | null;
            credited: number | null;
            remaining: number | null;
            credit_expires_at: Date | null;
          }>(
            `SELECT o.id, o.status, o.hours, o.amount_minor, o.currency, o.created_at, o.paid_at, o.refunded_at, o.refund_status, ${CREDIT_FACTS_SQL}
               FROM orders o WHERE o.user_id = $1 ORDER BY o.created_at DESC, o.id DESC LIMIT 50`,
            [family.id],
          ),
          db.query<{
            id: number;
            status: string;
            starts_at: Date;
            duration_hours: string | number;
            teacher_id: number | null;
            teacher_name: string;
            subject: string;
            child_name: string | null;
          }>(
            `SELECT r.id, r.status, r.starts_at, r.duration_hours, r.teacher_id, t.first_name || ' ' || t.last_name AS teacher_name,
                    s.${name} AS subject, ch.first_name AS child_name
               FROM requests r JOIN users t ON t.id = r.teacher_id JOIN subjects s ON s.id = r.subject_id
               LEFT JOIN children ch ON ch.id = r.child_id
              WHERE r.student_id = $1 ORDER BY r.created_at DESC, r.id DESC LIMIT 50`,
            [family.id],
          ),
        ]);
        // Sessions that may have taken place (approved or finished, started): who came, for how long.
        const attendance = new Map(
          await Promise.all(
            requests
              .filter((r) => HELD.has(r.status) && new Date(r.starts_at).getTime() <= at.getTime())
              .map(async (r) => [r.id, await sessionAttendance(db, r.id, at)] as const),
          ),
        );
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
          orders: orders.map((o) => ({
            id: o.id,
            status: o.status,
            hours: o.hours,
            amount_minor: o.amount_minor,
            currency: o.currency.trim(),
            created_at: iso(o.created_at),
            paid_at: iso(o.paid_at),
            refunded_at: iso(o.refunded_at),
            refund_status: o.refund_status,
            // The family's own rule (packages/refunds.ts): why support's refund would be refused, or null.
            refund_refusal: refundRefusal(
              {
                status: o.status,
                paidAt: o.paid_at,
                refundedAt: o.refunded_at,
                credited: o.credited,
                remaining: o.remaining,
                creditExpiresAt: o.credit_expires_at,
              },
              at,
            ),
          })),
          requests: requests.map((r) => ({
            ...r,
            duration_hours: Number(r.duration_hours),
            starts_at: iso(r.starts_at),
            attendance:
              attendance.get(r.id)?.participants.map((p) => ({
                role: p.role,
                first_joined_at: p.first_joined_at,
                minutes_present: p.minutes_present,
                minutes_lost_to_reconnection: p.minutes_lost_to_reconnection,
              })) ?? null,
          })),
        });
      })
      .post('/families/:id/hours', allow(...SUPPORT), async (c) => {
        const body = await jsonBody(c, hoursAdjustmentSchema);
        const id = idFrom(c, 'id', 'family_not_found');
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
      // A family's receipt as the family reads it (payment, or with ?kind=refund the refund's).
      .get('/orders/:id/receipt', allow(...SUPPORT), async (c) => {
        const kind = receiptKindSchema.safeParse(c.req.query('kind') || undefined);
        if (!kind.success) throw new ApiFailure(400, 'validation_failed');
        const db = c.get('db');
        const order = await db.one<{ id: number; user_id: number }>('SELECT id, user_id FROM orders WHERE id = $1', [
          idFrom(c, 'id', 'receipt_not_found'),
        ]);
        const receipt = order ? await readReceipt(db, order.id, order.user_id, c.get('locale'), kind.data) : undefined;
        if (!order || !receipt) throw new ApiFailure(404, 'receipt_not_found');
        c.set('audit', { action: 'orders.receipt', targetType: 'order', targetId: order.id, after: { kind: kind.data } });
        return ok(c, receipt);
      })
      // Support refunds a family's order by the family's own rule and through the same gateway call.
      .post('/orders/:id/refund', allow(...SUPPORT), async (c) => {
        const body = await jsonBody(c, orderRefundSchema);
        const db = c.get('db');
        const order = await db.one<{ id: number; user_id: number; status: string }>(
          'SELECT id, user_id, status FROM orders WHERE id = $1',
          [idFrom(c, 'id', 'order_not_found')],
        );
        if (!order) throw new ApiFailure(404, 'order_not_found');
        const principal = c.get('principal');
        const refunded = await options.refund(c, {
          userId: order.user_id,
          orderId: order.id,
          now: now(),
          note: body.reason,
          staffId: principal.kind === 'staff' ? principal.id : null,
        });
        c.set('audit', {
          action: 'orders.refund',
          targetType: 'order',
          targetId: order.id,
          before: { status: order.status, refunded: false },
          after: {
            refunded: true,
            hours: refunded.hours,
            amount: refunded.amount,
            currency: refunded.currency,
            receipt_number: refunded.receipt_number,
            reason: body.reason,
          },
        });
        return ok(c, refunded, 'refund_done');
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
        const id = idFrom(c, 'id', 'promo_not_found');
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
