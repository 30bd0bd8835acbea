// @vitest-environment jsdom
// The family's e-mail address in the profile: add one (a code is sent), confirm it with the code,
// change it (unconfirmed again) or remove it. Server refusals show next to their field or in an alert,
// in the page's language, and nothing typed is lost. Arabic first, right to left, keyboard only, and
// axe clean.
import { screen, waitFor, within } from '@testing-library/react';
import axe from 'axe-core';
import { beforeEach, describe, expect, it } from 'vitest';
import type { EmailState } from '../../../contract/profile-email';
import { EmailSection } from '../../../src/features/profile/email-section';
import { toast } from '../../../src/ui/toast-store';
import { cleanUpAfterEach, renderRouted, type RecordedCall, type Reply } from '../helpers';

/** The address as the fake server keeps it, and what it answers next to a PUT or a verify. */
let state: EmailState;
let nextPut: Reply | null;
let nextVerify: Reply | null;

beforeEach(() => {
  toast.clear();
  state = { email: null, verified: false, locale: 'en' };
  nextPut = null;
  nextVerify = null;
});
cleanUpAfterEach();

const ok = (message: string): Reply => ({ status: 200, json: { message, data: state } });

function render(locale: 'en' | 'ar' = 'en') {
  // The request being answered is the last one recorded (its body is the PUT's address or the code).
  const seen: { calls: RecordedCall[] } = { calls: [] };
  const rendered = renderRouted({
    locale,
    component: () => <EmailSection />,
    route: (url, method) => {
      const body = seen.calls.at(-1)?.body as { email?: string; code?: string } | undefined;
      if (url.endsWith('/v1/profile/email') && method === 'GET') return ok('ok');
      if (url.endsWith('/v1/profile/email') && method === 'PUT') {
        if (nextPut) return nextPut;
        state = { email: body!.email!, verified: false, locale: state.email === null ? locale : state.locale };
        return ok('We sent a confirmation code to your e-mail address');
      }
      if (url.endsWith('/v1/profile/email/verify')) {
        if (nextVerify) return nextVerify;
        state = { ...state, verified: true };
        return ok('Your e-mail address is confirmed');
      }
      if (url.endsWith('/v1/profile/email') && method === 'PATCH') {
        state = { ...state, locale: (body as { locale: 'ar' | 'en' }).locale };
        return ok(state.locale === 'ar' ? 'سنكتب إليك بهذه اللغة من الآن' : 'We will write to you in this language from now on');
      }
      if (url.endsWith('/v1/profile/email/resend')) return ok('We sent a confirmation code to your e-mail address');
      if (url.endsWith('/v1/profile/email') && method === 'DELETE') {
        state = { ...state, email: null, verified: false };
        return ok('Your e-mail address was removed; nothing will be sent to it');
      }
      return { status: 404, json: { message: 'not found' } };
    },
  });
  seen.calls = rendered.calls;
  return rendered;
}

const card = async (name: string) => within((await screen.findByRole('heading', { level: 2, name })).closest('section')!);

