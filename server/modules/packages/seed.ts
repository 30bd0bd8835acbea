// Seeds the packages (always, adding only missing ones) and the demo promo codes (with the demo data).
import type { Queryable } from '../../db';
import { DEMO_PROMO_CODES, PACKAGES } from './catalog';

export async function seedPackages(tx: Queryable, { demo }: { demo: boolean }): Promise<void> {
  for (const [i, p] of PACKAGES.entries()) {
    // DO NOTHING keeps prices an operator has since changed.
    await tx.query(
      `INSERT INTO packages (code, name_ar, name_en, hours, price_minor, currency, validity_days, best_value, sort_order)
       VALUES ($1, $2, $3, $4, $5, 'QAR', $6, $7, $8) ON CONFLICT (code) DO NOTHING`,
      [p.code, p.ar, p.en, p.hours, p.priceMinor, p.validityDays, p.bestValue, i + 1],
    );
  }
  if (!demo) return;
  for (const p of DEMO_PROMO_CODES) {
    await tx.query(
      `INSERT INTO promo_codes (code, kind, value, expires_at, max_uses, per_student_limit, used_count, min_package_hours)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT ((upper(code))) DO NOTHING`,
      [p.code, p.kind, p.value, p.expiresAt, p.maxUses, p.perStudentLimit, p.usedCount, p.minPackageHours],
    );
  }
}
