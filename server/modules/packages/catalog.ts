// The time packages and demo promo codes the platform starts with, and the pricing constants.
// Prices are not in the spec (§1, §9: "not shown"); these are this project's decision, written down in
// docs/server.md: about 100 QAR an hour, cheaper per hour for bigger packages, longer validity too.

/** Gateways refuse a zero charge; no discount takes an order below this (minor units: 1.00 QAR). */
export const MIN_CHARGE_MINOR = 100;
/** How long an order may wait for its payment before the sweep expires it. */
export const ORDER_TTL_MINUTES = 30;
/** Hours refunded after the credit they came from expired come back with this much time to use them. */
export const REFUND_GRACE_DAYS = 30;

export interface PackageSeed {
  code: string;
  ar: string;
  en: string;
  hours: number;
  /** Minor units (dirhams). */
  priceMinor: number;
  validityDays: number;
  bestValue: boolean;
}

export const PACKAGES: readonly PackageSeed[] = [
  { code: 'starter-4', ar: 'باقة البداية', en: 'Starter', hours: 4, priceMinor: 480_00, validityDays: 30, bestValue: false },
  { code: 'steady-8', ar: 'باقة المواظبة', en: 'Steady', hours: 8, priceMinor: 880_00, validityDays: 60, bestValue: false },
  { code: 'progress-12', ar: 'باقة التقدّم', en: 'Progress', hours: 12, priceMinor: 1_200_00, validityDays: 90, bestValue: false },
  { code: 'excellence-20', ar: 'باقة التفوّق', en: 'Excellence', hours: 20, priceMinor: 1_800_00, validityDays: 120, bestValue: true },
];

export interface PromoSeed {
  code: string;
  kind: 'percent' | 'fixed';
  /** Percent (1–100) or minor units. */
  value: number;
  expiresAt: string | null;
  maxUses: number | null;
  perStudentLimit: number | null;
  usedCount: number;
  minPackageHours: number | null;
}

/** Demo codes (seeded only with the demo data), one for each answer the check can give. */
export const DEMO_PROMO_CODES: readonly PromoSeed[] = [
  // Valid: 15 % off any package, no per-student limit (so demos and e2e runs can repeat it).
  {
    code: 'NOOR15',
    kind: 'percent',
    value: 15,
    expiresAt: '2099-12-31T23:59:59Z',
    maxUses: 10_000,
    perStudentLimit: null,
    usedCount: 0,
    minPackageHours: null,
  },
  // Valid: 100 QAR off packages of 8 hours or more, once per student.
  {
    code: 'WELCOME100',
    kind: 'fixed',
    value: 100_00,
    expiresAt: '2099-12-31T23:59:59Z',
    maxUses: null,
    perStudentLimit: 1,
    usedCount: 0,
    minPackageHours: 8,
  },
  // Expired.
  {
    code: 'RAMADAN2024',
    kind: 'percent',
    value: 20,
    expiresAt: '2024-04-09T21:00:00Z',
    maxUses: null,
    perStudentLimit: null,
    usedCount: 0,
    minPackageHours: null,
  },
  // Used up: its only use is taken.
  {
    code: 'FIRST50',
    kind: 'percent',
    value: 50,
    expiresAt: '2099-12-31T23:59:59Z',
    maxUses: 1,
    perStudentLimit: null,
    usedCount: 1,
    minPackageHours: null,
  },
];
