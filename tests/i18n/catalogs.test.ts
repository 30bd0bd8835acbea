// Both catalogs are complete and agree: every live message has a non-empty translation in
// ar and en, the two catalogs hold the same messages, and ICU placeholders survive translation.
import fs from 'node:fs';
import path from 'node:path';
import PO from 'pofile';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const LOCALES = ['ar', 'en'] as const;
type Locale = (typeof LOCALES)[number];

function load(locale: Locale): Map<string, string[]> {
  const po = PO.parse(fs.readFileSync(path.join(root, 'locales', locale, 'messages.po'), 'utf8'));
  return new Map(po.items.filter((item) => !item.obsolete).map((item) => [item.msgid, item.msgstr]));
}

/**
 * The argument names of an ICU message, including those inside plural/select branches:
 * "{count, plural, one {# lesson with {name}} other {…}}" → ["count", "name"].
 */
function icuArguments(message: string): string[] {
  const names = new Set<string>();
  let i = 0;

  const readUntil = (stops: string): string => {
    const start = i;
    while (i < message.length && !stops.includes(message[i]!)) i++;
    return message.slice(start, i).trim();
  };
  // Text up to the `}` closing the current sub-message (or the end), with the arguments inside it.
  const subMessage = (): void => {
    while (i < message.length && message[i] !== '}') {
      if (message[i] === "'" && message[i + 1] === "'") i += 2;
      else if (message[i] === "'" && message[i + 1] === '{') {
        const close = message.indexOf("'", i + 1);
        i = close === -1 ? message.length : close + 1;
      } else if (message[i] === '{') {
        i++;
        argument();
      } else i++;
    }
  };
  const argument = (): void => {
    const name = readUntil(',}');
    if (name) names.add(name);
    if (message[i] === '}') {
      i++;
      return;
    }
    i++; // ','
    const type = readUntil(',}');
    if (message[i] === '}') {
      i++;
      return;
    }
    i++; // ','
    if (type === 'plural' || type === 'select' || type === 'selectordinal') {
      while (i < message.length && message[i] !== '}') {
        readUntil('{}'); // selector, e.g. "one", "=0", "offset:1 other"
        if (message[i] !== '{') break;
        i++;
        subMessage();
        i++; // '}' of the branch
      }
      i++; // '}' of the argument
      return;
    }
    // number/date/time styles: skip to the matching brace.
    let depth = 1;
    while (i < message.length && depth > 0) {
      if (message[i] === '{') depth++;
      else if (message[i] === '}') depth--;
      i++;
    }
  };

  subMessage();
  return [...names].sort();
}

const catalogs = Object.fromEntries(LOCALES.map((locale) => [locale, load(locale)])) as Record<Locale, Map<string, string[]>>;

describe('translation catalogs', () => {
  it('are not empty', () => {
    for (const locale of LOCALES) expect(catalogs[locale].size, locale).toBeGreaterThan(0);
  });

  for (const locale of LOCALES) {
    it(`${locale}: every message has a non-empty translation`, () => {
      const missing = [...catalogs[locale]]
        .filter(([, msgstr]) => msgstr.length === 0 || msgstr.every((s) => s.trim() === ''))
        .map(([msgid]) => msgid);
      expect(missing, `untranslated in locales/${locale}/messages.po`).toEqual([]);
    });
  }

  it('hold the same messages', () => {
    const ar = new Set(catalogs.ar.keys());
    const en = new Set(catalogs.en.keys());
    expect(
      [...ar].filter((id) => !en.has(id)),
      'only in ar',
    ).toEqual([]);
    expect(
      [...en].filter((id) => !ar.has(id)),
      'only in en',
    ).toEqual([]);
  });

  it('keep the ICU placeholders of the source in every translation', () => {
    const mismatches: string[] = [];
    for (const [msgid] of catalogs.en) {
      const expected = icuArguments(msgid);
      for (const locale of LOCALES) {
        for (const translation of catalogs[locale].get(msgid) ?? []) {
          if (translation.trim() === '') continue; // reported by the completeness test
          const actual = icuArguments(translation);
          if (actual.join(',') !== expected.join(',')) {
            mismatches.push(`${locale}: "${msgid}" has {${actual.join('}, {')}} instead of {${expected.join('}, {')}}`);
          }
        }
      }
    }
    expect(mismatches).toEqual([]);
  });
});

describe('icuArguments (the placeholder reader the catalog test relies on)', () => {
  it('reads simple, plural, select and nested arguments', () => {
    expect(icuArguments('Hello')).toEqual([]);
    expect(icuArguments('Hello {name}, welcome')).toEqual(['name']);
    expect(icuArguments('{count, plural, one {# lesson} other {# lessons with {teacher}}}')).toEqual(['count', 'teacher']);
    expect(
      icuArguments('{count, plural, zero {لا دروس} one {درس واحد} two {درسان} few {# دروس} many {# درسًا} other {# درس}} {when}'),
    ).toEqual(['count', 'when']);
    expect(icuArguments('{gender, select, male {He} female {She} other {They}} booked {0}')).toEqual(['0', 'gender']);
    expect(icuArguments('{n, number, ::percent} done')).toEqual(['n']);
    expect(icuArguments("It''s '{literal}' {real}")).toEqual(['real']);
  });
});
