// The wire format of the profile screen: what PATCH v1/profile accepts for each role and the
// profile it answers with (the sign-up's profile plus the teacher's working hours and document files).
// PATCH is partial: a field left out stays as it is; a field sent is checked with the sign-up's rules.
import { z } from 'zod';
import {
  arabicNameSchema,
  authValidationKeys,
  countryCodeSchema,
  genderSchema,
  idSchema,
  latinNameSchema,
  profileSchema,
  qualificationSchema,
} from './auth';
import { timeZoneSchema } from './availability';
import { envelopeSchema } from './envelope';
import { photoSchema } from './photos';
import { EXPERIENCE_MAX_YEARS, freeText, requiredString, validationKeys } from './validation';

export const profileValidationKeys = {
  /** A working-hours range whose end is not after its start. */
  timeOrder: 'time_order',
  /** Two ranges of one day of the week that overlap. */
  rangesOverlap: 'ranges_overlap',
  /** More than MAX_RANGES_PER_DAY ranges on one day. */
  tooManyRanges: 'too_many_ranges',
  /** The phone is the account's sign-in: it is not changed from the profile (docs/decisions.md). */
  phoneReadOnly: 'phone_read_only',
  /** A teacher's field sent for a student account. */
  teacherOnly: 'teacher_only',
  /** Any other field the profile does not edit (status, email, id …). */
  notEditable: 'not_editable',
  /** Not an IANA time-zone name. */
  timeZoneInvalid: 'time_zone_invalid',
} as const;
export type ProfileValidationKey = (typeof profileValidationKeys)[keyof typeof profileValidationKeys];

export const WEEKDAYS = [0, 1, 2, 3, 4, 5, 6] as const;
/** A day may hold a few separate ranges (a break at noon, an evening shift). */
export const MAX_RANGES_PER_DAY = 4;
export const DESCRIPTION_MAX_LENGTH = 1000;

const required = (issue: { input: unknown }) =>
  issue.input === undefined || issue.input === null || issue.input === '' ? validationKeys.required : validationKeys.invalid;

/** A wall-clock time "HH:MM" (24 h, on the teacher's own clock like the working_hours table). */
export const clockTimeSchema = requiredString(5).pipe(z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: validationKeys.invalid }));

/** One working range: weekday 0 = Sunday … 6 = Saturday, with a from/to time in the teacher's zone. */
export const workingHoursSchema = z
  .object({
    weekday: z
      .number({ error: required })
      .int({ error: validationKeys.invalid })
      .min(0, { error: validationKeys.invalid })
      .max(6, { error: validationKeys.invalid }),
    start_time: clockTimeSchema,
    end_time: clockTimeSchema,
  })
  .refine((h) => h.end_time > h.start_time, {
    message: profileValidationKeys.timeOrder,
    path: ['end_time'],
    when: (payload) => {
      const v = payload.value as { start_time?: unknown; end_time?: unknown } | undefined;
      return typeof v?.start_time === 'string' && typeof v.end_time === 'string';
    },
  });

/**
 * A teacher's week: up to MAX_RANGES_PER_DAY ranges per weekday, in any order. Two ranges of one day
 * may not overlap (touching is fine: the rule joins them).
 */
const workingHoursListSchema = z
  .array(workingHoursSchema, { error: validationKeys.invalid })
  .max(7 * MAX_RANGES_PER_DAY, { error: validationKeys.invalid })
  .check((ctx) => {
    const byDay = new Map<number, number[]>();
    ctx.value.forEach((h, i) => byDay.set(h.weekday, [...(byDay.get(h.weekday) ?? []), i]));
    for (const indexes of byDay.values()) {
      if (indexes.length > MAX_RANGES_PER_DAY) {
        const i = indexes[MAX_RANGES_PER_DAY]!;
        ctx.issues.push({
          code: 'custom',
          message: profileValidationKeys.tooManyRanges,
          path: [i, 'weekday'],
          input: ctx.value[i]!.weekday,
        });
      }
      const sorted = [...indexes].sort((a, b) => ctx.value[a]!.start_time.localeCompare(ctx.value[b]!.start_time));
      for (let k = 1; k < sorted.length; k++) {
        const prev = ctx.value[sorted[k - 1]!]!;
        const cur = ctx.value[sorted[k]!]!;
        if (cur.start_time < prev.end_time) {
          ctx.issues.push({
            code: 'custom',
            message: profileValidationKeys.rangesOverlap,
            path: [sorted[k]!, 'start_time'],
            input: cur.start_time,
          });
        }
      }
    }
  });

