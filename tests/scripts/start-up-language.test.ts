// The language index.html's start-up script gives a page before its first paint, run as the build
// ships it (minified, and on the pages rendered at build time or per request with their language
// marked). A page the server rendered keeps its language unless the visitor stored another: when the
// browser's own languages said otherwise, the app threw the Arabic HTML away and rendered the page
// again in English (Lighthouse's Arabic runs, which send the cookie as a header: LCP 0.8 → 3.2 s).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { compactTemplate, renderedIn } from '../../scripts/prerender-assets';

const APP_PAGE = compactTemplate(readFileSync(path.join(import.meta.dirname, '../../index.html'), 'utf8'));

interface Visit {
  /** The browser's languages (navigator.languages). */
  languages: string[];
  /** What the page's script can read: a stored choice, the ng-locale cookie. */
  stored?: string;
  cookie?: string;
}

/** Runs the page's inline scripts in a fresh window and returns its language, direction and cookie. */
function open(html: string, { languages, stored, cookie }: Visit) {
  const dom = new JSDOM(html, {
    url: 'http://localhost/',
    runScripts: 'dangerously',
    beforeParse(window) {
      Object.defineProperty(window.navigator, 'languages', { get: () => languages });
      window.matchMedia = () => ({ matches: false }) as MediaQueryList;
      if (stored) window.localStorage.setItem('ng-locale', stored);
      if (cookie) window.document.cookie = `ng-locale=${cookie}; Path=/`;
    },
  });
  const root = dom.window.document.documentElement;
  const result = { lang: root.lang, dir: root.dir, cookie: dom.window.document.cookie };
  dom.window.close();
  return result;
}

describe('the start-up script', () => {
  it('keeps the language of a page rendered in Arabic for a browser that prefers English', () => {
    expect(open(renderedIn(APP_PAGE, 'ar'), { languages: ['en-US', 'en'] })).toEqual({ lang: 'ar', dir: 'rtl', cookie: 'ng-locale=ar' });
  });

  it('keeps the language of a page rendered in English for a browser that prefers Arabic', () => {
    expect(open(renderedIn(APP_PAGE, 'en'), { languages: ['ar-QA'] })).toEqual({ lang: 'en', dir: 'ltr', cookie: 'ng-locale=en' });
  });

  it('gives the plain app page the browser’s first language it offers on a first visit', () => {
    expect(open(APP_PAGE, { languages: ['fr-FR', 'en-GB', 'ar'] })).toMatchObject({ lang: 'en', dir: 'ltr', cookie: 'ng-locale=en' });
    expect(open(APP_PAGE, { languages: ['fr-FR'] })).toMatchObject({ lang: 'ar', dir: 'rtl' });
  });

  it('lets a stored choice win over the rendered language and the cookie', () => {
    expect(open(renderedIn(APP_PAGE, 'ar'), { languages: ['ar'], stored: 'en', cookie: 'ar' })).toMatchObject({ lang: 'en', dir: 'ltr' });
  });

  it('lets a readable cookie decide the plain app page over the browser', () => {
    expect(open(APP_PAGE, { languages: ['en-US'], cookie: 'ar' })).toMatchObject({ lang: 'ar', dir: 'rtl' });
  });
});

describe('renderedIn', () => {
  it('marks the page’s <html> with its language and direction', () => {
    expect(renderedIn(APP_PAGE, 'en')).toContain('<html lang="en" dir="ltr" data-rendered="en">');
    expect(() => renderedIn('<html><body></body></html>', 'ar')).toThrow(/<html lang dir>/);
  });
});
