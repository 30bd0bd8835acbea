// Notification sentences as an Arabic reader sees them with real data: no tatweel glued to a name
// («لـباقة»), and the teacher's whole name as the server sends it.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { AppNotification } from '../../../contract/notifications';
import { formatClock, formatSessionTime, withZone } from '../../../src/domain/time';
import { notificationSentence } from '../../../src/features/notifications/texts';
import { makeI18n } from '../helpers';

const note = (type: AppNotification['type'], params: AppNotification['params']): AppNotification =>
  ({ id: 1, type, params, read_at: null, created_at: '2030-01-01T10:00:00.000Z', link: null }) as unknown as AppNotification;

describe('notification sentences in Arabic', () => {
  const ar = makeI18n('ar');

  it('a failed payment names the package without a stray tatweel', () => {
    const text = notificationSentence(ar, note('payment_failed', { package_name_ar: 'باقة المواظبة' }));
    expect(text).toContain('باقة المواظبة');
    expect(text).not.toContain('\u0640');
  });

  it('a completed payment counts the hours in words after the package name, never a bare "(8)"', () => {
    const text = notificationSentence(ar, note('payment_completed', { package_name_ar: 'باقة المواظبة', hours: 8 }));
    expect(text).toBe('تم استلام الدفع: أُضيف إلى رصيدك 8 ساعات من باقة المواظبة.');
    expect(text).not.toMatch(/\(\d+\)/);
    expect(notificationSentence(ar, note('payment_completed', { package_name_ar: 'باقة التقدّم', hours: 12 }))).toContain(
      '12 ساعة من باقة التقدّم',
    );
    expect(notificationSentence(makeI18n('en'), note('payment_completed', { package_name_en: 'Steady', hours: 8 }))).toBe(
      'Payment received: 8 hours of Steady added to your balance.',
    );
  });

  it('a refund says the package was refunded, its hours counted in words, in both languages', () => {
    expect(notificationSentence(ar, note('payment_refunded', { package_name_ar: 'باقة البداية', hours: 4 }))).toBe(
      'تم استرداد باقة البداية: خرجت 4 ساعات من رصيدك، ويعود المبلغ إلى وسيلة الدفع التي استخدمتها.',
    );
    expect(notificationSentence(makeI18n('en'), note('payment_refunded', { package_name_en: 'Starter', hours: 4 }))).toBe(
      'Starter was refunded: its 4 hours left your balance and the money goes back to how you paid.',
    );
  });

  it('keeps the whole name it is given', () => {
    const text = notificationSentence(
      ar,
      note('request_approved', { other_name: 'فاطمة أحمد الكعبي', subject_ar: 'القرآن الكريم', starts_at: '2030-01-02T10:00:00.000Z' }),
    );
    expect(text).toContain('فاطمة أحمد الكعبي');
  });

  it('a written lesson report names the teacher and the subject, and says what it holds', () => {
    const text = notificationSentence(
      ar,
      note('lesson_report_written', { other_name: 'هدى الكعبي', subject_ar: 'القرآن الكريم', starts_at: '2030-01-02T10:00:00.000Z' }),
    );
    expect(text).toMatch(/^كتب هدى الكعبي تقرير حصة القرآن الكريم يوم .+: ما تناولته الحصة والواجب\.$/);
  });

  it('a finished lesson asks the family to rate its teacher, in both languages', () => {
    const params = { other_name: 'هدى الكعبي', subject_ar: 'القرآن الكريم', subject_en: 'Quran', starts_at: '2030-01-02T10:00:00.000Z' };
    expect(notificationSentence(ar, note('session_finished', params))).toMatch(
      /^انتهت حصة القرآن الكريم مع هدى الكعبي يوم .+\. كيف كانت؟ قيّم معلمك\.$/,
    );
    expect(notificationSentence(makeI18n('en'), note('session_finished', params))).toMatch(
      /^Your Quran session with \u2068هدى الكعبي\u2069 on .+ has finished\. How was it\? Rate your teacher\.$/,
    );
  });

  it('a new message names its sender, in both languages', () => {
    expect(notificationSentence(ar, note('message_received', { other_name: 'هدى الكعبي', conversation_id: 4 }))).toBe(
      'رسالة جديدة من هدى الكعبي.',
    );
    expect(notificationSentence(makeI18n('en'), note('message_received', { other_name: 'Huda', conversation_id: 4 }))).toBe(
      'New message from Huda.',
    );
  });

  it('no Arabic message glues a tatweel to a placeholder (the value is a whole word)', () => {
    const catalog = readFileSync('locales/ar/messages.po', 'utf8');
    expect(catalog.match(/^msgstr .*\u0640\{.*$/gm) ?? []).toEqual([]);
  });
});

describe('a moved session and a proposal to move one, each in its own words', () => {
  const base = {
    other_name: 'هدى الكعبي',
    subject_ar: 'القرآن الكريم',
    subject_en: 'Quran',
    starts_at: '2030-01-02T14:00:00.000Z',
  };
  const proposal = (step: 'proposed' | 'accepted' | 'declined' | 'lapsed') =>
    note('request_rescheduled', { ...base, proposal: step, proposed_starts_at: '2030-01-03T15:00:00.000Z' });
  const en = makeI18n('en');
  const ar = makeI18n('ar');
  // The device zone the tests run in, named the house way ("… Qatar time" / «… بتوقيت قطر»).
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const named = (i18n: typeof en, iso: string) => withZone(i18n, formatSessionTime(iso, i18n.locale, zone), zone);

  it('a pending request moved says "moved", with the new time and its zone', () => {
    const text = notificationSentence(en, note('request_rescheduled', base));
    expect(text).toBe(`\u2068هدى الكعبي\u2069 moved the Quran session request to ${named(en, base.starts_at)}.`);
    expect(text).toMatch(/ time\.$/);
  });

  it('English: proposes, accepted, kept the current time, lapsed — never "moved"', () => {
    const proposed = named(en, '2030-01-03T15:00:00.000Z');
    const current = named(en, base.starts_at);
    expect(notificationSentence(en, proposal('proposed'))).toBe(
      `\u2068هدى الكعبي\u2069 proposes a new time for the Quran session: ${proposed}. Open the session details to accept or decline.`,
    );
    expect(notificationSentence(en, proposal('accepted'))).toBe(
      `\u2068هدى الكعبي\u2069 accepted the new time of the Quran session: ${proposed}.`,
    );
    expect(notificationSentence(en, proposal('declined'))).toBe(
      `\u2068هدى الكعبي\u2069 declined the new time and kept the current time of the Quran session: ${current}.`,
    );
    expect(notificationSentence(en, proposal('lapsed'))).toBe(
      `The proposal to move the Quran session to ${proposed} lapsed without an answer. The session stays at ${current}.`,
    );
    for (const step of ['proposed', 'accepted', 'declined', 'lapsed'] as const)
      expect(notificationSentence(en, proposal(step))).not.toMatch(/moved/);
  });

  it('Arabic: four distinct sentences, each time with «بتوقيت …», none saying it was moved', () => {
    const texts = (['proposed', 'accepted', 'declined', 'lapsed'] as const).map((step) => notificationSentence(ar, proposal(step)));
    expect(new Set(texts).size).toBe(4);
    expect(texts[0]).toContain(named(ar, '2030-01-03T15:00:00.000Z'));
    expect(texts[0]).toMatch(/^يقترح هدى الكعبي موعدًا جديدًا لحصة القرآن الكريم: /);
    expect(texts[1]).toMatch(/^قبل هدى الكعبي الموعد الجديد لحصة القرآن الكريم: /);
    expect(texts[2]).toContain(named(ar, base.starts_at));
    for (const text of texts) {
      expect(text).toContain('بتوقيت ');
      expect(text).not.toMatch(/[A-Za-z]/);
      expect(text).not.toMatch(/^نقل /);
    }
    expect(notificationSentence(ar, note('request_rescheduled', base))).toMatch(/^نقل هدى الكعبي طلب حصة القرآن الكريم إلى .+ بتوقيت /);
  });
});

describe('a weekly series is one sentence, not one per lesson', () => {
  const series = (type: 'request_offered' | 'request_canceled', lessons: number) =>
    note(type, {
      other_name: 'سارة',
      subject_ar: 'القرآن الكريم',
      subject_en: 'Quran',
      // Sundays, 4 to 25 January 2032, 14:00 UTC.
      starts_at: '2032-01-04T14:00:00.000Z',
      series: { id: 3, lessons, last_starts_at: '2032-01-25T14:00:00.000Z' },
    });
  const en = makeI18n('en');
  const ar = makeI18n('ar');
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const time = (i18n: typeof en) => withZone(i18n, formatClock('2032-01-04T14:00:00.000Z', i18n.locale, zone), zone);

  it('English: how many weekly sessions, the weekday, the time with its zone, first and last date', () => {
    // 14:00 UTC is the same Sunday on every clock from UTC−14 to UTC+9.
    expect(notificationSentence(en, series('request_offered', 4))).toBe(
      `New request from \u2068سارة\u2069: 4 weekly sessions of Quran, every Sunday at ${time(en)}, from January 4 to January 25.`,
    );
    expect(notificationSentence(en, series('request_canceled', 1))).toBe(
      `\u2068سارة\u2069 canceled the rest of the Quran series: 1 weekly session, every Sunday at ${time(en)}, from January 4 to January 25.`,
    );
  });

  it('Arabic: counted with the dual and plural forms, «كل يوم الأحد», the zone named', () => {
    const two = notificationSentence(ar, series('request_offered', 2));
    expect(two).toMatch(/^طلب جديد من سارة: حصتان أسبوعيتان في القرآن الكريم، كل يوم الأحد الساعة .+ بتوقيت \S.*، من /);
    expect(notificationSentence(ar, series('request_canceled', 4))).toMatch(/^ألغى سارة بقية سلسلة حصص القرآن الكريم: 4 حصص أسبوعية، /);
    expect(two).not.toMatch(/[A-Za-z]/);
  });
});
