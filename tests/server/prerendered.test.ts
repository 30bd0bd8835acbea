// Which pre-rendered page answers a navigation: the public routes in the ng-locale cookie's language,
// on a first visit the browser's Accept-Language, Arabic by default; a query string or a session
// cookie gets the SPA page instead.
import { describe, expect, it } from 'vitest';
import { prerenderedFile } from '../../server/http/prerendered';

describe('prerenderedFile', () => {
  it('picks the page in the language of the cookie, Arabic without one', () => {
    expect(prerenderedFile('/', '', undefined)).toBe('/prerender/ar/index.html');
    expect(prerenderedFile('/about-us', '', 'theme=x; ng-locale=en')).toBe('/prerender/en/about-us.html');
    expect(prerenderedFile('/teachers/', '', 'ng-locale=fr')).toBe('/prerender/ar/teachers.html');
  });

  it('follows Accept-Language on a first visit, never over a chosen language', () => {
    expect(prerenderedFile('/', '', undefined, 'en-US,en;q=0.9')).toBe('/prerender/en/index.html');
    expect(prerenderedFile('/', '', undefined, 'fr-FR, en;q=0.5, ar;q=0.8')).toBe('/prerender/ar/index.html');
    expect(prerenderedFile('/teachers', '', undefined, 'de-DE')).toBe('/prerender/ar/teachers.html');
    expect(prerenderedFile('/', '', 'ng-locale=ar', 'en-US')).toBe('/prerender/ar/index.html');
    expect(prerenderedFile('/', '', 'ng-locale=en', 'ar-QA')).toBe('/prerender/en/index.html');
  });

  it('leaves other routes, query strings and signed-in visitors to the SPA page', () => {
    expect(prerenderedFile('/teachers/5', '', undefined)).toBeNull();
    expect(prerenderedFile('/profile', '', 'ng-locale=en')).toBeNull();
    expect(prerenderedFile('/teachers', '?page=2', undefined)).toBeNull();
    expect(prerenderedFile('/', '', 'ng-locale=en; ng-token=abc')).toBeNull();
    expect(prerenderedFile('/', '', 'ng-token=; ng-locale=en')).toBe('/prerender/en/index.html');
  });
});