const experienceSchema = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() !== '' ? Number(v.trim()) : v),
  z
    .number({ error: required })
    .int({ error: authValidationKeys.experienceRange })
    .min(0, { error: authValidationKeys.experienceRange })
    .max(EXPERIENCE_MAX_YEARS, { error: authValidationKeys.experienceRange }),
);

/** Free text about the teacher; blank clears it. */
const descriptionSchema = freeText(DESCRIPTION_MAX_LENGTH)
  .nullable()
  .transform((v) => (v === null || v === '' ? null : v));

/** PATCH v1/profile for a student. */
export const studentProfileUpdateSchema = z
  .object({
    first_name: arabicNameSchema,
    last_name: arabicNameSchema,
    gender: genderSchema,
    phase_id: idSchema,
    /** The user's IANA zone: times are shown in it; reminders are sent by it. */
    time_zone: timeZoneSchema,
  })
  .partial();
export type StudentProfileUpdate = z.input<typeof studentProfileUpdateSchema>;

/** PATCH v1/profile for a teacher. `country` is the teacher's country (nationality), ISO alpha-2. */
export const teacherProfileUpdateSchema = z
  .object({
    first_name: arabicNameSchema,
    second_name: arabicNameSchema,
    last_name: arabicNameSchema,
    country: countryCodeSchema,
    gender: genderSchema,
    birth_date: requiredString(10).pipe(z.iso.date({ error: validationKeys.invalid })),
    phases: z.array(idSchema, { error: authValidationKeys.chooseOne }).min(1, { error: authValidationKeys.chooseOne }),
    subjects: z.array(idSchema, { error: authValidationKeys.chooseOne }).min(1, { error: authValidationKeys.chooseOne }),
    qualification: qualificationSchema,
    experience_years: experienceSchema,
    working_hours: workingHoursListSchema,
    description: descriptionSchema,
    /** The name in Latin letters English pages show (optional; blank clears it). */
    latin_name: latinNameSchema,
    /** The bio English pages show instead of `description` (optional; blank clears it). */
    bio_en: descriptionSchema,
    /** The zone the working hours are written in. */
    time_zone: timeZoneSchema,
  })
  .partial();
export type TeacherProfileUpdate = z.input<typeof teacherProfileUpdateSchema>;

export const STUDENT_PROFILE_FIELDS = Object.keys(studentProfileUpdateSchema.shape) as (keyof typeof studentProfileUpdateSchema.shape)[];
export const TEACHER_PROFILE_FIELDS = Object.keys(teacherProfileUpdateSchema.shape) as (keyof typeof teacherProfileUpdateSchema.shape)[];

/** A current document: where to open it and the name it downloads under. */
export const documentFileSchema = z.object({ url: z.string(), name: z.string(), uploaded_at: z.string() });

/** GET / PATCH v1/profile answer: the sign-up's profile, the working hours and the document files. */
export const profileDetailsSchema = profileSchema.extend({
  /** A teacher's working ranges (several a day allowed), sorted by weekday and start; empty for a student. */
  working_hours: z.array(z.object({ weekday: z.number().int(), start_time: z.string(), end_time: z.string() })),
  /** The user's IANA zone; a teacher's working hours are in it. */
  time_zone: z.string(),
  /** A teacher's name in Latin letters, or null; absent for a student. */
  latin_name: z.string().nullable().optional(),
  /** A teacher's English bio, or null; absent for a student. */
  bio_en: z.string().nullable().optional(),
  /** A teacher's photo hash (contract/photos.ts), or null; absent for a student. */
  photo: photoSchema.optional(),
  document_files: z.object({
    id_front: documentFileSchema.nullable(),
    id_back: documentFileSchema.nullable(),
    qualification_scan: documentFileSchema.nullable(),
  }),
});
export type ProfileDetails = z.infer<typeof profileDetailsSchema>;
export const profileDetailsResponseSchema = envelopeSchema(profileDetailsSchema);
