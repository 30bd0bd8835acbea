// Reads the validation message shown for one form field: the text the field points to with
// aria-describedby / aria-errormessage, plus the text of the field's own wrapper (the nearest
// ancestor holding no other text field), which is what "next to the field" means on screen.
import type { Locator } from '@playwright/test';

export function messageNextTo(field: Locator): Promise<string> {
  return field.evaluate((el) => {
    const ids = [el.getAttribute('aria-describedby'), el.getAttribute('aria-errormessage')]
      .filter((v): v is string => Boolean(v))
      .join(' ')
      .split(/\s+/)
      .filter(Boolean);
    const described = ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
    let wrapper: Element | null = null;
    let node = el.parentElement;
    while (node && node.tagName !== 'FORM') {
      if (node.querySelectorAll('input:not([type=hidden]), textarea').length > 1) break;
      wrapper = node;
      node = node.parentElement;
    }
    return `${described} ${wrapper?.textContent ?? ''}`.replace(/\s+/g, ' ').trim();
  });
}
