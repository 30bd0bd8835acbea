// Lingui runtime: loads a compiled catalog (the Vite plugin compiles .po on import), activates it,
// stores the choice and moves <html lang dir> with it, at once and without a reload.
import { i18n, type Messages } from '@lingui/core';
import { directionOf, LOCALE_KEY, type Locale } from './locale';

const loaders: Record<Locale, () => Promise<{ messages: Messages }>> = {
  ar: () => import('../../locales/ar/messages.po'),
  en: () => import('../../locales/en/messages.po'),
};

export async function activateLocale(locale: Locale): Promise<void> {
  const { messages } = await loaders[locale]();
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
