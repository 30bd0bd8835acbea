// The query of /packages on return from checkout; kept apart from contract/packages.ts so the route's
// search validation does not pull zod into the first download.
export const PAYMENT_RESULTS = ['success', 'failed'] as const;
export type PaymentResult = (typeof PAYMENT_RESULTS)[number];
