// The reference lists' answer schemas, imported with the first answer to check (./reference.ts). A page
// the server rendered with its data starts with fresh lists and parses nothing, so its first visit
// need not download zod (a public page's first download ≤ 150 KB gzip).
import { countriesResponseSchema, phasesResponseSchema, settingsResponseSchema, subjectsResponseSchema } from '../../contract/reference';

export const referenceSchemas = {
  settings: settingsResponseSchema,
  phases: phasesResponseSchema,
  countries: countriesResponseSchema,
  subjects: subjectsResponseSchema,
};
