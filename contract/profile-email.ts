// A family's e-mail address (teachers give theirs at sign-up; it is their sign-in and is not edited
// here). Nothing is e-mailed to it until it is verified by the code sent to it, or the link beside it.
//
//   GET    v1/profile/email                       → { message, data: EmailState }
//   PUT    v1/profile/email         { email, locale? } → the new address (unverified) and a code sent to it
//   PATCH  v1/profile/email         { locale }    → the language the family's mails are written in
//   POST   v1/profile/email/resend                → a new code to the unverified address
//   POST   v1/profile/email/verify  { code }      → verified
//   DELETE v1/profile/email                       → no address
//   GET/POST /verify-email?t=…                    → the link in the mail (no sign-in: the token is the credential)
import { z } from 'zod';
import { otpCodeSchema } from './auth';
import { envelopeSchema } from './envelope';
import { emailSchema } from './validation';

/**
 * How long an e-mailed code lasts: longer than a texted one (5 minutes), because a mail can wait in the
 * outbox through retries, and its link is often opened later or on another device.
 */
export const EMAIL_CODE_TTL_SECONDS = 30 * 60;

/** The languages a family's e-mails (and its other messages outside the app) can be written in. */
export const mailLocaleSchema = z.enum(['ar', 'en']);
export type MailLocale = z.infer<typeof mailLocaleSchema>;

/** `locale` unset: the page's language for a first address; a changed address keeps the one chosen. */
export const emailInputSchema = z.object({ email: emailSchema, locale: mailLocaleSchema.optional() });

export const emailLocaleInputSchema = z.object({ locale: mailLocaleSchema });

export const emailCodeInputSchema = z.object({ code: otpCodeSchema });

export const emailStateSchema = z.object({
  /** The address as given, or null when the family has none. */
  email: z.string().nullable(),
  /** Whether mail goes to it. */
  verified: z.boolean(),
  /**
   * The language of the family's e-mails: chosen in the profile, else the page's language when the
   * first address was added. Text-message reminders and this account's push notifications use it too.
   */
  locale: mailLocaleSchema,
});
export type EmailState = z.infer<typeof emailStateSchema>;
export const emailStateResponseSchema = envelopeSchema(emailStateSchema);
