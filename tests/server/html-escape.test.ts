// What the server writes into its own HTML (e-mails, the mail-link pages, the sandbox checkout) is
// escaped by one function: a name or line that looks like markup arrives as text.
import { describe, expect, it } from 'vitest';
import { escapeHtml } from '../../server/http/html';
import { renderMail } from '../../server/modules/outbox/email-templates';

describe('escapeHtml', () => {
  it('escapes every character that could open markup or leave an attribute', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe('&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;');
    expect(escapeHtml('مرحبًا')).toBe('مرحبًا');
  });

  it('is what the e-mail layout uses for its lines, greeting and link', () => {
    const mail = renderMail({
      locale: 'en',
      subject: 'Hi',
      greeting: 'Hello <b>Sara</b>,',
      lines: ['<script>alert(1)</script>'],
      button: { label: 'Open', href: 'https://noor.example/x?a=1&b="2"' },
      footer: 'Footer',
    });
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).not.toContain('<b>Sara</b>');
    expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(mail.html).toContain('a=1&amp;b=&quot;2&quot;');
  });
});
