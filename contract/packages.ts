// The wire format of time packages, promo codes, orders and the hours balance.
// Money on the wire is a number of Qatari riyals with at most two decimals (the server computes it
// from integer dirhams); the client only formats it, never computes a price.
import { z } from 'zod';
import { envelopeSchema } from './envelope';
import { freeText, hasNul, validationKeys } from './validation';

export const packageSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  name_ar: z.string(),
  name_en: z.string(),
  hours: z.number().int().positive(),
  price: z.number().positive(),
  currency: z.string(),
  validity_days: z.number().int().positive(),
  price_per_hour: z.number().positive(),
  best_value: z.boolean(),
});
export type TimePackage = z.infer<typeof packageSchema>;
export const packagesResponseSchema = envelopeSchema(z.array(packageSchema));

// Ids are PostgreSQL integers: a larger number is not an id (it reached the database and answered 502).
const packageId = z
  .number({ error: (i) => (i.input === undefined ? validationKeys.required : validationKeys.invalid) })
  .int()
  .positive({ error: validationKeys.invalid })
  .max(2_147_483_647, { error: validationKeys.invalid });
const promoCode = z
  .string({ error: (i) => (i.input === undefined || i.input === null ? validationKeys.required : validationKeys.invalid) })
  .refine((v) => !hasNul(v), { error: validationKeys.invalid, abort: true })
  .trim()
  .min(1, { error: validationKeys.required })
  .max(40, { error: validationKeys.tooLong });

export const promoCheckRequestSchema = z.object({ code: promoCode, package_id: packageId });

/** Why a promo code was refused: the 422's `code`. Each has its own message. */
export const PROMO_REJECTIONS = ['invalid', 'expired', 'used_up', 'not_applicable'] as const;
export type PromoRejection = (typeof PROMO_REJECTIONS)[number];

export const promoQuoteSchema = z.object({
  code: z.string(),
  package_id: z.number().int(),
  list_price: z.number(),
  discount: z.number(),
  amount: z.number(),
  currency: z.string(),
});
export type PromoQuote = z.infer<typeof promoQuoteSchema>;
export const promoCheckResponseSchema = envelopeSchema(promoQuoteSchema);

export const createOrderRequestSchema = z.object({
  package_id: packageId,
  // An empty field means no code.
  promo_code: freeText(40)
    .optional()
    .nullable()
    .transform((v) => (v ? v : undefined)),
});

/** The terms' refund rule (days after paying an unused package may be refunded): contract/refund-rule.ts. */
export { REFUND_WINDOW_DAYS } from './refund-rule';

/** Why a refund was refused: the 409's `code` (another family's order answers 404). */
export const REFUND_REFUSALS = ['too_late', 'hours_used', 'not_paid', 'already_refunded'] as const;
export type RefundRefusal = (typeof REFUND_REFUSALS)[number];

/** The 409 of a refused refund: `code` says which rule refused it, `message` says it in the caller's language. @internal read only by the tests */
export const refundRefusalBodySchema = z.object({ message: z.string(), code: z.enum(REFUND_REFUSALS) });

/** POST v1/orders/{id}/refund → what was given back. */
export const refundSchema = z.object({
  order_id: z.number().int(),
  hours: z.number(),
  amount: z.number(),
  currency: z.string(),
  receipt_number: z.string(),
  refunded_at: z.string(),
});
export type Refund = z.infer<typeof refundSchema>;
export const refundResponseSchema = envelopeSchema(refundSchema);

export const ORDER_STATUSES = ['created', 'pendingPayment', 'paid', 'failed', 'expired'] as const;
export const orderStatusSchema = z.enum(ORDER_STATUSES);

export const createdOrderSchema = z.object({
  id: z.number().int(),
  amount: z.number(),
  currency: z.string(),
  status: orderStatusSchema,
  checkout_url: z.string(),
});
export type CreatedOrder = z.infer<typeof createdOrderSchema>;
export const createOrderResponseSchema = envelopeSchema(createdOrderSchema);

export const orderSchema = z.object({
  id: z.number().int(),
  package_id: z.number().int(),
  package_name: z.string(),
  hours: z.number().int(),
  list_price: z.number(),
  discount: z.number(),
  amount: z.number(),
  currency: z.string(),
  promo_code: z.string().nullable(),
  status: orderStatusSchema,
  failure: z.enum(['declined', 'cancelled', 'checkout_failed']).nullable(),
  created_at: z.string(),
  paid_at: z.string().nullable(),
  /** The payment receipt's number ("2030-000042"); null until the order is paid. */
  receipt_number: z.string().nullable(),
  /** True when the refund rule allows refunding this order now (the server decides, see REFUND_WINDOW_DAYS). */
  refundable: z.boolean(),
  /** When it was refunded, and the refund receipt's number; null when it was not. */
  refunded_at: z.string().nullable(),
  refund_receipt_number: z.string().nullable(),
});
export type Order = z.infer<typeof orderSchema>;
export const ordersResponseSchema = envelopeSchema(z.array(orderSchema));

export const balanceSchema = z.object({
  /** Hours left on valid (unexpired) credits; may have a fraction when a booking used part of an hour. */
  hours_remaining: z.number(),
  minutes_remaining: z.number().int(),
  /** The earliest expiry among credits that still have hours; null when nothing is left. */
  expires_at: z.string().nullable(),
  free_trial_available: z.boolean(),
  /**
   * The booking the free trial is spent on while it is still ahead (pending or approved): the trial is
   * taken when booked and given back if that booking is canceled, rejected or expires, so the balance
   * says "booked for …", not "used". Null (or absent) otherwise.
   */
  free_trial_booking: z.object({ status: z.enum(['pending', 'approved']), starts_at: z.string() }).nullish(),
});
export type Balance = z.infer<typeof balanceSchema>;
export const balanceResponseSchema = envelopeSchema(balanceSchema);

/** The 422 of a refused promo code: `code` is one PromoRejection. @internal read only by the tests */
export const promoRejectionBodySchema = z.object({
  message: z.string(),
  code: z.enum(PROMO_REJECTIONS),
});

/** What the gateway reports back (return redirect and webhook carry the same signed object). */
export const paymentConfirmationSchema = z.object({
  order_id: z.number().int().positive(),
  session: z.string().min(1),
  status: z.enum(['approved', 'declined', 'cancelled']),
  amount: z.number().int().nonnegative(),
  currency: z.string().length(3),
  reference: z.string().min(1).max(100),
  signature: z.string().min(1),
});
