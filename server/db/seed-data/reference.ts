// School phases used in Qatar, the subjects taught, and the platform settings seeded on first start.

export interface PhaseSeed {
  code: string;
  stage: 'kindergarten' | 'primary' | 'preparatory' | 'secondary';
  grade: number | null;
  ar: string;
  en: string;
}

const ORDINALS_AR = ['الأول', 'الثاني', 'الثالث', 'الرابع', 'الخامس', 'السادس'];

// Qatar's ladder: kindergarten, primary 1–6, preparatory 1–3 (grades 7–9), secondary 1–3 (grades 10–12).
export const PHASES: PhaseSeed[] = [
  { code: 'kindergarten', stage: 'kindergarten', grade: null, ar: 'الروضة', en: 'Kindergarten' },
  ...[1, 2, 3, 4, 5, 6].map((n) => ({
    code: `primary_${n}`,
    stage: 'primary' as const,
    grade: n,
    ar: `الصف ${ORDINALS_AR[n - 1]} الابتدائي`,
    en: `Primary ${n} (Grade ${n})`,
  })),
  ...[1, 2, 3].map((n) => ({
    code: `preparatory_${n}`,
    stage: 'preparatory' as const,
    grade: n + 6,
    ar: `الصف ${ORDINALS_AR[n - 1]} الإعدادي`,
    en: `Preparatory ${n} (Grade ${n + 6})`,
  })),
  ...[1, 2, 3].map((n) => ({
    code: `secondary_${n}`,
    stage: 'secondary' as const,
    grade: n + 9,
    ar: `الصف ${ORDINALS_AR[n - 1]} الثانوي`,
    en: `Secondary ${n} (Grade ${n + 9})`,
  })),
];

export interface SubjectSeed {
  code: string;
  ar: string;
  en: string;
}

export const SUBJECTS: SubjectSeed[] = [
  { code: 'quran', ar: 'القرآن الكريم', en: 'Holy Quran' },
  { code: 'arabic', ar: 'اللغة العربية', en: 'Arabic' },
  { code: 'mathematics', ar: 'الرياضيات', en: 'Mathematics' },
  { code: 'english', ar: 'اللغة الإنجليزية', en: 'English' },
  { code: 'science', ar: 'العلوم', en: 'Science' },
  { code: 'islamic_studies', ar: 'التربية الإسلامية', en: 'Islamic Studies' },
  { code: 'physics', ar: 'الفيزياء', en: 'Physics' },
  { code: 'chemistry', ar: 'الكيمياء', en: 'Chemistry' },
  { code: 'biology', ar: 'الأحياء', en: 'Biology' },
  { code: 'french', ar: 'اللغة الفرنسية', en: 'French' },
  { code: 'computing', ar: 'الحاسوب', en: 'Computing' },
];

/** Settings rows; `{ ar, en }` objects are served in the requested language. */
export const SETTINGS: Record<string, unknown> = {
  app_name: { ar: 'نور', en: 'Noor' },
  contact_email: 'hello@noor.qa',
  contact_phone: '+97444000000',
  whatsapp: '+97455000000',
  address: {
    ar: 'برج نور، الطابق 12، الخليج الغربي، الدوحة، قطر',
    en: 'Noor Tower, 12th floor, West Bay, Doha, Qatar',
  },
  free_trial_enabled: true,
  // The home page's marketing claim ("over 10 thousand students in Qatar") reads this figure.
  students_count: 10000,
  social_links: {
    instagram: 'https://www.instagram.com/noor.qa',
    x: 'https://x.com/noor_qa',
    facebook: 'https://www.facebook.com/noor.qa',
    youtube: 'https://www.youtube.com/@noor.qa',
    tiktok: 'https://www.tiktok.com/@noor.qa',
  },
};
