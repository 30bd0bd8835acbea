// What the other modules call when something worth a notification happened: one function per source,
// each with a dedupe key so a retry, a replayed webhook or the race of a gateway's return and webhook
// notifies once. All run after the source's transaction committed, and never throw into it: a failed
// notification is logged by the caller's error handler at worst, the payment or review stands.
import type { Queryable } from '../../db';
import type { Publisher } from '../../realtime/publisher';
import { notify } from './service';

/** A settled order (paid or failed): tells its student. Other statuses notify nothing. */
export async function notifyOrder(
  q: Queryable,
  publisher: Publisher | undefined,
  order: { id: number; user_id: number; status: string; hours: number; package_id: number },
): Promise<void> {
  if (order.status !== 'paid' && order.status !== 'failed') return;
  const pkg = await q.one<{ name_ar: string; name_en: string }>('SELECT name_ar, name_en FROM packages WHERE id = $1', [order.package_id]);
  await notify(q, publisher, {
    userId: order.user_id,
    type: order.status === 'paid' ? 'payment_completed' : 'payment_failed',
    params: { order_id: order.id, hours: order.hours, ...(pkg ? { package_name_ar: pkg.name_ar, package_name_en: pkg.name_en } : {}) },
    dedupeKey: `order:${order.id}:${order.status}`,
  });
}

/** A teacher's review status changed: approved (→ policy/active), rejected (with the reason), suspended. */
export async function notifyTeacherStatus(
  q: Queryable,
  publisher: Publisher | undefined,
  change: { teacherId: number; from: string; to: string; reason: string | null; at?: Date },
): Promise<void> {
  const type =
    change.to === 'rejected' ? 'teacher_rejected'
    : change.to === 'suspended' ? 'teacher_suspended'
    : change.from === 'in_review' && (change.to === 'policy' || change.to === 'active') ? 'teacher_approved'
    : null;
  if (!type) return;
  await notify(q, publisher, {
    userId: change.teacherId,
    type,
    params: type === 'teacher_approved' ? {} : { reason: change.reason },
  });
}
