// The wire format of authentication and the profile: request bodies the server validates at
// the edge and the answers it gives. Field rules report stable keys, like contract/validation.ts; the
// server turns them into Arabic or English text.
import { z } from 'zod';
import { TEACHER_STATUSES } from './account';
import { timeZoneSchema } from './availability';
import { envelopeSchema } from './envelope';
import { emailSchema, EXPERIENCE_MAX_YEARS, requiredString, validationKeys } from './validation';

export const authValidationKeys = {
  englishName: 'english_name',
  arabicOnly: 'arabic_only',
  passwordLength: 'password_length',
  passwordLower: 'password_lower',
  passwordUpper: 'password_upper',
  passwordDigit: 'password_digit',
  passwordMismatch: 'password_mismatch',
  codeFormat: 'code_format',
  datePast: 'date_past',
  experienceRange: 'experience_range',
  fileType: 'file_type',
  /** A teacher photo that is not a JPEG, PNG or WebP image. */
  photoType: 'photo_type',
  fileTooLarge: 'file_too_large',
  imageTooLarge: 'image_too_large',
  pdfActiveContent: 'pdf_active_content',
  emailTaken: 'email_taken',
  chooseOne: 'choose_one',
  /** An optional name in Latin letters with something else in it (a digit, an Arabic letter …). */
  latinOnly: 'latin_only',
  /** An optional name in Latin letters shorter than LATIN_NAME_MIN or longer than LATIN_NAME_MAX. */
  latinNameLength: 'latin_name_length',
} as const;
export type AuthValidationKey = (typeof authValidationKeys)[keyof typeof authValidationKeys];

export const GENDERS = ['male', 'female', 'neutral'] as const;
export type Gender = (typeof GENDERS)[number];
export const QUALIFICATIONS = ['bachelor', 'master', 'phd', 'degree', 'file', 'certificate'] as const;
export const DOCUMENT_FIELDS = ['id_front', 'id_back', 'qualification_scan'] as const;
export type DocumentField = (typeof DOCUMENT_FIELDS)[number];

/** Limits the server enforces and the client can show. */
export const OTP_LENGTH = 6;
export const OTP_TTL_SECONDS = 5 * 60;
export const OTP_MAX_ATTEMPTS = 5;
export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
export const PASSWORD_MIN_LENGTH = 8;
export const TOKEN_TTL_DAYS = 30;

const required = (issue: { input: unknown }) =>
  issue.input === undefined || issue.input === null || issue.input === '' ? validationKeys.required : validationKeys.invalid;

const LATIN = /[A-Za-z]/;
// Arabic letters (with the Persian/Urdu extensions some family names use), harakat, tatweel and the
// dagger alif; words separated by single spaces. The same rule as the sign-up forms.
const ARABIC_WORD = '[\\u0621-\\u063A\\u0640-\\u0652\\u0670-\\u06D3]+';
const ARABIC_NAME = new RegExp(`^${ARABIC_WORD}(?: ${ARABIC_WORD})*$`);
// Every word needs a letter: tatweel (\u0640), harakat and the dagger alif alone draw no name.
const ARABIC_LETTER = /[\u0621-\u063A\u0641-\u064A\u0671-\u06D3]/;
const everyWordHasLetter = (value: string) => value.split(' ').every((word) => ARABIC_LETTER.test(word));

/** A name in Arabic letters only (spec §5: "English name not allowed"); inner spaces collapsed. */
export const arabicNameSchema = requiredString(50)
  .transform((value) => value.replace(/\s+/g, ' '))
  .check((ctx) => {
    if (LATIN.test(ctx.value)) ctx.issues.push({ code: 'custom', message: authValidationKeys.englishName, input: ctx.value });
    else if (!ARABIC_NAME.test(ctx.value) || !everyWordHasLetter(ctx.value))
      ctx.issues.push({ code: 'custom', message: authValidationKeys.arabicOnly, input: ctx.value });
  });

