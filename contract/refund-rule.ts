// The terms' refund rule as a bare number, without zod: the public terms page reads it, and its
// JavaScript budget has no room for the schemas (contract/packages.ts re-exports it for the rest).

/**
 * A package none of whose hours were used can be refunded in full, from the purchase history, within
 * this many days of its payment. A package with hours used is not refunded; its remaining hours stay
 * valid until they expire (docs/decisions.md, Money: refunds).
 */
export const REFUND_WINDOW_DAYS = 14;
