// @vitest-environment jsdom
// The contact form as a visitor uses it (spec §5): required fields, email format, message bounds,
// messages next to their fields, nothing typed lost on a failed submit, server field errors shown,
// and on success a toast with the server's message and an empty form.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../src/api/query-client';
import { ContactPage } from '../../../src/features/pages/contact-us';
import { toast } from '../../../src/ui/toast-store';
import { cleanUpAfterEach, fakeFetch, makeI18n, renderWithProviders, SETTINGS, type Reply } from '../helpers';

const settings = SETTINGS;

let contactReply: Reply;

/**
 * Renders the page and reaches for its form, as a visitor does: the shell's first field takes the focus
 * and the real form (loaded then, src/ui/deferred-form.tsx) replaces it before the test types.
 */
async function setup(locale: 'en' | 'ar' = 'en') {
  const { fetch, calls } = fakeFetch((url, method) => {
    if (url.endsWith('/v1/settings')) return { status: 200, json: { message: 'ok', data: settings } };
    if (url.endsWith('/v1/contact') && method === 'POST') return contactReply;
    return { status: 404, json: { message: 'not found' } };
  });
  vi.stubGlobal('fetch', fetch);
  const onError = vi.fn();
  renderWithProviders(<ContactPage />, { i18n: makeI18n(locale), queryClient: createQueryClient({ onError }) });
  const box = (name: string) => screen.getByRole('textbox', { name }) as HTMLInputElement;
  const labels = locale === 'en' ? ['Name', 'Email', 'Phone', 'Message'] : ['الاسم', 'البريد الإلكتروني', 'الهاتف', 'الرسالة'];
  const shell = box(labels[0]!);
  shell.focus();
  // The first import of the form (TanStack Form, zod, phone metadata) is slow to transform.
  await waitFor(() => expect(box(labels[0]!)).not.toBe(shell), { timeout: 15_000 });
  const [name, email, phone, message] = labels.map(box) as [HTMLInputElement, HTMLInputElement, HTMLInputElement, HTMLInputElement];
  const fields = { name, email, phone, message };
  const posts = () => calls.filter((c) => c.method === 'POST');
  return { fields, posts, onError, user: userEvent.setup() };
}

/** The text a field points to with aria-describedby: its description and its errors. */
function describedText(el: HTMLElement): string {
  const ids = (el.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean);
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
}

const REQUIRED = 'This field is required';
const LENGTH = 'The message must be more than 10 and less than 400 characters';

beforeEach(() => {
  contactReply = { status: 201, json: { message: 'Thank you, we will reply soon.', data: { id: 1 } } };
  toast.clear();
});

cleanUpAfterEach();