/** Bounds of the optional name in Latin letters (after trimming). */
export const LATIN_NAME_MIN = 2;
export const LATIN_NAME_MAX = 60;
// Latin letters (accented ones too: «Zoë», «José»), single spaces, hyphens and apostrophes.
const LATIN_NAME = /^[\p{Script=Latin}' \u2019-]+$/u;
const LATIN_LETTER = /\p{Script=Latin}/u;

/** The Latin name's problem, or undefined when it is fine (empty is fine: it means none). */
export function latinNameProblem(value: string): string | undefined {
  const name = value.trim().replace(/\s+/g, ' ');
  if (name === '') return undefined;
  if (!LATIN_NAME.test(name) || !LATIN_LETTER.test(name)) return authValidationKeys.latinOnly;
  if (name.length < LATIN_NAME_MIN || name.length > LATIN_NAME_MAX) return authValidationKeys.latinNameLength;
  return undefined;
}

/**
 * The optional name in Latin letters a teacher or a child may add beside the legal, Arabic one
 * (docs/decisions.md, "Names in Latin letters and English bios"): given name first, inner spaces
 * collapsed; empty or null means none (null).
 */
export const latinNameSchema = z
  .string({ error: validationKeys.invalid })
  .nullable()
  .transform((value) => (value === null ? '' : value.trim().replace(/\s+/g, ' ')))
  .check((ctx) => {
    const problem = latinNameProblem(ctx.value);
    if (problem) ctx.issues.push({ code: 'custom', message: problem, input: ctx.value });
  })
  .transform((value) => (value === '' ? null : value));

export const genderSchema = z.enum(GENDERS, { error: required });
export const qualificationSchema = z.enum(QUALIFICATIONS, { error: required });

/** A positive integer id; multipart sends numbers as text, so digits in a string count too. */
export const idSchema = z.preprocess(
  (v) => (typeof v === 'string' && /^\d+$/.test(v.trim()) ? Number(v.trim()) : v),
  z.number({ error: required }).int({ error: validationKeys.invalid }).positive({ error: validationKeys.invalid }),
);

export const countryCodeSchema = requiredString(2)
  .transform((v) => v.toUpperCase())
  .pipe(z.string().regex(/^[A-Z]{2}$/, { error: validationKeys.invalid }));

/**
 * A phone as typed: E.164, or a national number read with `country_code`. Only the shape here; the
 * server normalises it to E.164 and checks it against the country's numbering plan (libphonenumber-js).
 */
export const rawPhoneSchema = requiredString(25);

/** Password rules (spec §5, §9); the first rule broken is reported. */
export const passwordSchema = z
  .string({ error: required })
  .min(1, { error: validationKeys.required, abort: true })
  .max(128, { error: validationKeys.tooLong, abort: true })
  .check((ctx) => {
    const p = ctx.value;
    const broken =
      p.length < PASSWORD_MIN_LENGTH
        ? authValidationKeys.passwordLength
        : !/[a-z]/.test(p)
          ? authValidationKeys.passwordLower
          : !/[A-Z]/.test(p)
            ? authValidationKeys.passwordUpper
            : !/\d/.test(p)
              ? authValidationKeys.passwordDigit
              : null;
    if (broken) ctx.issues.push({ code: 'custom', message: broken, input: p });
  });

/** The texted code: six digits; Eastern Arabic digits (an Arabic keyboard) are read as ASCII. */
export const otpCodeSchema = requiredString(20)
  .transform((v) => v.replace(/[\u0660-\u0669\u06F0-\u06F9]/g, (d) => String((d.charCodeAt(0) & 0xf) % 10)))
  .pipe(z.string().regex(new RegExp(`^\\d{${OTP_LENGTH}}$`), { error: authValidationKeys.codeFormat }));

function withConfirmation<T extends z.ZodType<{ password: string; password_confirmation: string }>>(schema: T) {
  return schema.refine((v) => v.password === v.password_confirmation, {
    message: authValidationKeys.passwordMismatch,
    path: ['password_confirmation'],
    // Also when other fields failed, so one submit shows every problem; only the two strings are needed.
    when: (payload) => {
      const v = payload.value as { password?: unknown; password_confirmation?: unknown } | undefined;
      return typeof v?.password === 'string' && typeof v.password_confirmation === 'string' && v.password_confirmation !== '';
    },
  });
}

// ── Requests ──────────────────────────────────────────────────────────────────────────────────────

export const studentRegisterSchema = z.object({
  type: z.literal('student', { error: required }),
  first_name: arabicNameSchema,
  last_name: arabicNameSchema,
  phone: rawPhoneSchema,
  country_code: countryCodeSchema,
  gender: genderSchema,
  phase_id: idSchema,
  /** The browser's IANA zone, detected at sign-up; Asia/Qatar when not sent. */
  time_zone: timeZoneSchema.optional(),
});

/** The text fields of the teacher sign-up (multipart); the three documents are checked apart. */
export const instructorRegisterSchema = withConfirmation(
  z.object({
    type: z.literal('instructor', { error: required }),
    first_name: arabicNameSchema,
    second_name: arabicNameSchema,
    last_name: arabicNameSchema,
    phone: rawPhoneSchema,
    country_code: countryCodeSchema,
    email: emailSchema,
    gender: genderSchema,
    birth_date: requiredString(10).pipe(z.iso.date({ error: validationKeys.invalid })),
    experience_years: z.preprocess(
      (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v.trim()) : v),
      z
        .number({ error: required })
        .int({ error: authValidationKeys.experienceRange })
        .min(0, { error: authValidationKeys.experienceRange })
        .max(EXPERIENCE_MAX_YEARS, { error: authValidationKeys.experienceRange }),
    ),
    qualification: qualificationSchema,
    /** The teacher's country (nationality), ISO alpha-2. `country_id` is accepted as another name. */
    country: countryCodeSchema,
    phases: z.array(idSchema, { error: authValidationKeys.chooseOne }).min(1, { error: authValidationKeys.chooseOne }),
    subjects: z.array(idSchema, { error: authValidationKeys.chooseOne }).min(1, { error: authValidationKeys.chooseOne }),
    password: passwordSchema,
    password_confirmation: z.string({ error: required }).min(1, { error: validationKeys.required }),
    /** The browser's IANA zone, detected at sign-up; Asia/Qatar when not sent. */
    time_zone: z.preprocess((v) => (v === '' ? undefined : v), timeZoneSchema.optional()),
  }),
);

