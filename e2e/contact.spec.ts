// The contact form: validated on the client with messages next to each field, values kept
// after a failed attempt, stored by the server on success; the same messages in Arabic.
import { expect, test, type Page } from '@playwright/test';
import { tr } from './support/catalog';
import { open, preferences, toasts, uniqueEmail } from './support/app';
import { messageNextTo } from './support/forms';
import { FORM } from './support/texts';

function contactForm(page: Page, locale: 'ar' | 'en' = 'en') {
  const main = page.locator('main');
  const label = (text: string) => main.getByLabel(tr(locale, text), { exact: true });
  return {
    name: label('Name'),
    email: label('Email'),
    phone: label('Phone'),
    message: label('Message'),
    send: main.getByRole('button', { name: tr(locale, 'Send'), exact: true }),
  };
}

/** Counts the API writes the page makes, to prove an invalid form is not sent. */
function countPosts(page: Page): () => number {
  let posts = 0;
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname.startsWith('/api/')) posts += 1;
  });
  return () => posts;
}

test.describe('in English', () => {
  test.beforeEach(async ({ page }) => {
    await preferences(page, { locale: 'en' });
    await open(page, '/contact-us');
  });

  test('submitting empty shows the required message next to each field and sends nothing', async ({ page }) => {
    const posts = countPosts(page);
    const form = contactForm(page);
    await form.send.click();
    for (const field of [form.name, form.email, form.message]) {
      await expect.poll(() => messageNextTo(field)).toContain(FORM.required);
    }
    expect(posts()).toBe(0);
  });

  test('a bad email and a 5-character message get their own messages; typed values are kept', async ({ page }) => {
    const posts = countPosts(page);
    const form = contactForm(page);
    await form.name.fill('Layla Ahmed');
    await form.email.fill('layla-at-example');
    await form.phone.fill('55123456');
    await form.message.fill('Hello');
    await form.send.click();

    await expect.poll(() => messageNextTo(form.email)).toMatch(FORM.invalidEmail);
    await expect.poll(() => messageNextTo(form.message)).toMatch(FORM.messageLength);
    expect(await messageNextTo(form.name)).not.toContain(FORM.required);
    await expect(form.name).toHaveValue('Layla Ahmed');
    await expect(form.email).toHaveValue('layla-at-example');
    await expect(form.message).toHaveValue('Hello');
    expect(posts()).toBe(0);
  });

  test('a valid message is stored and confirmed with a success toast', async ({ page }) => {
    const form = contactForm(page);
    await form.name.fill('Layla Ahmed');
    await form.email.fill(uniqueEmail('contact'));
    await form.phone.fill('55123456');
    await form.message.fill('We would like institutional packages for our school, please call us.');
    const stored = page.waitForResponse((res) => res.request().method() === 'POST' && new URL(res.url()).pathname.startsWith('/api/'));
    await form.send.click();
    const response = await stored;
    expect(response.status(), await response.text()).toBeLessThan(300);
    await expect(toasts(page, 'success')).toBeVisible();
    await expect(toasts(page, 'error')).toHaveCount(0);
  });
});

test('in Arabic, the required message is Arabic', async ({ page }) => {
  await preferences(page, { locale: 'ar' });
  await open(page, '/contact-us');
  const form = contactForm(page, 'ar');
  await form.send.click();
  const required = tr('ar', FORM.required);
  for (const field of [form.name, form.email, form.message]) {
    await expect.poll(() => messageNextTo(field)).toContain(required);
  }
});
