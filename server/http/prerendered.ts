// Which pre-rendered page (scripts/vite-prerender.ts) answers a browser's navigation: the public
// routes, built once per language, picked by the visitor's `ng-locale` cookie (Arabic without one,
// the product's default). A query string (filters, paging) gets the plain SPA page instead, since
// its content would differ from the built HTML.
const ROUTES = new Map([
  ['/', 'index.html'],
  ['/about-us', 'about-us.html'],
  ['/teachers', 'teachers.html'],
  ['/privacy-policy', 'privacy-policy.html'],
  ['/terms-conditions', 'terms-conditions.html'],
  ['/contact-us', 'contact-us.html'],
]);

export function localeFromCookie(cookie: string | undefined): 'ar' | 'en' {
  const match = /(?:^|;\s*)ng-locale=([^;]*)/.exec(cookie ?? '');
  return match?.[1] === 'en' ? 'en' : 'ar';
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
export function prerenderedFile(pathname: string, search: string, cookie: string | undefined): string | null {
  const file = ROUTES.get(pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname);
  if (!file || !wantsRenderedPage(search, cookie)) return null;
  return `/prerender/${localeFromCookie(cookie)}/${file}`;
}
