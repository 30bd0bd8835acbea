// The wire envelope of every API response: `{ message, data }` on success, `{ message, errors }` on a 400.
// zod/mini: envelopes wrap the reference lists read at start-up; the mini build keeps the entry small.
import * as z from 'zod/mini';

export function envelopeSchema<T extends z.ZodMiniType>(data: T) {
  return z.object({ message: z.string(), data });
}
export interface Envelope<T> {
  message: string;
  data: T;
}

/** A 400: `errors` maps a field path ("email", "phases.0") to its localized messages. @internal read only by the tests */
export const validationErrorBodySchema = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())),
});
