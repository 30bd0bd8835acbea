// Names in the reader's language (docs/decisions.md, "Names in Latin letters and English bios"): the
// legal name is in Arabic letters; a teacher or a child may add the same name in Latin letters, written
// given name first. The server picks: an English reader gets the Latin name when there is one, anyone
// else (and an English reader when there is none) the Arabic name. The Latin name's first word stands
// for the given name where a page shows only that ("Book with Fatima").
import type { Locale } from '../i18n';

export interface PickedName {
  first_name: string;
  last_name: string;
}

export function pickName(locale: Locale, arabic: PickedName, latin: string | null | undefined): PickedName {
  if (locale !== 'en' || !latin) return arabic;
  const [first = '', ...rest] = latin.trim().split(/\s+/);
  return { first_name: first, last_name: rest.join(' ') };
}

/** The bio a page of `locale` shows: the English one for an English reader when there is one. */
export function pickBio(locale: Locale, arabic: string | null, english: string | null | undefined): string | null {
  return locale === 'en' && english ? english : arabic;
}
