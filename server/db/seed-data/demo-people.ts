// Demo teachers and students for a fresh install, so the teachers list, cards and evaluations have
// something real to show. Names are Arabic (the sign-up rule), each with its Latin spelling for English
// pages; every teacher has a bio in both languages and reviews spread over the past weeks, and gets a
// generated, illustrated portrait (seed-portraits.ts). Phones are Qatari mobile numbers.

export interface TeacherSeed {
  first: string;
  second: string;
  last: string;
  phone: string;
  email: string;
  gender: 'male' | 'female';
  birthDate: string;
  nationality: string;
  experienceYears: number;
  qualification: 'bachelor' | 'master' | 'phd';
  description: string;
  /** The name in Latin letters English pages show, given name first. */
  latin: string;
  /** The bio English pages show. */
  bioEn: string;
  subjects: string[];
  /** Phase codes, or a stage name meaning all its grades. */
  phases: string[];
  /** [weekday 0 = Sunday, start, end] on the teacher's clock (demo teachers keep the default zone, Qatar's). */
  hours: [number, string, string][];
  /** Reviews, each with how many days ago it was written (spread over weeks, some in English). */
  evaluations: [rating: number, comment: string, daysAgo: number][];
}

export interface StudentSeed {
  first: string;
  last: string;
  phone: string;
  gender: 'male' | 'female';
  phase: string;
  /** The child's name in Latin letters (the family may add it), given name first. */
  latin?: string;
}

/** The student a reviewer can sign in as (OTP codes go to the development outbox). */
export const DEMO_STUDENT: StudentSeed = {
  first: 'يوسف',
  last: 'المري',
  phone: '+97455000001',
  gender: 'male',
  phase: 'primary_4',
  latin: 'Yousef Al-Marri',
};

/** A family with two children (the account's sign-up child first, then a sibling), to try booking for either. */
export const DEMO_FAMILY: StudentSeed = {
  first: 'مريم',
  last: 'العطية',
  phone: '+97455000005',
  gender: 'female',
  phase: 'primary_2',
  latin: 'Maryam Al-Attiyah',
};
export const DEMO_FAMILY_SECOND_CHILD: Omit<StudentSeed, 'phone'> = {
  first: 'علي',
  last: 'العطية',
  gender: 'male',
  phase: 'preparatory_1',
  latin: 'Ali Al-Attiyah',
};

export const OTHER_STUDENTS: StudentSeed[] = [
  { first: 'جود', last: 'الكواري', phone: '+97455000002', gender: 'female', phase: 'primary_2' },
  { first: 'حمد', last: 'الهاجري', phone: '+97455000003', gender: 'male', phase: 'preparatory_2' },
  { first: 'لولوة', last: 'المناعي', phone: '+97455000004', gender: 'female', phase: 'secondary_1' },
];

/** The teacher of the demo student's seeded history (quran and arabic, primary); no e2e spec signs in as him. */
export const DEMO_HISTORY_TEACHER = '+97455100002';

/** Password of every demo teacher (they sign in with phone and password). */
export const DEMO_TEACHER_PASSWORD = 'Noor1234';

const weekdayEvenings = (start: string, end: string): [number, string, string][] => [0, 1, 2, 3, 4].map((d) => [d, start, end]);

/**
 * Every day, all day: three demo teachers of the demo student's phase (Quran ×2, mathematics) take
 * bookings at any hour, so the booking, urgent-broadcast and approval demos (and their e2e tests) work
 * whenever they run. The other teachers keep realistic hours.
 */
const allDay = (): [number, string, string][] => [0, 1, 2, 3, 4, 5, 6].map((d) => [d, '00:00', '23:59']);

