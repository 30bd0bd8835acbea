// The visible texts the e2e tests look for, read from the real Lingui catalogs so a retranslation
// does not break the suite (and a missing translation does).
import fs from 'node:fs';
import path from 'node:path';
import PO from 'pofile';
import { AGREED_AR } from './texts';

export type Locale = 'ar' | 'en';
export const LOCALES: readonly Locale[] = ['ar', 'en'];

const root = path.resolve(import.meta.dirname, '../..');
const cache = new Map<Locale, Map<string, string>>();

function catalog(locale: Locale): Map<string, string> {
  let messages = cache.get(locale);
  if (!messages) {
    const po = PO.parse(fs.readFileSync(path.join(root, 'locales', locale, 'messages.po'), 'utf8'));
    messages = new Map(
      po.items.filter((item) => !item.obsolete).map((item) => [item.msgid, item.msgstr[0] ?? ''] as const),
    );
    cache.set(locale, messages);
  }
  return messages;
}

/**
 * The text users see for an English source string in `locale`. Throws when the catalog has no
 * translation, except for the few Arabic texts agreed up front (AGREED_AR).
 */
export function tr(locale: Locale, source: string): string {
  const text = catalog(locale).get(source);
  if (text) return text;
  const agreed = locale === 'ar' ? AGREED_AR[source] : source;
  if (agreed) return agreed;
  throw new Error(`"${source}" has no ${locale} translation in locales/${locale}/messages.po`);
}
