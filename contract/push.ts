// Web Push subscriptions: the browsers a person turned notifications on in.
//
//   GET    v1/push-subscriptions                    → { message, data: PushState }
//          the server's VAPID public key (null: push is not configured here) and how many browsers
//          this account has subscribed
//   POST   v1/push-subscriptions  PushSubscriptionInput → 201 { message, data: PushState }
//          the JSON of the browser's PushSubscription; the same endpoint again replaces its keys, and
//          an endpoint another account held moves to this one (the browser is the signed-in person's)
//   DELETE v1/push-subscriptions  { endpoint }       → { message, data: PushState }
//          removes this account's subscription with that endpoint (none: nothing changes)
import { z } from 'zod';
import { envelopeSchema } from './envelope';
import { validationKeys } from './validation';

/** A push service URL; real ones are well under this. */
export const PUSH_ENDPOINT_MAX = 1_000;
/** Browsers per account; subscribing one more drops the oldest. */
export const PUSH_SUBSCRIPTIONS_MAX = 10;

const base64url = (bytes: number) =>
  z
    .string({ error: (issue) => (issue.input === undefined || issue.input === null ? validationKeys.required : validationKeys.invalid) })
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, { error: validationKeys.invalid })
    .refine((v) => v.replace(/=+$/, '').length === Math.ceil((bytes * 4) / 3), { error: validationKeys.invalid });

export const pushEndpointSchema = z
  .string({ error: (issue) => (issue.input === undefined || issue.input === null ? validationKeys.required : validationKeys.invalid) })
  .max(PUSH_ENDPOINT_MAX, { error: validationKeys.tooLong })
  .refine((v) => URL.canParse(v) && ['https:', 'http:'].includes(new URL(v).protocol), { error: validationKeys.invalid });

export const pushSubscriptionInputSchema = z.object({
  endpoint: pushEndpointSchema,
  expirationTime: z.number().nullable().optional(),
  keys: z.object(
    {
      // An uncompressed P-256 point (65 bytes) and a 16-byte auth secret (RFC 8291).
      p256dh: base64url(65),
      auth: base64url(16),
    },
    { error: (issue) => (issue.input === undefined || issue.input === null ? validationKeys.required : validationKeys.invalid) },
  ),
});

export const pushUnsubscribeSchema = z.object({ endpoint: pushEndpointSchema });

export const pushStateSchema = z.object({
  public_key: z.string().nullable(),
  subscriptions: z.number().int(),
});
export type PushState = z.infer<typeof pushStateSchema>;
export const pushStateResponseSchema = envelopeSchema(pushStateSchema);
