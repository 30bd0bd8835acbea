// Reference lists read at app start (spec §3 "Reference lists"): settings, phases, countries, subjects.
// Every named item carries both languages plus `name` in the language the request asked for.
// zod/mini: the client checks these lists at start-up; the mini build keeps the entry bundle small.
import * as z from 'zod/mini';
import { envelopeSchema } from './envelope';

const localizedName = {
  name: z.string(),
  name_ar: z.string(),
  name_en: z.string(),
};

export const phaseStageSchema = z.enum(['kindergarten', 'primary', 'preparatory', 'secondary']);
export type PhaseStage = z.infer<typeof phaseStageSchema>;

export const phaseSchema = z.object({
  id: z.int(),
  code: z.string(),
  stage: phaseStageSchema,
  /** School grade 1–12; null for kindergarten. */
  grade: z.nullable(z.int()),
  ...localizedName,
});
export type Phase = z.infer<typeof phaseSchema>;

export const countrySchema = z.object({
  /** ISO 3166-1 alpha-2, upper case. */
  code: z.string().check(z.length(2)),
  /** With the plus sign, e.g. "+974". */
  dial_code: z.string(),
  arab_league: z.boolean(),
  ...localizedName,
});
export type Country = z.infer<typeof countrySchema>;

export const subjectSchema = z.object({
  id: z.int(),
  code: z.string(),
  ...localizedName,
});
export type Subject = z.infer<typeof subjectSchema>;

export const settingsSchema = z.object({
  app_name: z.string(),
  app_name_ar: z.string(),
  app_name_en: z.string(),
  contact_email: z.string(),
  contact_phone: z.string(),
  whatsapp: z.string(),
  address: z.string(),
  address_ar: z.string(),
  address_en: z.string(),
  free_trial_enabled: z.boolean(),
  students_count: z.int(),
  /** Network name (instagram, x, facebook, youtube, tiktok …) → profile URL. */
  social_links: z.record(z.string(), z.string()),
});
export type Settings = z.infer<typeof settingsSchema>;

export const phasesResponseSchema = envelopeSchema(z.array(phaseSchema));
export const countriesResponseSchema = envelopeSchema(z.array(countrySchema));
export const subjectsResponseSchema = envelopeSchema(z.array(subjectSchema));
export const settingsResponseSchema = envelopeSchema(settingsSchema);
