// Lingui runtime: loads the compiled catalog (its core and the parts loaded so far), activates it,
// stores the choice and moves <html lang dir> with it, at once and without a reload.
import { i18n } from '@lingui/core';
import { catalogFor } from './catalog-parts';
import { directionOf, LOCALE_KEY, type Locale } from './locale';

export async function activateLocale(locale: Locale): Promise<void> {
  const messages = await catalogFor(locale);
  i18n.loadAndActivate({ locale, messages });
  // Build-time rendering (src/entry-prerender.tsx) has no document: the catalog is all it needs.
  if (typeof document === 'undefined') return;
  const root = document.documentElement;
  // The server reads the cookie to send the public pages' HTML in this language.
  document.cookie = `${LOCALE_KEY}=${locale}; Max-Age=31536000; Path=/; SameSite=Lax`;
  root.lang = locale;
  root.dir = directionOf(locale);
  try {
    localStorage.setItem(LOCALE_KEY, locale);
  } catch {
    // Private mode or storage disabled: the choice lasts for this page only.
  }
}

export { i18n };
