// Which pre-rendered page answers a navigation (issue 13): the public routes in the ng-locale cookie's
// language, Arabic by default; a query string or a session cookie gets the SPA page instead.
import { describe, expect, it } from 'vitest';
import { prerenderedFile } from '../../server/http/prerendered';

describe('prerenderedFile', () => {
  it('picks the page in the language of the cookie, Arabic without one', () => {
    expect(prerenderedFile('/', '', undefined)).toBe('/prerender/ar/index.html');
    expect(prerenderedFile('/about-us', '', 'theme=x; ng-locale=en')).toBe('/prerender/en/about-us.html');
    expect(prerenderedFile('/teachers/', '', 'ng-locale=fr')).toBe('/prerender/ar/teachers.html');
  });

  it('leaves other routes, query strings and signed-in visitors to the SPA page', () => {
    expect(prerenderedFile('/teachers/5', '', undefined)).toBeNull();
    expect(prerenderedFile('/profile', '', 'ng-locale=en')).toBeNull();
    expect(prerenderedFile('/teachers', '?page=2', undefined)).toBeNull();
    expect(prerenderedFile('/', '', 'ng-locale=en; ng-token=abc')).toBeNull();
    expect(prerenderedFile('/', '', 'ng-token=; ng-locale=en')).toBe('/prerender/en/index.html');
  });
});
