// The query of /packages on return from checkout; kept apart from contract/packages.ts so the route's
// search validation does not pull zod into the first download.
// `pending`: the payer came back before the gateway settled the payment (Tap's INITIATED); the page
// says so and watches the order until the webhook settles it.
export const PAYMENT_RESULTS = ['success', 'failed', 'pending'] as const;
export type PaymentResult = (typeof PAYMENT_RESULTS)[number];
