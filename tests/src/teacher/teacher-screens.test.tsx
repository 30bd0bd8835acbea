// @vitest-environment jsdom
// The teacher screens in the real app (route tree, guards, auth actor with fake effects): the terms
// screen's explicit acceptance and the in-review screen's rejected variant (reason, resubmission).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderAuth } from '../auth/render-auth';
import { teacher } from '../../machines/auth-fakes';

interface Seen {
  url: string;
  method: string;
  body: unknown;
}

/** Answers the teacher calls; anything else (reference lists) gets an empty list. */
function stubTeacherApi(reason: string | null = null) {
  const seen: Seen[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input instanceof Request ? input.url : input);
    const method = (init.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
    seen.push({ url, method, body: init.body });
    const json = (status: number, body: unknown) =>
      new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
    if (url.includes('v1/instructor/update/status'))
      return json(200, { message: 'Welcome to Noor as a teacher', data: { status: 'active', review_reason: null } });
    if (url.includes('v1/instructor/documents')) return json(200, { message: 'We received your documents', data: {} });
    if (url.includes('v1/profile')) return json(200, { message: 'ok', data: { ...teacher, status: 'rejected', review_reason: reason } });
    return json(200, { message: 'ok', data: [] });
  });
  return seen;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('teacher terms screen', () => {
  it('accepts only after the box is ticked, shows the server message, reloads the profile', async () => {
    const { fake } = await renderAuth('/trams-teacher', {
      checkLogin: () => ({ account: { ...teacher, status: 'policy' }, token: teacher.token }),
      fetchProfile: () => ({ ...teacher, status: 'active' }),
    });
    const seen = stubTeacherApi();
    expect(await screen.findByRole('heading', { level: 1, name: 'Teacher terms' })).toBeTruthy();
    const accept = screen.getByRole('button', { name: 'Accept and continue' });
    expect((accept as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByLabelText('I have read the teacher terms and I accept them'));
    expect((accept as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(accept);
    // The toaster loads with the first toast (a lazy chunk): allow for a slow, shared test machine.
    expect((await screen.findAllByText('Welcome to Noor as a teacher', {}, { timeout: 10_000 })).length).toBeGreaterThan(0);
    expect(seen.filter((c) => c.url.includes('v1/instructor/update/status')).map((c) => c.method)).toEqual(['POST']);
    await waitFor(() => expect(fake.called('fetchProfile')).toHaveLength(1));
  });
});

// The rule (machines/request.machine.ts, teacherBeforeStart): a teacher cancels an accepted session
// from its details, with a reason, until its start; the family's 6-hour cut-off is not theirs. The
// terms once told teachers to write through the contact page 6 hours ahead: they must say the rule.
describe('teacher terms: cancelling a session', () => {
  const SAYS = {
    en: { where: 'cancel it from its details', until: 'up to its start', old: [/contact page/i, /6 hours/i, /\bsix\b/i] },
    ar: { where: 'من صفحة تفاصيلها', until: 'حتى موعد بدئها', old: [/صفحة التواصل/, /اتصل بنا/, /ست ساعات|6 ساعات/] },
  } as const;
  for (const locale of ['en', 'ar'] as const) {
    it(`says to cancel from the session's details, up to its start (${locale})`, async () => {
      await renderAuth(
        '/trams-teacher',
        { checkLogin: () => ({ account: { ...teacher, status: 'policy' }, token: teacher.token }) },
        locale,
      );
      stubTeacherApi();
      const terms = await screen.findByRole('region', { name: locale === 'en' ? 'Terms for teachers' : 'شروط المعلمين' });
      const text = terms.textContent ?? '';
      expect(text).toContain(SAYS[locale].where);
      expect(text).toContain(SAYS[locale].until);
      for (const old of SAYS[locale].old) expect(text).not.toMatch(old);
      expect(terms.querySelector('a[href="/contact-us"]')).toBeNull();
    });
  }
});

describe('in-review screen, rejected', () => {
  it('shows the reviewer’s reason; needs at least one document; sends the chosen ones and reloads', async () => {
    // A legal page first (open to a rejected teacher), so the teacher API is stubbed before the screen loads.
    const { fake, router } = await renderAuth('/privacy-policy', {
      // The reason comes with the account record (the one source of the teacher's status).
      checkLogin: () => ({ account: { ...teacher, status: 'rejected', review_reason: 'صورة الهوية غير واضحة' }, token: teacher.token }),
      fetchProfile: () => ({ ...teacher, status: 'in_review' }),
    });
    stubTeacherApi('صورة الهوية غير واضحة');
    await router.navigate({ href: '/in-review' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Your application needs corrections' })).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('review-reason').textContent).toBe('صورة الهوية غير واضحة'));

    const send = screen.getByRole('button', { name: 'Send for review again' });
    fireEvent.click(send);
    expect(await screen.findByText('Choose at least one corrected document.')).toBeTruthy();

    const calls = stubTeacherApi('صورة الهوية غير واضحة');
    const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'front.png', { type: 'image/png' });
    fireEvent.change(screen.getByLabelText('ID card, front'), { target: { files: [file] } });
    fireEvent.click(send);
    expect((await screen.findAllByText('We received your documents')).length).toBeGreaterThan(0);
    const upload = calls.find((c) => c.url.includes('v1/instructor/documents'));
    expect(upload?.method).toBe('POST');
    expect(upload?.body instanceof FormData && (upload.body.get('id_front') as File).name).toBe('front.png');
    await waitFor(() => expect(fake.called('fetchProfile')).toHaveLength(1));
    // Back under review: the title comes into view, focused, and the teacher is thanked for the
    // documents, not for registering again.
    const title = await screen.findByRole('heading', { level: 1, name: 'Your account is under review' });
    await waitFor(() => expect(document.activeElement).toBe(title));
    expect(screen.getByTestId('review-intro').textContent).toBe('We received your corrected documents. Our team is checking them again.');
  });
});
