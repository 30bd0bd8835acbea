// @vitest-environment jsdom
// The header and footer as a visitor uses them: account links by auth state, sign-out, the folding
// menu on phones, the language switch, the theme toggle, and the footer's links and copyright.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within, waitFor as waitForDom } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderApp } from './render-app';

beforeEach(() => {
  // No server in unit tests: any API call a screen makes gets a plain 404.
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response('{}', { status: 404, headers: { 'content-type': 'application/json' } })),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  document.documentElement.classList.remove('dark');
  localStorage.clear();
});

const header = () => screen.getByRole('banner');
const accountArea = () => screen.getByTestId('account-area');

describe('account area', () => {
  it('offers sign in and sign up to an anonymous visitor', async () => {
    await renderApp('/', { locale: 'en' });
    const area = within(accountArea());
    expect(area.getByRole('link', { name: 'Sign in' })).toHaveProperty('pathname', '/sign-in');
    expect(area.getByRole('link', { name: 'Sign up' })).toHaveProperty('pathname', '/sign-up');
    expect(area.queryByRole('button', { name: 'Sign out' })).toBeNull();
    expect(area.queryByRole('link', { name: 'Profile' })).toBeNull();
  });

  it('puts profile, requests, packages, messages, notifications and sign out in the account menu; signing out brings sign in back', async () => {
    const { calls, auth } = await renderApp('/', { locale: 'en', signedIn: true });
    const area = within(accountArea());
    const button = area.getByRole('button', { name: 'My account' });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    await userEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    const menu = within(document.getElementById(button.getAttribute('aria-controls') ?? '')!);
    expect(menu.getAllByRole('link').map((a) => (a as HTMLAnchorElement).pathname)).toEqual([
      '/profile',
      '/requests',
      '/packages',
      '/messages',
      '/notifications',
    ]);
    expect(area.queryByRole('link', { name: 'Sign in' })).toBeNull();
    // Escape closes the menu and gives focus back to its button.
    await userEvent.keyboard('{Escape}');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(button);

    await userEvent.click(area.getByRole('button', { name: 'Sign out' }));
    await waitForDom(() => expect(within(accountArea()).getByRole('link', { name: 'Sign in' })).toBeTruthy());
    expect(calls.logout).toBe(1);
    expect(auth.getSnapshot().matches('anonymous')).toBe(true);
    expect(within(header()).queryByRole('link', { name: 'Profile' })).toBeNull();
  });

  it('offers a teacher in review only the pages the review lets them open', async () => {
    await renderApp('/in-review', { locale: 'en', signedIn: 'teacherInReview' });
    // Home, teachers, about and contact would all bounce back to /in-review: no main navigation.
    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
    const button = within(accountArea()).getByRole('button', { name: 'My account' });
    await userEvent.click(button);
    const menu = within(document.getElementById(button.getAttribute('aria-controls') ?? '')!);
    expect(menu.getAllByRole('link').map((a) => a.textContent)).toEqual(['Account review']);
    expect(menu.getByRole('button', { name: 'Sign out' })).toBeTruthy();
  });

  it('is translated in Arabic', async () => {
    await renderApp('/', { locale: 'ar' });
    const area = within(accountArea());
    expect(area.getByRole('link', { name: 'تسجيل الدخول' })).toHaveProperty('pathname', '/sign-in');
    expect(area.getByRole('link', { name: 'إنشاء حساب' })).toHaveProperty('pathname', '/sign-up');
  });
});

