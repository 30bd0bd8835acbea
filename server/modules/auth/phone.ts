// Phones as people type them (E.164, or a national number with its country) to E.164, checked against
// the country's numbering plan with libphonenumber-js.
import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';

/** E.164 for a valid number, else null. Without a country the number must be international (+…). */
export function normalisePhone(raw: string, country?: string): string | null {
  const cleaned = raw.replace(/[\s\-().]/g, '');
  const parsed = parsePhoneNumberFromString(cleaned, country ? (country.toUpperCase() as CountryCode) : undefined);
  return parsed?.isValid() ? parsed.number : null;
}
