// The reference lists' wire schemas, imported with the first answer to check (./reference.ts). A page
// the server rendered with its data starts with fresh lists and parses nothing, so its first visit
// need not download zod (a public page's first download ≤ 150 KB gzip).
import * as z from 'zod/mini';
import { countrySchema, phaseSchema, settingsSchema, subjectSchema } from '../../contract/reference';

export const referenceSchemas = {
  settings: settingsSchema,
  phases: z.array(phaseSchema),
  countries: z.array(countrySchema),
  subjects: z.array(subjectSchema),
};
