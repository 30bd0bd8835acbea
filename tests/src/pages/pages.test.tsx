// @vitest-environment jsdom
// The public pages as a visitor reads them, in Arabic and English: one h1 each, every heading,
// paragraph and list item actually translated, working contents links, the home page's calls to
// action, and the not-found page.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { hasArabic, renderApp } from './render-app';
import { SUBJECTS } from '../../../server/db/seed-data/reference';

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response('{}', { status: 404, headers: { 'content-type': 'application/json' } })),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const main = () => screen.getByRole('main');
const textBlocks = () => [...main().querySelectorAll('h1, h2, h3, p, li')].map((el) => el.textContent?.trim() ?? '');

const PAGES = [
  { path: '/', en: "Live lessons that light up your child's learning", ar: 'دروس مباشرة تُنير طريق طفلك في التعلّم' },
  { path: '/about-us', en: 'About Noor', ar: 'عن نور' },
  { path: '/privacy-policy', en: 'Privacy policy', ar: 'سياسة الخصوصية' },
  { path: '/terms-conditions', en: 'Terms and conditions', ar: 'الشروط والأحكام' },
  { path: '/user-condition', en: 'User conditions', ar: 'شروط الاستخدام' },
  { path: '/a-page-that-does-not-exist', en: 'Page not found', ar: 'الصفحة غير موجودة' },
];

describe.each(PAGES)('$path', ({ path, en, ar }) => {
  it('has one h1, in English', async () => {
    await renderApp(path, { locale: 'en' });
    const h1s = within(main()).getAllByRole('heading', { level: 1 });
    expect(h1s.map((h) => h.textContent)).toEqual([en]);
  });

  it('has one h1, and every block of text translated, in Arabic', async () => {
    await renderApp(path, { locale: 'ar' });
    const h1s = within(main()).getAllByRole('heading', { level: 1 });
    expect(h1s.map((h) => h.textContent)).toEqual([ar]);
    // Dates and numbers aside, an untranslated string shows up as a block without Arabic letters.
    const untranslated = textBlocks().filter((text) => text !== '' && !/^[\d\s.,:/-]+$/.test(text) && !hasArabic(text));
    expect(untranslated).toEqual([]);
  });
});

describe('text pages', () => {
  it.each(['/about-us', '/privacy-policy', '/terms-conditions', '/user-condition'])(
    '%s lists its sections, each link pointing at a section heading',
    async (path) => {
      await renderApp(path, { locale: 'en' });
      const toc = within(screen.getByRole('navigation', { name: 'On this page' }));
      const links = toc.getAllByRole('link');
      expect(links.length).toBeGreaterThanOrEqual(4);
      for (const link of links) {
        const id = link.getAttribute('href')!.replace(/^#/, '');
        const section = document.getElementById(id);
        expect(section, `section ${id}`).not.toBeNull();
        expect(within(section!).getByRole('heading', { level: 2 }).textContent).toBe(link.textContent);
      }
    },
  );

  it('the agreements cover what a children’s platform must say, messages included', async () => {
    await renderApp('/privacy-policy', { locale: 'en' });
    const privacy = main().textContent ?? '';
    expect(privacy).toMatch(/parental consent/i);
    expect(privacy).toMatch(/recordings are kept for 30 days/i);
    cleanup();
    await renderApp('/terms-conditions', { locale: 'en' });
    expect(main().textContent).toMatch(/Cancellations and refunds/);
    expect(main().textContent).toMatch(
      /Conversations are kept, and the Noor team may review a conversation when a message in it is reported/,
    );
    cleanup();
    await renderApp('/terms-conditions', { locale: 'ar' });
    expect(main().textContent).toContain('تُحفظ المحادثات، وقد يراجع فريق نور المحادثة إذا أُبلغ عن رسالة فيها');
    cleanup();
    await renderApp('/user-condition', { locale: 'en' });
    expect(main().textContent).toMatch(/never contact a student outside Noor/);
  });
});

describe('home page', () => {
  it('leads to sign-up for the free trial, to the teachers, and states the claim', async () => {
    await renderApp('/', { locale: 'en' });
    const hero = within(screen.getByRole('region', { name: "Live lessons that light up your child's learning" }));
    expect(hero.getByText("Your child's first session is free")).toBeTruthy();
    expect(hero.getByRole('link', { name: 'Start your free trial' })).toHaveProperty('pathname', '/sign-up');
    expect(hero.getByRole('link', { name: 'Browse teachers' })).toHaveProperty('pathname', '/teachers');
    expect(hero.getByTestId('students-claim').textContent).toBe('Trusted by families of over 10 thousand students in Qatar');
  });

  it('explains how it works in four steps', async () => {
    await renderApp('/', { locale: 'en' });
    const steps = within(screen.getByRole('region', { name: 'How it works' }));
    expect(steps.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      'Choose a teacher',
      'Book now or schedule',
      'Join the live session',
      'Follow the progress',
    ]);
  });

  it('shows the five subjects, each leading to the teachers of that subject', async () => {
    await renderApp('/', { locale: 'ar' });
    const subjects = within(screen.getByRole('region', { name: 'المواد التي ندرّسها' }));
    const links = subjects.getAllByRole('link');
    expect(links.map((a) => a.querySelector('.subject-title')?.textContent)).toEqual([
      'القرآن الكريم',
      'اللغة العربية',
      'الرياضيات',
      'اللغة الإنجليزية',
      'العلوم',
    ]);
    expect(new Set(links.map((a) => (a as HTMLAnchorElement).pathname))).toEqual(new Set(['/teachers']));
    const codes = links.map((a) => new URL((a as HTMLAnchorElement).href).searchParams.get('subject_code'));
    // Codes the reference data really has, so the list can resolve each.
    for (const code of codes) expect(SUBJECTS.map((s) => s.code)).toContain(code);
    expect(codes).toEqual(['quran', 'arabic', 'mathematics', 'english', 'science']);
  });

  it('sends institutions to the contact page and closes with a sign-up', async () => {
    await renderApp('/', { locale: 'en' });
    const trust = within(screen.getByRole('region', { name: 'Why parents trust Noor' }));
    expect(trust.getByRole('link', { name: 'Ask about institutional packages' })).toHaveProperty('pathname', '/contact-us');
    const closing = within(screen.getByRole('region', { name: "Ready for your child's first lesson?" }));
    expect(closing.getByRole('link', { name: 'Sign up for free' })).toHaveProperty('pathname', '/sign-up');
  });
});

describe('not found', () => {
  it('offers the way home', async () => {
    await renderApp('/no/such/page', { locale: 'ar' });
    const link = within(main()).getByRole('link', { name: 'العودة إلى الرئيسية' });
    expect((link as HTMLAnchorElement).pathname).toBe('/');
  });
});
