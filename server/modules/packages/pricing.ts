// Prices and promo codes, computed on the server only. A code is checked in this order and refused
// with the first reason that applies: unknown or switched off → invalid; past its expiry → expired;
// package below the code's minimum hours → not_applicable; all uses taken, or this student's uses
// taken → used_up. A use is reserved when an order is created and released if that order fails or
// expires, so `used_count` never lets more paid orders through than the limit allows.
import type { Queryable } from '../../db';
import { MIN_CHARGE_MINOR } from './catalog';
import { PackageNotFoundError, PromoRejectedError } from './errors';

export interface PackageRow {
  id: number;
  code: string;
  name_ar: string;
  name_en: string;
  hours: number;
  price_minor: number;
  currency: string;
  validity_days: number;
  best_value: boolean;
}

export interface PromoRow {
  id: number;
  code: string;
  kind: 'percent' | 'fixed';
  value: number;
  expires_at: Date | null;
  max_uses: number | null;
  per_student_limit: number | null;
  used_count: number;
  min_package_hours: number | null;
  active: boolean;
}

export interface Price {
  listMinor: number;
  discountMinor: number;
  amountMinor: number;
}

const PACKAGE_COLUMNS = 'id, code, name_ar, name_en, hours, price_minor, currency, validity_days, best_value';

export function listPackages(q: Queryable): Promise<PackageRow[]> {
  return q.query<PackageRow>(`SELECT ${PACKAGE_COLUMNS} FROM packages WHERE active ORDER BY sort_order, hours, id`);
}

export async function findPackage(q: Queryable, id: number): Promise<PackageRow> {
  const row = await q.one<PackageRow>(`SELECT ${PACKAGE_COLUMNS} FROM packages WHERE id = $1 AND active`, [id]);
  if (!row) throw new PackageNotFoundError();
  return row;
}

/** The discount a code gives on a price: percent rounded to the nearest dirham, never below the minimum charge. */
export function priceWith(listMinor: number, promo: Pick<PromoRow, 'kind' | 'value'> | null): Price {
  const raw = !promo ? 0 : promo.kind === 'percent' ? Math.round((listMinor * promo.value) / 100) : promo.value;
  const discountMinor = Math.max(0, Math.min(raw, listMinor - MIN_CHARGE_MINOR));
  return { listMinor, discountMinor, amountMinor: listMinor - discountMinor };
}

/**
 * Finds a code and checks it for this student and package at `now`. With `lock` (inside the
 * order's transaction) the code's row stays locked until commit, so concurrent orders check and
 * reserve its uses one after another.
 */
export async function checkPromo(
  q: Queryable,
  input: { code: string; userId: number; pkg: PackageRow; now: Date; lock?: boolean },
): Promise<PromoRow> {
  const promo = await q.one<PromoRow>(
    `SELECT id, code, kind, value, expires_at, max_uses, per_student_limit, used_count, min_package_hours, active
       FROM promo_codes WHERE upper(code) = upper($1)${input.lock ? ' FOR UPDATE' : ''}`,
    [input.code.trim()],
  );
  if (!promo || !promo.active) throw new PromoRejectedError('invalid');
  if (promo.expires_at && promo.expires_at.getTime() <= input.now.getTime()) throw new PromoRejectedError('expired');
  if (promo.min_package_hours !== null && input.pkg.hours < promo.min_package_hours) {
    throw new PromoRejectedError('not_applicable');
  }
  if (promo.max_uses !== null && promo.used_count >= promo.max_uses) throw new PromoRejectedError('used_up');
  if (promo.per_student_limit !== null) {
    const mine = await q.one<{ n: number }>(
      'SELECT count(*) AS n FROM promo_redemptions WHERE promo_code_id = $1 AND user_id = $2 AND released_at IS NULL',
      [promo.id, input.userId],
    );
    if ((mine?.n ?? 0) >= promo.per_student_limit) throw new PromoRejectedError('used_up');
  }
  return promo;
}

/** Takes one use of a locked, checked code for an order. */
export async function reservePromo(tx: Queryable, promo: PromoRow, userId: number, orderId: number): Promise<void> {
  await tx.query('INSERT INTO promo_redemptions (promo_code_id, user_id, order_id) VALUES ($1, $2, $3)', [promo.id, userId, orderId]);
  await tx.query('UPDATE promo_codes SET used_count = used_count + 1 WHERE id = $1', [promo.id]);
}

/** Gives back the use an order reserved (the order failed or expired). Idempotent. */
export async function releasePromo(tx: Queryable, orderId: number, now: Date): Promise<void> {
  const released = await tx.one<{ promo_code_id: number }>(
    'UPDATE promo_redemptions SET released_at = $2 WHERE order_id = $1 AND released_at IS NULL RETURNING promo_code_id',
    [orderId, now],
  );
  if (released) await tx.query('UPDATE promo_codes SET used_count = used_count - 1 WHERE id = $1', [released.promo_code_id]);
}

/** Minor units → riyals with two decimals, for the wire. */
export function toMajor(minor: number): number {
  return Math.round(minor) / 100;
}
