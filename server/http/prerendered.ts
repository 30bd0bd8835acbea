// Which pre-rendered page (scripts/vite-prerender.ts) answers a browser's navigation: the public
// routes, built once per language, picked by the visitor's `ng-locale` cookie, or on a first visit
// (no cookie yet) by the browser's Accept-Language, Arabic when it names neither language. index.html's
// start-up script makes the same choice from navigator.languages and stores it in the cookie. A query
// string (filters, paging) gets the plain SPA page instead, since its content would differ from the
// built HTML.
import { pickLocale } from '../i18n';

const ROUTES = new Map([
  ['/', 'index.html'],
  ['/about-us', 'about-us.html'],
  ['/teachers', 'teachers.html'],
  ['/privacy-policy', 'privacy-policy.html'],
  ['/terms-conditions', 'terms-conditions.html'],
  ['/contact-us', 'contact-us.html'],
]);

/** The visitor's language: the `ng-locale` cookie they chose, else their browser's Accept-Language. */
export function localeFromCookie(cookie: string | undefined, acceptLanguage?: string): 'ar' | 'en' {
  const match = /(?:^|;\s*)ng-locale=([^;]*)/.exec(cookie ?? '');
  if (match?.[1] === 'en' || match?.[1] === 'ar') return match[1];
  return pickLocale(acceptLanguage);
}

/** Whether a navigation may get a page rendered for an anonymous visitor (no query string, no session). */
export function wantsRenderedPage(search: string, cookie: string | undefined): boolean {
  return !search && !/(?:^|;\s*)ng-token=[^;]/.test(cookie ?? '');
}

/**
 * The file (under the static root) for this navigation, or null when the SPA page should answer. A
 * visitor with a session cookie gets the SPA page too: the pages were rendered for nobody signed in,
 * and the start-up spinner is better than a header that changes under their eyes.
 */
export function prerenderedFile(pathname: string, search: string, cookie: string | undefined, acceptLanguage?: string): string | null {
  const file = ROUTES.get(pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname);
  if (!file || !wantsRenderedPage(search, cookie)) return null;
  return `/prerender/${localeFromCookie(cookie, acceptLanguage)}/${file}`;
}
