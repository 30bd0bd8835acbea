// Lesson reports: after a finished session its teacher writes what was covered, the homework and a
// note for the parent, and for Quran lessons which verses were memorised, revised or recited and how well.
//
//   PUT v1/requests/:id/report   (the request's teacher)  body ReportInput → { message, data: LessonReport }
//        only once the session is over; editable for REPORT_EDIT_DAYS after its end, then final (409)
//   GET v1/requests/:id/report   (readers below)                           → { message, data: LessonReport | null }
//
// Readers: the family, the session's teacher, and a teacher the family has since booked for the same
// child (an approved or finished lesson), so a new teacher knows where the child is. Anybody else:
// 404, as for the request itself. A verse range outside its surah is refused with the field's message.
import { z } from 'zod';
import { envelopeSchema } from './envelope';
import { freeText, validationKeys } from './validation';

/** A report can be changed for this many days after the session's end; then it is final. */
export const REPORT_EDIT_DAYS = 7;
export const REPORT_TEXT_MAX = 2_000;
export const REPORT_NOTE_MAX = 1_000;
export const REPORT_MAX_ENTRIES = 20;

/** The 114 surahs in order (number = index + 1): verse count, Arabic name, English name. */
export const SURAHS: ReadonlyArray<readonly [verses: number, ar: string, en: string]> = [
  [7, 'الفاتحة', 'Al-Fatihah'],
  [286, 'البقرة', 'Al-Baqarah'],
  [200, 'آل عمران', 'Al Imran'],
  [176, 'النساء', 'An-Nisa'],
  [120, 'المائدة', "Al-Ma'idah"],
  [165, 'الأنعام', "Al-An'am"],
  [206, 'الأعراف', "Al-A'raf"],
  [75, 'الأنفال', 'Al-Anfal'],
  [129, 'التوبة', 'At-Tawbah'],
  [109, 'يونس', 'Yunus'],
  [123, 'هود', 'Hud'],
  [111, 'يوسف', 'Yusuf'],
  [43, 'الرعد', "Ar-Ra'd"],
  [52, 'إبراهيم', 'Ibrahim'],
  [99, 'الحجر', 'Al-Hijr'],
  [128, 'النحل', 'An-Nahl'],
  [111, 'الإسراء', 'Al-Isra'],
  [110, 'الكهف', 'Al-Kahf'],
  [98, 'مريم', 'Maryam'],
  [135, 'طه', 'Taha'],
  [112, 'الأنبياء', 'Al-Anbiya'],
  [78, 'الحج', 'Al-Hajj'],
  [118, 'المؤمنون', "Al-Mu'minun"],
  [64, 'النور', 'An-Nur'],
  [77, 'الفرقان', 'Al-Furqan'],
  [227, 'الشعراء', "Ash-Shu'ara"],
  [93, 'النمل', 'An-Naml'],
  [88, 'القصص', 'Al-Qasas'],
  [69, 'العنكبوت', 'Al-Ankabut'],
  [60, 'الروم', 'Ar-Rum'],
  [34, 'لقمان', 'Luqman'],
  [30, 'السجدة', 'As-Sajdah'],
  [73, 'الأحزاب', 'Al-Ahzab'],
  [54, 'سبأ', 'Saba'],
  [45, 'فاطر', 'Fatir'],
  [83, 'يس', 'Ya-Sin'],
  [182, 'الصافات', 'As-Saffat'],
  [88, 'ص', 'Sad'],
  [75, 'الزمر', 'Az-Zumar'],
  [85, 'غافر', 'Ghafir'],
  [54, 'فصلت', 'Fussilat'],
  [53, 'الشورى', 'Ash-Shura'],
  [89, 'الزخرف', 'Az-Zukhruf'],
  [59, 'الدخان', 'Ad-Dukhan'],
  [37, 'الجاثية', 'Al-Jathiyah'],
  [35, 'الأحقاف', 'Al-Ahqaf'],
  [38, 'محمد', 'Muhammad'],
  [29, 'الفتح', 'Al-Fath'],
  [18, 'الحجرات', 'Al-Hujurat'],
  [45, 'ق', 'Qaf'],
  [60, 'الذاريات', 'Adh-Dhariyat'],
  [49, 'الطور', 'At-Tur'],
  [62, 'النجم', 'An-Najm'],
  [55, 'القمر', 'Al-Qamar'],
  [78, 'الرحمن', 'Ar-Rahman'],
  [96, 'الواقعة', "Al-Waqi'ah"],
  [29, 'الحديد', 'Al-Hadid'],
  [22, 'المجادلة', 'Al-Mujadilah'],
  [24, 'الحشر', 'Al-Hashr'],
  [13, 'الممتحنة', 'Al-Mumtahanah'],
  [14, 'الصف', 'As-Saff'],
  [11, 'الجمعة', "Al-Jumu'ah"],
  [11, 'المنافقون', 'Al-Munafiqun'],
  [18, 'التغابن', 'At-Taghabun'],
  [12, 'الطلاق', 'At-Talaq'],
  [12, 'التحريم', 'At-Tahrim'],
  [30, 'الملك', 'Al-Mulk'],
  [52, 'القلم', 'Al-Qalam'],
  [52, 'الحاقة', 'Al-Haqqah'],
  [44, 'المعارج', "Al-Ma'arij"],
  [28, 'نوح', 'Nuh'],
  [28, 'الجن', 'Al-Jinn'],
  [20, 'المزمل', 'Al-Muzzammil'],
  [56, 'المدثر', 'Al-Muddaththir'],
  [40, 'القيامة', 'Al-Qiyamah'],
  [31, 'الإنسان', 'Al-Insan'],
  [50, 'المرسلات', 'Al-Mursalat'],
  [40, 'النبأ', 'An-Naba'],
  [46, 'النازعات', "An-Nazi'at"],
  [42, 'عبس', 'Abasa'],
  [29, 'التكوير', 'At-Takwir'],
  [19, 'الانفطار', 'Al-Infitar'],
  [36, 'المطففين', 'Al-Mutaffifin'],
  [25, 'الانشقاق', 'Al-Inshiqaq'],
  [22, 'البروج', 'Al-Buruj'],
  [17, 'الطارق', 'At-Tariq'],
  [19, 'الأعلى', "Al-A'la"],
  [26, 'الغاشية', 'Al-Ghashiyah'],
  [30, 'الفجر', 'Al-Fajr'],
  [20, 'البلد', 'Al-Balad'],
  [15, 'الشمس', 'Ash-Shams'],
  [21, 'الليل', 'Al-Layl'],
  [11, 'الضحى', 'Ad-Duha'],
  [8, 'الشرح', 'Ash-Sharh'],
  [8, 'التين', 'At-Tin'],
  [19, 'العلق', 'Al-Alaq'],
  [5, 'القدر', 'Al-Qadr'],
  [8, 'البينة', 'Al-Bayyinah'],
  [8, 'الزلزلة', 'Az-Zalzalah'],
  [11, 'العاديات', 'Al-Adiyat'],
  [11, 'القارعة', "Al-Qari'ah"],
  [8, 'التكاثر', 'At-Takathur'],
  [3, 'العصر', 'Al-Asr'],
  [9, 'الهمزة', 'Al-Humazah'],
  [5, 'الفيل', 'Al-Fil'],
  [4, 'قريش', 'Quraysh'],
  [7, 'الماعون', "Al-Ma'un"],
  [3, 'الكوثر', 'Al-Kawthar'],
  [6, 'الكافرون', 'Al-Kafirun'],
  [3, 'النصر', 'An-Nasr'],
  [5, 'المسد', 'Al-Masad'],
  [4, 'الإخلاص', 'Al-Ikhlas'],
  [5, 'الفلق', 'Al-Falaq'],
  [6, 'الناس', 'An-Nas'],
];

