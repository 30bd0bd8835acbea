// The wire format of a family's children. The account (phone, sign-in, zone, locale, balance,
// orders, notifications, free trial) is the family; each child is a learner a lesson is booked for.
//
//   GET    v1/children            (family)  ?include_archived=1        → { message, data: Child[] }
//   POST   v1/children            (family)  body ChildInput            → { message, data: Child }   201
//   PATCH  v1/children/:id        (family)  body ChildUpdate           → { message, data: Child }
//   DELETE v1/children/:id        (family)                             → { message, data: Child | null }
//        a child with history (any request) is archived (data: the archived child), otherwise
//        deleted (data: null)
//
// Refusals: 400 validation (field errors), 404 another family's child or an unknown id (never 403),
// 409 `children_limit` (already MAX_CHILDREN active children), 409 `last_child` (a family always keeps
// one active child), 403 for a teacher caller.
// The child a request is for travels as `child` on requests, session details and notifications:
// `{ id, first_name, last_name, phase }` (ChildRef). A teacher sees the child's first name and phase
// only: `last_name` is null in what a teacher reads, and the parent's phone is never sent to them.
import { z } from 'zod';
import { arabicNameSchema, authValidationKeys, GENDERS, genderSchema, idSchema, latinNameSchema } from './auth';
import { envelopeSchema } from './envelope';
import { validationKeys } from './validation';

/** At most this many active children per family. */
export const MAX_CHILDREN = 8;

/** The latest day it is today somewhere on Earth (UTC+14): a parent's "today" is never refused. */
const latestToday = () => new Date(Date.now() + 14 * 3_600_000).toISOString().slice(0, 10);

/** YYYY-MM-DD, a real day not after today (the parent's) and not before 1900. */
const birthDateSchema = z
  .string({ error: validationKeys.invalid })
  .trim()
  .pipe(z.iso.date({ error: validationKeys.invalid }))
  .refine((day) => day >= '1900-01-01' && day <= latestToday(), { error: authValidationKeys.datePast })
  .nullable()
  .optional();

/** POST v1/children: the spec's student sign-up fields, for one child, plus an optional birth date. */
export const childInputSchema = z.object({
  first_name: arabicNameSchema,
  last_name: arabicNameSchema,
  gender: genderSchema,
  phase_id: idSchema,
  /** YYYY-MM-DD; optional. */
  birth_date: birthDateSchema,
  /** The child's name in Latin letters, given name first; optional (empty or null: none). */
  latin_name: latinNameSchema.optional(),
});
export type ChildInput = z.input<typeof childInputSchema>;

/** PATCH v1/children/:id: any subset of the fields. */
export const childUpdateSchema = childInputSchema.partial();
export type ChildUpdate = z.input<typeof childUpdateSchema>;

export const childPhaseSchema = z.object({ id: z.number().int(), name: z.string() });

export const childSchema = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  gender: z.enum(['male', 'female', 'neutral']),
  phase: childPhaseSchema,
  birth_date: z.string().nullable(),
  /** The name in Latin letters, or null (the family's own edit form reads it). */
  latin_name: z.string().nullable().optional(),
  /** Archived: hidden from booking, kept in history. */
  archived: z.boolean(),
  /** Lessons this child has finished. */
  lessons_taken: z.number().int(),
  /** Hours of the family's balance spent on this child's lessons, net of what came back (cancelled, rejected). */
  hours_used: z.number(),
});
export type Child = z.infer<typeof childSchema>;

/** How a request, session details answer or notification names the child it is about. */
export const childRefSchema = z.object({
  id: z.number().int(),
  first_name: z.string(),
  /** Null when a teacher reads it. */
  last_name: z.string().nullable(),
  phase: childPhaseSchema,
  /** For the wording (Arabic «موجودة» / «لم تنضم»). Absent in notifications stored before it was sent. */
  gender: z.enum(GENDERS).optional(),
});
export type ChildRef = z.infer<typeof childRefSchema>;

export const childrenResponseSchema = envelopeSchema(z.array(childSchema));
export const childResponseSchema = envelopeSchema(childSchema);
export const childDeleteResponseSchema = envelopeSchema(childSchema.nullable());
