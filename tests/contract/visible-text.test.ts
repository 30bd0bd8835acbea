// Names and descriptions must show what they say: bidirectional override characters (which reorder the
// text around them on every page) and values that draw nothing (zero-width characters, harakat or
// tatweel alone) are refused by the contract schemas the forms and the server share.
import { describe, expect, it } from 'vitest';
import { arabicNameSchema } from '../../contract/auth';
import { contactRequestSchema } from '../../contract/contact';
import { teacherProfileUpdateSchema } from '../../contract/profile';
import { freeText } from '../../contract/validation';

const OVERRIDES = ['\u202Eموسى', 'موسى\u202D', '\u2066نورة\u2069', 'نورة \u202Aا\u202C'];
const EMPTY_LOOKING = ['\u200B', '\u200B\u200C\u200D', '\uFEFF\u2060', '\u00AD', '\u064B\u064C\u064D', '\u0651'];

describe('names', () => {
  it('refuse bidirectional controls and words without a letter', () => {
    for (const name of [...OVERRIDES, 'ـــ', '\u064B\u064C', 'نورة ـ', '\u0670']) {
      expect(arabicNameSchema.safeParse(name).success, JSON.stringify(name)).toBe(false);
    }
  });

  it('keep real names, with harakat and tatweel inside words', () => {
    for (const name of ['نورة', 'عبد الله', 'مُحَمَّد', 'نـــورة', 'إسماعيل'])
      expect(arabicNameSchema.safeParse(name).success, name).toBe(true);
  });

  it('the contact form’s name: override refused, visually empty is missing', () => {
    const base = { email: 'a@example.org', phone: '+97455000001', message: 'السلام عليكم، أود السؤال عن الباقات' };
    for (const name of OVERRIDES) expect(contactRequestSchema.safeParse({ ...base, name }).success, JSON.stringify(name)).toBe(false);
    const empty = contactRequestSchema.safeParse({ ...base, name: '\u200B\u200B' });
    expect(empty.success).toBe(false);
    expect(empty.error?.issues[0]?.message).toBe('required');
    expect(contactRequestSchema.safeParse({ ...base, name: 'Sara نورة' }).success).toBe(true);
  });
});

describe('descriptions and other free text', () => {
  it('refuse bidirectional controls and text that draws nothing', () => {
    for (const value of [...OVERRIDES, ...EMPTY_LOOKING]) {
      expect(freeText(500).safeParse(value).success, JSON.stringify(value)).toBe(false);
      expect(teacherProfileUpdateSchema.shape.description.safeParse(value).success, JSON.stringify(value)).toBe(false);
    }
  });

  it('keep blank (it clears), emoji sequences, marks LRM/RLM and ordinary text', () => {
    for (const value of ['', '   ', 'معلمة قرآن 👩‍👩‍👧‍👦', 'Tel \u200E+974\u200F', 'أدرّس الرياضيات']) {
      expect(freeText(500).safeParse(value).success, JSON.stringify(value)).toBe(true);
    }
  });
});
