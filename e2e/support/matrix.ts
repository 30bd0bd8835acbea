// How much of each matrix an e2e run covers. On CI's two cores the whole cross product of locale ×
// theme × size × scenario no longer fits the 20-minute budget, so `npm test` runs every matrix on
// its diagonal — every value of every axis at least once, each per-locale scenario in one locale,
// alternating between Arabic and English — and `npm run test:e2e:full` (E2E_FULL=1) runs every cell.
// The skipped cells show as skipped in the list, never as passed. Decision: docs/decisions.md, "The e2e suite on a slower CI
// machine: matrices on their diagonal".
import { test } from '@playwright/test';
import { LOCALES, type Locale } from './catalog';

export const FULL = process.env.E2E_FULL === '1';

/** The cells of a two-axis matrix this run covers: all of them in a full run, else the diagonal. */
export function cells<A, B>(a: readonly A[], b: readonly B[]): Array<readonly [A, B]> {
  if (FULL) return a.flatMap((x) => b.map((y) => [x, y] as const));
  return Array.from({ length: Math.max(a.length, b.length) }, (_, i) => [a[i % a.length]!, b[i % b.length]!] as const);
}

/**
 * `test` for scenario number `index` of a block repeated per locale when this run covers that cell
 * (always in a full run; otherwise even scenarios in Arabic, odd ones in English), else `test.skip`.
 */
export function inLocale(locale: Locale, index: number): typeof test | typeof test.skip {
  return FULL || LOCALES[index % LOCALES.length] === locale ? test : test.skip;
}

/**
 * Where a flow is checked twice: Arabic on a phone (in `npm test`) and English on a desk (in the full
 * run only). A flow written as a function of its cell runs the same steps in both.
 */
export interface Cell {
  locale: Locale;
  /** A phone (touch, 390 × 844) or a desktop window (1280 × 800). */
  phone: boolean;
}
export const AR_PHONE: Cell = { locale: 'ar', phone: true };
export const EN_DESKTOP: Cell = { locale: 'en', phone: false };
export const PHONE_AND_DESK: readonly Cell[] = [AR_PHONE, EN_DESKTOP];

/** The browser context options of a cell: its window and, on a phone, touch. */
export function cellContext(cell: Cell): { viewport: { width: number; height: number }; isMobile: boolean; hasTouch: boolean } {
  return cell.phone
    ? { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true }
    : { viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false };
}

/** `test` for a flow's cell: the Arabic phone always, the English desk in a full run (else `test.skip`). */
export const inCell = (cell: Cell): typeof test | typeof test.skip => inLocale(cell.locale, 0);

/** A title's prefix naming the cell: "ar, phone" or "en, desktop". */
export const cellName = (cell: Cell): string => `${cell.locale}, ${cell.phone ? 'phone' : 'desktop'}`;