describe('menu button (phones)', () => {
  it('controls the menu that holds the main navigation; a guest signs in or up without opening it', async () => {
    await renderApp('/', { locale: 'en' });
    const toggle = within(header()).getByRole('button', { name: 'Menu' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    const menu = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
    expect(menu).not.toBeNull();
    expect(within(menu!).getByRole('navigation', { name: 'Main' })).toBeTruthy();
    // A guest's "Sign in" and "Sign up" are outside the folded menu, in sight on a phone.
    const guest = accountArea();
    expect(menu!.contains(guest)).toBe(false);
    expect(within(guest).getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/sign-in');
    expect(within(guest).getByRole('link', { name: 'Sign up' }).getAttribute('href')).toBe('/sign-up');
    expect(toggle.getAttribute('aria-label')).toBe('Menu');
    expect(menu!.dataset.open).toBe('false');

    await userEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(menu!.dataset.open).toBe('true');

    // Following a link closes the menu so the new page is not hidden behind it.
    await userEvent.click(within(menu!).getByRole('link', { name: 'About us' }));
    await screen.findByRole('heading', { level: 1, name: 'About Noor' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
  });

  it('closes on Escape and gives focus back to the button', async () => {
    await renderApp('/', { locale: 'en' });
    const toggle = within(header()).getByRole('button', { name: 'Menu' });
    await userEvent.click(toggle);
    within(header()).getByRole('link', { name: 'Teachers' }).focus();
    await userEvent.keyboard('{Escape}');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(toggle);
  });
});

describe('main navigation', () => {
  it('links home, teachers, about us and contact us, in both languages', async () => {
    await renderApp('/', { locale: 'en' });
    const nav = within(screen.getByRole('navigation', { name: 'Main' }));
    const targets = nav.getAllByRole('link').map((a) => [a.textContent, (a as HTMLAnchorElement).pathname]);
    expect(targets).toEqual([
      ['Home', '/'],
      ['Teachers', '/teachers'],
      ['About us', '/about-us'],
      ['Contact us', '/contact-us'],
    ]);
    cleanup();
    await renderApp('/', { locale: 'ar' });
    const arNav = within(screen.getByRole('navigation', { name: 'القائمة الرئيسية' }));
    expect(arNav.getAllByRole('link').map((a) => a.textContent)).toEqual(['الرئيسية', 'المعلمون', 'من نحن', 'تواصل معنا']);
  });
});

describe('language switch', () => {
  it('names the other language in that language and switches direction at once', async () => {
    await renderApp('/', { locale: 'ar' });
    const html = document.documentElement;
    expect(html.dir).toBe('rtl');
    const toggle = screen.getByTestId('locale-switch');
    expect(toggle.textContent).toBe('English');
    expect(toggle.getAttribute('lang')).toBe('en');

    await userEvent.click(toggle);
    await waitForDom(() => expect(html.lang).toBe('en'));
    expect(html.dir).toBe('ltr');
    await waitForDom(() => expect(screen.getByTestId('locale-switch').textContent).toBe('العربية'));
    expect(screen.getByTestId('locale-switch').getAttribute('lang')).toBe('ar');
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeTruthy();
    expect(localStorage.getItem('ng-locale')).toBe('en');
  });
});

describe('theme toggle', () => {
  it('puts dark on <html>, reports its state and remembers the choice', async () => {
    await renderApp('/', { locale: 'en' });
    const toggle = screen.getByTestId('theme-toggle');
    expect(toggle.getAttribute('aria-pressed')).toBe('false');
    expect(toggle.getAttribute('aria-label')).toBe('Dark mode');

    await userEvent.click(toggle);
    expect(document.documentElement.classList.contains('dark')).toBe(true);
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    expect(localStorage.getItem('ng-theme')).toBe('dark');

    await userEvent.click(toggle);
    expect(document.documentElement.classList.contains('dark')).toBe(false);
    expect(localStorage.getItem('ng-theme')).toBe('light');
  });
});

describe('footer', () => {
  it('links every static page and carries the current year', async () => {
    await renderApp('/', { locale: 'en' });
    const footer = within(screen.getByRole('contentinfo'));
    const links = within(footer.getByRole('navigation', { name: 'Footer' }))
      .getAllByRole('link')
      .map((a) => (a as HTMLAnchorElement).pathname);
    // The flows studio is linked in development builds only; the tests run as development.
    const studio = import.meta.env.DEV ? ['/flows'] : [];
    expect(links.sort()).toEqual(['/about-us', '/contact-us', ...studio, '/privacy-policy', '/terms-conditions', '/user-condition']);
    expect(footer.getByTestId('copyright').textContent).toContain(String(new Date().getFullYear()));
    expect(footer.getByTestId('copyright').textContent).toContain('Noor');
  });
});
