// Lingui runtime: loads the compiled catalog (its core and the parts loaded so far), activates it,
// stores the choice and moves <html lang dir> with it, at once and without a reload.
import { i18n } from '@lingui/core';
import { catalogFor } from './catalog-parts';
import { directionOf, LOCALE_KEY, type Locale } from './locale';

export async function activateLocale(locale: Locale): Promise<void> {
  const messages = await catalogFor(locale);
  i18n.loadAndActivate({ locale, messages });
  const root = document.documentElement;
  root.lang = locale;
  root.dir = directionOf(locale);
  try {
    localStorage.setItem(LOCALE_KEY, locale);
  } catch {
    // Private mode or storage disabled: the choice lasts for this page only.
  }
}

export { i18n };
