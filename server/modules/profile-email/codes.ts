// The code and the link an address-verification e-mail carries. Neither is stored: both are derived
// from the code's row id under the mail key every instance shares (mail_keys), so the outbox can write
// the mail whenever it sends it (and again after a retry) while the database keeps only the code's
// hash, as for texted codes. Reading the key gives no more than reading the database already does.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { OTP_LENGTH } from '../../../contract/auth';
import type { Queryable } from '../../db';
import { mailKeyOf } from '../notification-preferences/unsubscribe';

const LINK_TOKEN = /^(\d{1,10})\.([A-Za-z0-9_-]{43})$/;

const mac = (key: string, label: string) => createHmac('sha256', key).update(label).digest();

/** The six digits of code row `id` (48 bits of the MAC reduced mod 10⁶: no bias worth a guess). */
export async function emailCodeOf(q: Queryable, id: number): Promise<string> {
  const n = mac(await mailKeyOf(q), `email-code:${id}`).readUIntBE(0, 6) % 10 ** OTP_LENGTH;
  return String(n).padStart(OTP_LENGTH, '0');
}

/** The `t` of the verification link for code row `id`. */
export async function emailLinkTokenOf(q: Queryable, id: number): Promise<string> {
  return `${id}.${mac(await mailKeyOf(q), `email-link:${id}`).toString('base64url')}`;
}

/** The code row a link token was made for; null for anything not made by emailLinkTokenOf. */
export async function readEmailLinkToken(q: Queryable, token: string): Promise<number | null> {
  const m = LINK_TOKEN.exec(token);
  if (!m || Number(m[1]) > 2_147_483_647) return null;
  const id = Number(m[1]);
  const expected = Buffer.from(mac(await mailKeyOf(q), `email-link:${id}`).toString('base64url'));
  const given = Buffer.from(m[2]!);
  return given.length === expected.length && timingSafeEqual(given, expected) ? id : null;
}
