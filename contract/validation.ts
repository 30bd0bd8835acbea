// Validation building blocks shared by client and server. Schemas report stable message keys, not
// text: the server turns a key into Arabic or English (server/i18n.ts), the client into a Lingui string.
import { z } from 'zod';

export const validationKeys = {
  required: 'required',
  invalid: 'invalid',
  invalidEmail: 'invalid_email',
  invalidPhone: 'invalid_phone',
  messageLength: 'message_length',
  tooLong: 'too_long',
} as const;
export type ValidationKey = (typeof validationKeys)[keyof typeof validationKeys];

/** Bounds of the contact message (spec §5, §9: "more than 10 and less than 400 characters"). */
/** A teacher's years of experience: a whole number from 0 to this (sign-up and profile). */
export const EXPERIENCE_MAX_YEARS = 80;

export const MESSAGE_MIN_LENGTH = 11;
export const MESSAGE_MAX_LENGTH = 399;

/**
 * True when a string carries a NUL byte. No text a person types has one, PostgreSQL cannot store one
 * ("invalid byte sequence 0x00"), so every text schema refuses it here, at the edge, as "invalid".
 */
export const hasNul = (value: string): boolean => value.includes('\u0000');

/**
 * Bidirectional embedding, override and isolate controls (LRE…RLO, LRI…PDI). In a name or a
 * description they reorder the text around them on every page that shows it ("\u202Eموسى" reads
 * backwards). The marks LRM/RLM stay allowed: they change no order beyond their neighbours.
 */
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/;
export const hasBidiControl = (value: string): boolean => BIDI_CONTROLS.test(value);

/** True when text shows nothing: only spaces, format characters (zero-width, BOM) and combining marks. */
export const isVisuallyEmpty = (value: string): boolean => value.replace(/[\p{Z}\p{Cf}\p{M}\s]/gu, '') === '';

/**
 * Optional free text (comment, description, search, promo code): trimmed, at most `max` characters, no
 * NUL, no bidirectional controls, and when not blank something a reader can see.
 */
export function freeText(max: number) {
  return z
    .string({ error: validationKeys.invalid })
    .refine((v) => !hasNul(v) && !hasBidiControl(v), { error: validationKeys.invalid, abort: true })
    .trim()
    .refine((v) => v === '' || !isVisuallyEmpty(v), { error: validationKeys.invalid, abort: true })
    .max(max, { error: validationKeys.tooLong });
}

/** A name a person types (the contact form's): required, no bidirectional controls, visibly not blank. */
export function personName(max: number) {
  return requiredString(max)
    .refine((v) => !hasBidiControl(v), { error: validationKeys.invalid, abort: true })
    .refine((v) => !isVisuallyEmpty(v), { error: validationKeys.required, abort: true });
}

/** A trimmed string that must not be empty; a missing, null or blank value is "required". */
export function requiredString(max?: number) {
  const base = z
    .string({ error: (issue) => (issue.input === undefined || issue.input === null ? validationKeys.required : validationKeys.invalid) })
    .refine((v) => !hasNul(v), { error: validationKeys.invalid, abort: true })
    .trim()
    .min(1, { error: validationKeys.required, abort: true });
  return max === undefined ? base : base.max(max, { error: validationKeys.tooLong });
}

export const emailSchema = requiredString(254).pipe(z.email({ error: validationKeys.invalidEmail }));

/**
 * A phone number in international E.164 form. Spaces, dashes and brackets that phone inputs add are
 * removed first. This is the shape check only; the server also checks the number against its
 * country's numbering plan (libphonenumber), which contract/ cannot import.
 */
export const phoneSchema = requiredString(25)
  .transform((value) => value.replace(/[\s\-().]/g, ''))
  .pipe(z.string().regex(/^\+[1-9]\d{6,14}$/, { error: validationKeys.invalidPhone }));
