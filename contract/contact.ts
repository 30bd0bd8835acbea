// The contact-us form (POST v1/contact): name, email, phone and a message of 11 to 399 characters.
import { z } from 'zod';
import { envelopeSchema } from './envelope';
import { MESSAGE_MAX_LENGTH, MESSAGE_MIN_LENGTH, emailSchema, personName, phoneSchema, requiredString, validationKeys } from './validation';

export const contactRequestSchema = z.object({
  name: personName(100),
  email: emailSchema,
  phone: phoneSchema,
  message: requiredString()
    .min(MESSAGE_MIN_LENGTH, { error: validationKeys.messageLength })
    .max(MESSAGE_MAX_LENGTH, { error: validationKeys.messageLength }),
});
export type ContactRequest = z.input<typeof contactRequestSchema>;

/** 201 on success. */
export const contactResponseSchema = envelopeSchema(z.object({ id: z.number().int() }));
export type ContactResponse = z.infer<typeof contactResponseSchema>;