export const DEMO_TEACHERS: TeacherSeed[] = [
  {
    first: 'فاطمة',
    second: 'أحمد',
    last: 'الكعبي',
    phone: '+97455100001',
    latin: 'Fatima Al-Kaabi',
    email: 'fatima.alkaabi@noor.qa',
    gender: 'female',
    birthDate: '1987-03-14',
    nationality: 'QA',
    experienceYears: 12,
    qualification: 'bachelor',
    description: 'معلمة قرآن كريم مجازة برواية حفص، أدرّس التلاوة والتجويد والحفظ للأطفال بأسلوب محبب.',
    bioEn:
      'A Quran teacher certified in the Hafs reading. I teach children recitation, tajweed and memorisation in a warm, encouraging way.',
    subjects: ['quran', 'islamic_studies'],
    phases: ['kindergarten', 'primary'],
    hours: allDay(),
    evaluations: [
      [5, 'ابنتي أصبحت تحب الحفظ بفضل أسلوب المعلمة.', 3],
      [5, 'صبورة جداً ومتمكنة من التجويد.', 11],
      [4, 'دروس منظمة ومفيدة.', 19],
      [5, 'My daughter finished Juz Amma with her. Very patient.', 33],
      [3, 'جيدة، لكن أتمنى واجبات أكثر بين الحصص.', 47],
    ],
  },
  {
    first: 'محمد',
    second: 'عبدالله',
    last: 'السليطي',
    phone: '+97455100002',
    latin: 'Mohammed Al-Sulaiti',
    email: 'mohammed.alsulaiti@noor.qa',
    gender: 'male',
    birthDate: '1980-11-02',
    nationality: 'QA',
    experienceYears: 15,
    qualification: 'master',
    description: 'معلم قرآن كريم ولغة عربية، متخصص في تحسين التلاوة وقواعد النحو للمراحل المختلفة.',
    bioEn: 'A Quran and Arabic teacher. I help students of every stage improve their recitation and master Arabic grammar.',
    subjects: ['quran', 'arabic'],
    phases: ['primary', 'preparatory', 'secondary'],
    hours: allDay(),
    evaluations: [
      [5, 'شرح واضح ومتابعة ممتازة.', 5],
      [4, 'تحسن ملحوظ في تلاوة ابني.', 16],
      [5, 'معلم قدوة في الأخلاق والعلم.', 30],
      [4, 'Clear grammar lessons; my son finally enjoys Arabic.', 52],
    ],
  },
  {
    first: 'مريم',
    second: 'خالد',
    last: 'المهندي',
    phone: '+97455100003',
    latin: 'Maryam Al-Mohannadi',
    email: 'maryam.almohannadi@noor.qa',
    gender: 'female',
    birthDate: '1991-06-21',
    nationality: 'QA',
    experienceYears: 8,
    qualification: 'bachelor',
    description: 'معلمة لغة عربية للصفوف الأولى، أركز على القراءة والكتابة والإملاء بالألعاب التعليمية.',
    bioEn: 'An Arabic teacher for the first grades. I focus on reading, writing and dictation through educational games.',
    subjects: ['arabic'],
    phases: ['kindergarten', 'primary_1', 'primary_2', 'primary_3'],
    hours: weekdayEvenings('15:00', '19:00'),
    evaluations: [
      [5, 'ابني تعلم القراءة في وقت قصير.', 2],
      [5, 'Fun lessons, my son asks for more every week.', 9],
      [4, 'ممتازة في الإملاء.', 24],
      [3, 'مفيدة، والتوقيت المسائي محدود قليلاً.', 40],
    ],
  },
  {
    first: 'أحمد',
    second: 'يوسف',
    last: 'الحداد',
    phone: '+97455100004',
    latin: 'Ahmed Al-Haddad',
    email: 'ahmed.alhaddad@noor.qa',
    gender: 'male',
    birthDate: '1984-01-09',
    nationality: 'JO',
    experienceYears: 10,
    qualification: 'master',
    description: 'معلم رياضيات وفيزياء للمرحلتين الإعدادية والثانوية، أساعد الطلاب على الاستعداد للاختبارات.',
    bioEn: 'A mathematics and physics teacher for preparatory and secondary students. I help them get ready for their exams.',
    subjects: ['mathematics', 'physics'],
    phases: ['preparatory', 'secondary'],
    hours: [
      [0, '18:00', '22:00'],
      [1, '18:00', '22:00'],
      [3, '18:00', '22:00'],
      [6, '10:00', '14:00'],
    ],
    evaluations: [
      [5, 'ارتفعت درجات ابني في الرياضيات كثيراً.', 4],
      [4, 'يشرح المسائل الصعبة ببساطة.', 13],
      [5, 'Organised and always on time.', 27],
      [4, 'مفيد قبل الاختبارات.', 38],
      [3, 'Good teacher, the pace was a little fast for us.', 58],
    ],
  },
  {
    first: 'نورة',
    second: 'سعيد',
    last: 'العطية',
    phone: '+97455100005',
    latin: 'Noura Al-Attiyah',
    email: 'noura.alattiyah@noor.qa',
    gender: 'female',
    birthDate: '1993-09-30',
    nationality: 'QA',
    experienceYears: 6,
    qualification: 'bachelor',
    description: 'معلمة رياضيات وعلوم للمرحلة الابتدائية، أربط الدروس بالحياة اليومية والتجارب البسيطة.',
    bioEn: 'A mathematics and science teacher for primary school. I link lessons to everyday life and simple experiments.',
    subjects: ['mathematics', 'science'],
    phases: ['primary'],
    hours: allDay(),
    evaluations: [
      [5, 'ابنتي تنتظر حصة العلوم بشوق.', 6],
      [4, 'شرح جميل ووسائل مبتكرة.', 15],
      [5, 'Wonderful with young children, very creative.', 29],
      [5, 'متعاونة مع أولياء الأمور.', 44],
    ],
  },
  {
    first: 'سارة',
    second: 'محمود',
    last: 'النعيمي',
    phone: '+97455100006',
    latin: 'Sara Al-Nuaimi',
    email: 'sara.alnuaimi@noor.qa',
    gender: 'female',
    birthDate: '1990-12-05',
    nationality: 'EG',
    experienceYears: 9,
    qualification: 'bachelor',
    description: 'معلمة لغة إنجليزية، أطوّر مهارات المحادثة والقراءة والكتابة لدى الأطفال بثقة.',
    bioEn: "An English teacher. I build children's speaking, reading and writing skills so they use the language with confidence.",
    subjects: ['english'],
    phases: ['primary', 'preparatory'],
    hours: [
      [0, '15:00', '18:00'],
      [1, '15:00', '18:00'],
      [2, '15:00', '18:00'],
      [3, '15:00', '18:00'],
      [5, '16:00', '20:00'],
    ],
    evaluations: [
      [5, 'تحسنت لغة ابني الإنجليزية بشكل واضح.', 1],
      [5, 'Great teacher, my daughter now speaks without fear.', 12],
      [4, 'حصص تفاعلية ممتعة.', 26],
      [4, 'Lots of reading practice, exactly what we needed.', 41],
    ],
  },
  {
    first: 'عمر',
    second: 'حسن',
    last: 'الخطيب',
    phone: '+97455100007',
    latin: 'Omar Al-Khatib',
    email: 'omar.alkhatib@noor.qa',
    gender: 'male',
    birthDate: '1986-04-17',
    nationality: 'LB',
    experienceYears: 11,
    qualification: 'master',
    description: 'معلم لغة إنجليزية وفرنسية للمرحلتين الإعدادية والثانوية، مع تحضير لاختبارات اللغة.',
    bioEn: 'An English and French teacher for preparatory and secondary students, with preparation for language tests.',
    subjects: ['english', 'french'],
    phases: ['preparatory', 'secondary'],
    hours: [
      [1, '17:00', '21:00'],
      [3, '17:00', '21:00'],
      [4, '17:00', '21:00'],
      [6, '15:00', '19:00'],
    ],
    evaluations: [
      [4, 'قواعد اللغة أصبحت أسهل لابنتي.', 8],
      [5, 'Excellent test preparation.', 20],
      [5, 'لطيف ومحترف.', 35],
      [3, 'جيد، لكن نحتاج مواعيد أكثر في نهاية الأسبوع.', 55],
    ],
  },
  {
    first: 'ليلى',
    second: 'إبراهيم',
    last: 'الشمري',
    phone: '+97455100008',
    latin: 'Layla Al-Shammari',
    email: 'layla.alshammari@noor.qa',
    gender: 'female',
    birthDate: '1988-08-11',
    nationality: 'SA',
    experienceYears: 7,
    qualification: 'phd',
    description: 'معلمة علوم وكيمياء وأحياء، أحب تبسيط المفاهيم العلمية بالتجارب والأمثلة.',
    bioEn: 'A science, chemistry and biology teacher. I love making scientific ideas simple with experiments and examples.',
    subjects: ['science', 'chemistry', 'biology'],
    phases: ['preparatory', 'secondary'],
    hours: [
      [0, '16:00', '20:00'],
      [2, '16:00', '20:00'],
      [4, '16:00', '20:00'],
    ],
    evaluations: [
      [5, 'شرح الكيمياء أصبح ممتعاً.', 3],
      [5, 'She knows her subject inside out.', 17],
      [4, 'مفيدة في المراجعة النهائية.', 31],
      [4, 'Helpful revision before the finals.', 45],
    ],
  },
];
