// The wire format of a receipt: GET v1/orders/:id/receipt (the family that paid) → { message, data: Receipt }.
// Every paid order has one, numbered per calendar year in the company's zone ("2030-000042") without
// gaps or duplicates. Money is in riyals with two decimals, as everywhere on the wire; the names are
// in the caller's language; the seller's details are those configured when the receipt was issued.
import { z } from 'zod';
import { envelopeSchema } from './envelope';

export const RECEIPT_KINDS = ['payment', 'refund'] as const;

export const receiptSchema = z.object({
  number: z.string(),
  kind: z.enum(RECEIPT_KINDS),
  issued_at: z.string(),
  /** The IANA zone the receipt's date and time are written in (the company's). */
  time_zone: z.string(),
  order_id: z.number().int(),
  customer: z.object({ name: z.string(), phone: z.string() }),
  package_name: z.string(),
  hours: z.number().int(),
  validity_days: z.number().int(),
  list_price: z.number(),
  promo_code: z.string().nullable(),
  discount: z.number(),
  amount: z.number(),
  currency: z.string(),
  payment_method: z.string(),
  gateway: z.string(),
  gateway_reference: z.string().nullable(),
  company: z.object({
    name: z.string(),
    address: z.string(),
    registration_number: z.string(),
    tax_number: z.string().nullable(),
    email: z.string(),
    phone: z.string(),
  }),
});
export type Receipt = z.infer<typeof receiptSchema>;
export const receiptResponseSchema = envelopeSchema(receiptSchema);

/** "2030-000042": the year and the number within it. */
export function receiptNumber(year: number, number: number): string {
  return `${year}-${String(number).padStart(6, '0')}`;
}