export const studentLoginSchema = z.object({ country_code: countryCodeSchema, phone: rawPhoneSchema });
export const verifyOtpSchema = z.object({ phone: rawPhoneSchema, code: otpCodeSchema });
export const resendSchema = z.object({ phone: rawPhoneSchema });
export const instructorLoginSchema = z.object({
  /** A phone in E.164 or an e-mail address. */
  login: requiredString(254),
  password: z.string({ error: required }).min(1, { error: validationKeys.required }).max(128, { error: validationKeys.tooLong }),
});
export const forgotPasswordSchema = z.object({ phone: rawPhoneSchema });
export const resetPasswordSchema = withConfirmation(
  z.object({
    phone: rawPhoneSchema,
    code: otpCodeSchema,
    password: passwordSchema,
    password_confirmation: z.string({ error: required }).min(1, { error: validationKeys.required }),
  }),
);

/** POST v1/profile/complete: the fields a student's account needs (complete-register). */
export const completeProfileSchema = z.object({
  first_name: arabicNameSchema,
  last_name: arabicNameSchema,
  gender: genderSchema,
  phase_id: idSchema,
});

// ── Answers ───────────────────────────────────────────────────────────────────────────────────────

/** What login, verify-otp and the teacher sign-up answer in `data`: the account record plus the token. */
export const sessionSchema = z.object({
  token: z.string(),
  id: z.number().int(),
  is_teacher: z.boolean(),
  /** A teacher's review status; null for a student. */
  status: z.enum(TEACHER_STATUSES).nullable(),
  has_free_session: z.boolean(),
  profile_complete: z.boolean(),
});
export type Session = z.infer<typeof sessionSchema>;
/** @internal read only by the tests */
export const sessionResponseSchema = envelopeSchema(sessionSchema);

/** @internal read only by the tests */
export const studentRegisteredSchema = envelopeSchema(
  z.object({ phone: z.string(), is_teacher: z.literal(false), otp_expires_in: z.number().int() }),
);

/** 409 on register: the type of the account that already has this phone. @internal read only by the tests */
export const registerConflictSchema = z.object({
  message: z.string(),
  errors: z.object({ type: z.tuple([z.enum(['instructor', 'student'])]) }),
});

/** 422 from verify-otp: why the code was refused. @internal read only by the tests */
export const otpRejectionSchema = z.object({
  message: z.string(),
  code: z.enum(['wrong', 'expired', 'too_many_attempts']),
  /** With `wrong`, for a code that exists: the guesses still allowed before it is void. */
  errors: z.object({ attempts_left: z.tuple([z.string().regex(/^\d+$/)]) }).optional(),
});

/** 429: seconds until the caller may try again. @internal read only by the tests */
export const rateLimitedSchema = z.object({
  message: z.string(),
  errors: z.object({ retry_after: z.tuple([z.string().regex(/^\d+$/)]) }),
});

const named = z.object({ id: z.number().int(), name: z.string() });

export const profileSchema = z.object({
  id: z.number().int(),
  is_teacher: z.boolean(),
  status: z.enum(TEACHER_STATUSES).nullable(),
  /** Why a reviewer rejected (or suspended) the teacher; null otherwise and for a student. */
  review_reason: z.string().nullable(),
  has_free_session: z.boolean(),
  profile_complete: z.boolean(),
  first_name: z.string(),
  second_name: z.string().nullable(),
  last_name: z.string(),
  phone: z.string(),
  email: z.string().nullable(),
  gender: z.enum(GENDERS).nullable(),
  phase_id: z.number().int().nullable(),
  /** ISO alpha-2 of the phone's country. */
  country_code: z.string().nullable(),
  /** A teacher's country (nationality); a student's phone country. */
  country: z.object({ code: z.string(), name: z.string() }).nullable(),
  birth_date: z.string().nullable(),
  experience_years: z.number().int().nullable(),
  qualification: z.enum(QUALIFICATIONS).nullable(),
  phases: z.array(named),
  subjects: z.array(named),
  description: z.string().nullable(),
  /** URLs of the owner-only file endpoint (GET /api/v1/files/:id), or null when not uploaded. */
  documents: z.object({ id_front: z.string().nullable(), id_back: z.string().nullable(), qualification_scan: z.string().nullable() }),
});
export type Profile = z.infer<typeof profileSchema>;
/** @internal read only by the tests */
export const profileResponseSchema = envelopeSchema(profileSchema);

/** @internal read only by the tests */
export const outboxResponseSchema = envelopeSchema(
  z.array(z.object({ id: z.number().int(), phone: z.string(), text: z.string(), created_at: z.string() })),
);
