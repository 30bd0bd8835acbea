// The stored locale (spec §9: key ng-locale, default ar) and what it means for <html lang dir>.
export const LOCALES = ['ar', 'en'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'ar';
export const LOCALE_KEY = 'ng-locale';

export function isLocale(value: unknown): value is Locale {
  return value === 'ar' || value === 'en';
}

export function readStoredLocale(): Locale {
  try {
    const stored = globalThis.localStorage?.getItem(LOCALE_KEY);
    // Nothing stored: the language index.html's start-up script settled on (the page's, from the cookie).
    const page = globalThis.document?.documentElement.lang;
    return isLocale(stored) ? stored : isLocale(page) ? page : DEFAULT_LOCALE;
  } catch {
    return DEFAULT_LOCALE;
  }
}

export function directionOf(locale: Locale): 'rtl' | 'ltr' {
  return locale === 'ar' ? 'rtl' : 'ltr';
}
