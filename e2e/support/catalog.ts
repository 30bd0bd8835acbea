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

/** A message's key: its context (Lingui's `msgctxt`) and its source, as the catalog tells them apart. */
const keyOf = (source: string, context: string | undefined) => (context ? `${context}\u0004${source}` : source);

function catalog(locale: Locale): Map<string, string> {
  let messages = cache.get(locale);
  if (!messages) {
    const po = PO.parse(fs.readFileSync(path.join(root, 'locales', locale, 'messages.po'), 'utf8'));
    const items = po.items.filter((item) => !item.obsolete);
    messages = new Map();
    for (const item of items) messages.set(keyOf(item.msgid, item.msgctxt ?? undefined), item.msgstr[0] ?? '');
    // Asked without a context: the message without one, else the first with that source.
    for (const item of items) if (item.msgctxt && !messages.has(item.msgid)) messages.set(item.msgid, item.msgstr[0] ?? '');
    cache.set(locale, messages);
  }
  return messages;
}

/**
 * The text users see for an English source string in `locale` (with its `context` when the message
 * has one). Throws when the catalog has no translation, except for the few Arabic texts agreed up
 * front (AGREED_AR).
 */
export function tr(locale: Locale, source: string, context?: string): string {
  const text = catalog(locale).get(keyOf(source, context));
  if (text) return text;
  const agreed = locale === 'ar' ? AGREED_AR[source] : source;
  if (agreed) return agreed;
  throw new Error(`"${source}" has no ${locale} translation in locales/${locale}/messages.po`);
}
