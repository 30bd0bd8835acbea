// Shared by the reference-list modules: every named row carries both languages plus `name` in the caller's.
import type { Locale } from '../i18n';

export interface NamedRow {
  name_ar: string;
  name_en: string;
}

export function withName<T extends NamedRow>(row: T, locale: Locale): T & { name: string } {
  return { ...row, name: locale === 'en' ? row.name_en : row.name_ar };
}

const collators: Record<Locale, Intl.Collator> = { ar: new Intl.Collator('ar'), en: new Intl.Collator('en') };

/** Alphabetical in the caller's language, done here so PGlite and PostgreSQL (different collations) agree. */
export function compareNames(locale: Locale) {
  return (a: { name: string }, b: { name: string }) => collators[locale].compare(a.name, b.name);
}