describe('Your e-mail address', () => {
  it('adds an address, keeps what was typed through a refusal, and confirms it with the code, by keyboard', async () => {
    const { user, calls } = render();
    const section = await card('Your e-mail address');
    const input = await section.findByLabelText('E-mail address');
    expect(input.getAttribute('dir')).toBe('ltr');
    expect(input.getAttribute('autocomplete')).toBe('email');

    // The server refuses the address: its message sits under the field, the typed text stays.
    nextPut = { status: 400, json: { message: 'Check the fields', errors: { email: ['Enter a valid e-mail address'] } } };
    await user.click(input);
    await user.keyboard('sara@example{Enter}');
    expect(await section.findByText('Enter a valid e-mail address')).toBeTruthy();
    expect(section.getByLabelText('E-mail address')).toHaveProperty('value', 'sara@example');
    expect(section.getByLabelText('E-mail address').getAttribute('aria-invalid')).toBe('true');

    nextPut = null;
    await user.type(section.getByLabelText('E-mail address'), '.com{Enter}');
    // The code field takes the focus, and says where the code went.
    const codeField = await section.findByLabelText('Code from the e-mail');
    await waitFor(() => expect(document.activeElement).toBe(codeField));
    expect(section.getByTestId('email-unverified').textContent).toContain('sara@example.com');
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([{ email: 'sara@example' }, { email: 'sara@example.com' }]);

    // A wrong code: the server's words under the field, the digits kept to correct.
    nextVerify = {
      status: 422,
      json: { message: 'The verification code is not correct', errors: { code: ['The verification code is not correct'] } },
    };
    await user.keyboard('123455{Enter}');
    expect(await section.findByText('The verification code is not correct')).toBeTruthy();
    expect(codeField).toHaveProperty('value', '123455');

    nextVerify = null;
    await user.clear(codeField);
    await user.keyboard('123456{Enter}');
    expect((await section.findByTestId('email-verified')).textContent).toContain('sara@example.com');
    expect(calls.filter((c) => c.url.endsWith('/verify')).map((c) => c.body)).toEqual([{ code: '123455' }, { code: '123456' }]);
    await waitFor(() => expect(toast.getSnapshot().map((x) => x.summary)).toContain('Your e-mail address is confirmed'));
  });

  it('says a refusal that belongs to no field (too many codes) in an alert', async () => {
    state = { email: 'sara@example.com', verified: false, locale: 'en' };
    const { user } = render();
    const section = await card('Your e-mail address');
    nextPut = { status: 429, json: { message: 'Too many attempts. Please wait a little and try again', errors: { retry_after: ['42'] } } };
    await user.click(await section.findByRole('button', { name: 'Change the address' }));
    const input = section.getByLabelText('E-mail address');
    await waitFor(() => expect(document.activeElement).toBe(input));
    await user.clear(input);
    await user.type(input, 'other@example.com{Enter}');
    expect((await section.findByRole('alert')).textContent).toBe('Too many attempts. Please wait a little and try again');
    expect(input).toHaveProperty('value', 'other@example.com');
    // Going back keeps the address as it was; changing again finds the typed one.
    await user.click(section.getByRole('button', { name: 'Keep sara@example.com' }));
    await user.click(await section.findByRole('button', { name: 'Change the address' }));
    expect(section.getByLabelText('E-mail address')).toHaveProperty('value', 'other@example.com');
  });

  it('removes a confirmed address', async () => {
    state = { email: 'sara@example.com', verified: true, locale: 'en' };
    const { user } = render();
    const section = await card('Your e-mail address');
    await user.click(await section.findByRole('button', { name: 'Remove the address' }));
    expect(await section.findByLabelText('E-mail address')).toHaveProperty('value', '');
    expect(section.queryByTestId('email-verified')).toBeNull();
  });

  it('chooses the language of the mails: saved at once, the focus and a half-typed code kept', async () => {
    state = { email: 'sara@example.com', verified: false, locale: 'en' };
    const { user, calls } = render();
    const section = await card('Your e-mail address');
    const group = await section.findByRole('radiogroup', { name: 'Language of our e-mails' });
    expect(within(group).getByRole('radio', { name: 'English' })).toHaveProperty('checked', true);
    // Each language is named in itself, and marked as such for screen readers.
    expect(within(group).getByText('العربية').getAttribute('lang')).toBe('ar');

    await user.type(section.getByLabelText('Code from the e-mail'), '123');
    const arabic = within(group).getByRole('radio', { name: 'العربية' });
    await user.click(arabic);
    await waitFor(() => expect(arabic).toHaveProperty('checked', true));
    expect(calls.filter((c) => c.method === 'PATCH').map((c) => c.body)).toEqual([{ locale: 'ar' }]);
    await waitFor(() => expect(toast.getSnapshot().map((x) => x.summary)).toContain('سنكتب إليك بهذه اللغة من الآن'));
    expect(document.activeElement).toBe(arabic);
    expect(section.getByLabelText('Code from the e-mail')).toHaveProperty('value', '123');

    // By keyboard (jsdom has no CSS.escape, which user-event's arrow keys need: Space on the other radio).
    const english = within(group).getByRole('radio', { name: 'English' });
    english.focus();
    await user.keyboard(' ');
    await waitFor(() => expect(english).toHaveProperty('checked', true));
    expect(calls.filter((c) => c.method === 'PATCH').map((c) => c.body)).toEqual([{ locale: 'ar' }, { locale: 'en' }]);
  });

  it('adds a first address in the page’s language and keeps the chosen one through a change of address', async () => {
    const { user } = render('ar');
    const section = await card('بريدك الإلكتروني');
    await user.type(await section.findByLabelText('البريد الإلكتروني'), 'sara@example.com{Enter}');
    const group = await section.findByRole('radiogroup', { name: 'لغة رسائلنا إليك' });
    expect(within(group).getByRole('radio', { name: 'العربية' })).toHaveProperty('checked', true);
    await user.click(within(group).getByRole('radio', { name: 'English' }));
    await waitFor(() => expect(within(group).getByRole('radio', { name: 'English' })).toHaveProperty('checked', true));
    await user.click(section.getByRole('button', { name: 'تغيير العنوان' }));
    const input = section.getByLabelText('البريد الإلكتروني');
    await user.clear(input);
    await user.type(input, 'sara@example.org{Enter}');
    const after = await section.findByRole('radiogroup', { name: 'لغة رسائلنا إليك' });
    expect(within(after).getByRole('radio', { name: 'English' })).toHaveProperty('checked', true);
  });

  it('reads in Arabic, right to left, and passes axe in each state', async () => {
    const { user } = render('ar');
    const container = document.body;
    const section = await card('بريدك الإلكتروني');
    expect(await section.findByLabelText('البريد الإلكتروني')).toBeTruthy();
    expect((await axe.run(container)).violations).toEqual([]);
    await user.type(section.getByLabelText('البريد الإلكتروني'), 'sara@example.com');
    await user.click(section.getByRole('button', { name: 'أرسل لي رمزًا' }));
    const codeField = await section.findByLabelText('الرمز الوارد في البريد');
    expect((await axe.run(container)).violations).toEqual([]);
    expect(codeField.getAttribute('dir')).toBe('ltr');
    expect(section.getByTestId('email-unverified').querySelector('bdi[dir="ltr"]')?.textContent).toBe('sara@example.com');
    await user.type(codeField, '١٢٣٤٥٦');
    await user.click(section.getByRole('button', { name: 'تأكيد العنوان' }));
    expect((await section.findByTestId('email-verified')).textContent).toContain('وهو عنوان مؤكَّد');
    expect((await axe.run(container)).violations).toEqual([]);
  });
});