export const QURAN_KINDS = ['memorised', 'revised', 'recited'] as const;
export const QURAN_GRADES = ['excellent', 'good', 'needs_work'] as const;
export type QuranKind = (typeof QURAN_KINDS)[number];
export type QuranGrade = (typeof QURAN_GRADES)[number];

export const reportValidationKeys = { ayahRange: 'ayah_range' } as const;
export type ReportValidationKey = (typeof reportValidationKeys)[keyof typeof reportValidationKeys];

/** How many verses surah `n` (1–114) has; 0 for no such surah. */
export const versesOf = (n: number): number => SURAHS[n - 1]?.[0] ?? 0;

const whole = (max: number) =>
  z
    .number({ error: validationKeys.invalid })
    .int({ error: validationKeys.invalid })
    .min(1, { error: validationKeys.invalid })
    .max(max, { error: validationKeys.invalid });

export const quranEntrySchema = z
  .object({
    surah: whole(SURAHS.length),
    from_ayah: whole(286),
    to_ayah: whole(286),
    kind: z.enum(QURAN_KINDS, { error: validationKeys.invalid }),
    grade: z.enum(QURAN_GRADES, { error: validationKeys.invalid }),
  })
  .refine((e) => e.from_ayah <= e.to_ayah && e.to_ayah <= versesOf(e.surah), { error: reportValidationKeys.ayahRange, path: ['to_ayah'] });
export type QuranEntry = z.infer<typeof quranEntrySchema>;

/**
 * The Quran entries of a stored report (jsonb, or its text on a driver that answers text): those the
 * rules accept today. A row written before a rule, restored or edited by hand costs only its odd
 * entries (an unknown surah or kind, verses outside the surah, another shape), never the whole read.
 */
export function storedQuranEntries(stored: unknown): QuranEntry[] {
  let value = stored;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      return [];
    }
  }
  if (!Array.isArray(value)) return [];
  return value.flatMap((e: unknown) => {
    const entry = quranEntrySchema.safeParse(e);
    return entry.success ? [entry.data] : [];
  });
}

export const reportInputSchema = z.object({
  covered: freeText(REPORT_TEXT_MAX).refine((v) => v !== '', { error: validationKeys.required }),
  homework: freeText(REPORT_NOTE_MAX).default(''),
  note: freeText(REPORT_NOTE_MAX).default(''),
  quran: z
    .array(quranEntrySchema, { error: validationKeys.invalid })
    .max(REPORT_MAX_ENTRIES, { error: validationKeys.tooLong })
    .default([]),
});
export type ReportInput = z.input<typeof reportInputSchema>;

/** A Quran entry as reports and a child's progress answer it: the surah's name in the reader's language. */
export const quranEntryReadSchema = z.object({
  surah: z.number().int(),
  surah_name: z.string(),
  from_ayah: z.number().int(),
  to_ayah: z.number().int(),
  kind: z.enum(QURAN_KINDS),
  grade: z.enum(QURAN_GRADES),
});

export const lessonReportSchema = z.object({
  request_id: z.number().int(),
  covered: z.string(),
  homework: z.string(),
  note: z.string(),
  quran: z.array(quranEntryReadSchema),
  teacher: z.object({ id: z.number().int(), first_name: z.string() }),
  created_at: z.string(),
  updated_at: z.string(),
  /** Until when its teacher may still change it. */
  editable_until: z.string(),
  /** Whether the reader may change it now (its teacher, inside the window). */
  editable: z.boolean(),
});
export type LessonReport = z.infer<typeof lessonReportSchema>;
export const lessonReportResponseSchema = envelopeSchema(lessonReportSchema.nullable());
