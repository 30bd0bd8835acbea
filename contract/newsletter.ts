// The newsletter sign-up (POST v1/newsletter). Signing up twice is not an error: the second answer is
// a 200 with `already_subscribed: true` and a friendly message (the first is a 201).
import { z } from 'zod';
import { envelopeSchema } from './envelope';
import { emailSchema } from './validation';

export const newsletterRequestSchema = z.object({ email: emailSchema });

export const newsletterResponseSchema = envelopeSchema(z.object({ already_subscribed: z.boolean() }));
export type NewsletterResponse = z.infer<typeof newsletterResponseSchema>;
