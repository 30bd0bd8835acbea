// The Arabic catalog reads naturally around the dates put into it: a weekday takes «يوم»
// («ينتهي يوم الخميس …»), never «في» («في الخميس»). Every message is rendered with each date-like
// placeholder filled by a real formatted date, so a new sentence with «في {at}» fails here. Numbers are
// written 0–9, as the formatted dates and prices are.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { messages as arMessages } from '../../../locales/ar/messages.po';
import { dayLabel, formatSessionTime } from '../../../src/domain/time';
import { makeI18n } from '../helpers';

const WEEKDAYS = ['الأحد', 'الاثنين', 'الثلاثاء', 'الأربعاء', 'الخميس', 'الجمعة', 'السبت'];
const AFTER_FI = new RegExp(`في (${WEEKDAYS.join('|')})`);

describe('Arabic weekday phrases', () => {
  it('no message puts «في» before a weekday; dates take «يوم»', () => {
    const i18n = makeI18n('ar');
    // A Thursday, formatted as the screens format it.
    const iso = '2026-11-26T17:00:00Z';
    const full = formatSessionTime(iso, 'ar', 'Asia/Qatar');
    const day = dayLabel(iso, 'ar', 'Asia/Qatar');
    expect(full.startsWith('الخميس')).toBe(true);
    const values = { at: full, when: full, day };
    const offending: string[] = [];
    const withDate: string[] = [];
    for (const id of Object.keys(arMessages)) {
      const text = i18n._(id, values);
      if (text.includes('الخميس')) withDate.push(text);
      if (AFTER_FI.test(text)) offending.push(text);
    }
    expect(offending).toEqual([]);
    // The sentences about a request's deadlines are among those checked.
    expect(withDate.some((text) => text.startsWith('ينتهي يوم الخميس'))).toBe(true);
    expect(withDate.some((text) => text.startsWith('يُتاح الانضمام يوم الخميس'))).toBe(true);
  });

  it('writes numbers in the digits the dates and prices use (0–9), never Arabic-Indic ones', () => {
    const indic = Object.entries(arMessages as Record<string, unknown>)
      .filter(([, text]) => /[\u0660-\u0669\u06F0-\u06F9]/.test(JSON.stringify(text)))
      .map(([id]) => id);
    expect(indic).toEqual([]);
  });

  it("the server's own Arabic (answers, e-mail and push texts) writes 0–9 too", () => {
    const files = ['server/i18n.ts', 'server/modules/outbox/email-templates.ts'];
    const indic = files.filter((file) => /[\u0660-\u0669\u06F0-\u06F9]/.test(readFileSync(file, 'utf8')));
    expect(indic).toEqual([]);
  });
});