describe('ContactPage', () => {
  it('shows the contact details from the settings', async () => {
    await setup();
    const email = await screen.findByRole('link', { name: 'hello@noor.example' });
    expect(email.getAttribute('href')).toBe('mailto:hello@noor.example');
    expect(screen.getByText('Doha, Qatar')).toBeTruthy();
  });

  it('submitting empty marks every field required, next to it, and sends nothing', async () => {
    const { fields, posts, user } = await setup();
    await user.click(screen.getByRole('button', { name: 'Send' }));
    for (const field of Object.values(fields)) {
      await waitFor(() => expect(describedText(field)).toContain(REQUIRED));
      expect(field.getAttribute('aria-invalid')).toBe('true');
    }
    expect(posts()).toHaveLength(0);
  });

  it('a field already invalid does not stop the submit from showing every other problem', async () => {
    const { fields, posts, user } = await setup();
    await user.type(fields.email, 'layla-at-example');
    await user.tab();
    await waitFor(() => expect(describedText(fields.email)).toContain('Please enter a valid email address'));
    await user.click(screen.getByRole('button', { name: 'Send' }));
    for (const field of [fields.name, fields.phone, fields.message]) {
      await waitFor(() => expect(describedText(field)).toContain(REQUIRED));
    }
    expect(posts()).toHaveLength(0);
  });

  it('Enter in a field the user has not left shows its message at once', async () => {
    const { fields, posts, user } = await setup();
    await user.type(fields.email, 'layla-at-example{Enter}');
    await waitFor(() => expect(describedText(fields.email)).toContain('Please enter a valid email address'));
    expect(posts()).toHaveLength(0);
  });

  it('says nothing while the user types, then the email format message on leaving the field', async () => {
    const { fields, user } = await setup();
    await user.type(fields.email, 'layla-at-example');
    expect(describedText(fields.email)).not.toMatch(/valid email/);
    await user.tab();
    await waitFor(() => expect(describedText(fields.email)).toContain('Please enter a valid email address'));
    // Fixing it clears the message as the user types.
    await user.clear(fields.email);
    await user.type(fields.email, 'layla@example.com');
    await waitFor(() => expect(describedText(fields.email)).not.toContain('valid email'));
  });

  it.each([
    ['10 characters', 'x'.repeat(10), true],
    ['11 characters', 'x'.repeat(11), false],
    ['399 characters', 'x'.repeat(399), false],
    ['400 characters', 'x'.repeat(400), true],
  ])('message of %s: length message shown = %s', async (_label, text, shown) => {
    const { fields, user } = await setup();
    await user.click(fields.message);
    await user.paste(text);
    await user.tab();
    await waitFor(() => expect(describedText(fields.message).includes(LENGTH)).toBe(shown));
  });

  it('counts the message characters as the user types', async () => {
    const { fields, user } = await setup();
    expect(describedText(fields.message)).toContain('0 characters');
    await user.type(fields.message, 'Hi');
    expect(describedText(fields.message)).toContain('2 characters');
  });

  it('keeps everything typed after a submit stopped by validation', async () => {
    const { fields, posts, user } = await setup();
    await user.type(fields.name, 'Layla Ahmed');
    await user.type(fields.email, 'layla-at-example');
    await user.type(fields.phone, '55123456');
    await user.type(fields.message, 'Hello');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(describedText(fields.message)).toContain(LENGTH));
    expect(describedText(fields.email)).toContain('Please enter a valid email address');
    expect(describedText(fields.name)).not.toContain(REQUIRED);
    expect(fields.name.value).toBe('Layla Ahmed');
    expect(fields.email.value).toBe('layla-at-example');
    expect(fields.phone.value).toBe('55123456');
    expect(fields.message.value).toBe('Hello');
    expect(posts()).toHaveLength(0);
  });

  async function fillValid(user: ReturnType<typeof userEvent.setup>, fields: Awaited<ReturnType<typeof setup>>['fields']) {
    await user.type(fields.name, 'Layla Ahmed');
    await user.type(fields.email, 'layla@example.com');
    await user.type(fields.phone, '5512 3456');
    await user.type(fields.message, 'We would like packages for our school.');
  }

  it('shows a 400 from the server next to the fields, keeps the values and reports it to the catalogue', async () => {
    contactReply = {
      status: 400,
      json: {
        message: 'The given data was invalid.',
        errors: { email: ['This email address is blocked.'], spam: ['Too many messages today.'] },
      },
    };
    const { fields, onError, user } = await setup();
    await fillValid(user, fields);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(describedText(fields.email)).toContain('This email address is blocked.'));
    expect(fields.email.getAttribute('aria-invalid')).toBe('true');
    // An error for no field of this form goes in the summary.
    expect(screen.getByRole('alert').textContent).toContain('Too many messages today.');
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ status: 400 }));
    expect(fields.name.value).toBe('Layla Ahmed');
    expect(fields.message.value).toBe('We would like packages for our school.');
    expect(toast.getSnapshot()).toEqual([]);
  });

  it('on success: posts the trimmed values (a local phone as +974), shows the server message and empties the form', async () => {
    const { fields, posts, onError, user } = await setup();
    await fillValid(user, fields);
    await user.type(fields.name, '  ');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(toast.getSnapshot()).toHaveLength(1));
    expect(posts()[0]?.body).toEqual({
      name: 'Layla Ahmed',
      email: 'layla@example.com',
      phone: '+97455123456',
      message: 'We would like packages for our school.',
    });
    expect(toast.getSnapshot()[0]).toMatchObject({ severity: 'success', detail: 'Thank you, we will reply soon.' });
    await waitFor(() => expect(fields.name.value).toBe(''));
    expect(fields.message.value).toBe('');
    expect(describedText(fields.name)).not.toContain(REQUIRED);
    expect(onError).not.toHaveBeenCalled();
  });

  it('the phone is the sign-up\'s input and rules: a country picker, and "5588" refused before anything is sent', async () => {
    const { fields, posts, user } = await setup();
    expect(screen.getByRole('combobox', { name: 'Country code' })).toBeTruthy();
    await user.type(fields.name, 'Layla Ahmed');
    await user.type(fields.email, 'layla@example.com');
    await user.type(fields.phone, '5588');
    await user.type(fields.message, 'We would like packages for our school.');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(describedText(fields.phone)).toContain('The phone number is too short'));
    expect(fields.phone.getAttribute('aria-invalid')).toBe('true');
    expect(posts()).toHaveLength(0);
  });

  it('speaks Arabic: labels and the required message', async () => {
    const { fields, user } = await setup('ar');
    await user.click(screen.getByRole('button', { name: 'إرسال' }));
    await waitFor(() => expect(describedText(fields.name)).toContain('هذا الحقل مطلوب'));
    expect(describedText(fields.message)).toContain('هذا الحقل مطلوب');
  });
});
