// The e-mail that proves an address: its code and its link, in the family's language, written when the
// outbox sends it. A code that no longer counts (a newer one was sent, the address changed or was
// removed, it was used or expired) is not mailed: the message is skipped.
import { EMAIL_CODE_TTL_SECONDS } from '../../../contract/profile-email';
import type { Queryable } from '../../db';
import type { Locale } from '../../i18n';
import { renderMail, type EmailContent } from '../outbox/email-templates';
import { emailCodeOf, emailLinkTokenOf } from './codes';

export interface VerificationMail {
  to: string;
  locale: Locale;
  content: EmailContent;
}

export function renderVerificationEmail(args: { locale: Locale; name: string; code: string; link: string }): EmailContent {
  const ar = args.locale === 'ar';
  const minutes = EMAIL_CODE_TTL_SECONDS / 60;
  return renderMail({
    locale: args.locale,
    subject: ar ? `رمز تأكيد بريدك في نور: ${args.code}` : `Your Noor e-mail code: ${args.code}`,
    greeting: args.name ? (ar ? `مرحبًا ${args.name}،` : `Hello ${args.name},`) : ar ? 'مرحبًا،' : 'Hello,',
    lines: ar
      ? ['أضفت هذا العنوان إلى حسابك في نور. اكتب هذا الرمز في ملفك الشخصي لتأكيده، أو اضغط الزر أدناه:']
      : ['You added this address to your Noor account. Type this code in your profile to confirm it, or press the button below:'],
    code: args.code,
    button: { label: ar ? 'تأكيد العنوان' : 'Confirm this address', href: args.link },
    footer: ar
      ? `الرمز صالح ${minutes} دقيقة. إن لم تكن أنت من أضاف العنوان فتجاهل هذه الرسالة، ولن نرسل إليه شيئًا.`
      : `The code works for ${minutes} minutes. If you did not add this address, ignore this e-mail: nothing will be sent to it.`,
  });
}

/** The mail for code row `otpId` to `userId`, or null when that code no longer counts. */
export async function verificationMailOf(
  q: Queryable,
  otpId: number,
  userId: number,
  publicUrl: string,
  now: Date,
): Promise<VerificationMail | null> {
  const row = await q.one<{
    email: string | null;
    verified: boolean;
    locale: Locale;
    name: string;
    used_at: Date | null;
    expires_at: Date;
  }>(
    `SELECT u.email, u.email_verified_at IS NOT NULL AS verified, u.locale, u.first_name AS name, o.used_at, o.expires_at
       FROM otp_codes o JOIN users u ON u.phone = o.phone
      WHERE o.id = $1 AND o.purpose = 'email' AND u.id = $2`,
    [otpId, userId],
  );
  if (!row?.email || row.verified || row.used_at || row.expires_at.getTime() <= now.getTime()) return null;
  const link = new URL(`/verify-email?t=${encodeURIComponent(await emailLinkTokenOf(q, otpId))}`, publicUrl).toString();
  return {
    to: row.email,
    locale: row.locale,
    content: renderVerificationEmail({ locale: row.locale, name: row.name, code: await emailCodeOf(q, otpId), link }),
  };
}
