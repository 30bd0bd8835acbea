// Edge validation: every body, query and path parameter goes through a contract zod schema before a
// handler sees it. Failures become a 400 with `errors: { field: [localized messages] }`.
import type { Context } from 'hono';
import type { z } from 'zod';
import { parseId } from '../../contract/ids';
import { trValidation, type Locale, type MessageKey } from '../i18n';
import type { AppEnv } from './context';
import { ApiFailure, ValidationFailure } from './errors';
import { nulPath } from './input-guard';

/** Field errors keyed by dotted path ("email", "phases.0"); a problem with the whole body is keyed "_". */
export function fieldErrors(error: z.ZodError, locale: Locale): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const field = issue.path.length ? issue.path.map(String).join('.') : '_';
    const text = trValidation(issue.message, locale);
    const list = (out[field] ??= []);
    if (!list.includes(text)) list.push(text);
  }
  return out;
}

function parseWith<S extends z.ZodType>(c: Context<AppEnv>, schema: S, input: unknown): z.output<S> {
  // Schemas refuse NUL in their text fields; this also catches keys and fields a loose schema passes on.
  const nul = nulPath(input);
  if (nul) throw new ValidationFailure({ [nul.length ? nul.join('.') : '_']: [trValidation('invalid', c.get('locale'))] });
  const result = schema.safeParse(input);
  if (!result.success) throw new ValidationFailure(fieldErrors(result.error, c.get('locale')));
  return result.data;
}

/** Reads and validates a JSON body. An empty body counts as `{}` so each missing field gets "required". */
export async function jsonBody<S extends z.ZodType>(c: Context<AppEnv>, schema: S): Promise<z.output<S>> {
  const text = await c.req.text();
  let input: unknown = {};
  if (text.trim() !== '') {
    try {
      input = JSON.parse(text);
    } catch {
      throw new ValidationFailure({}, 'malformed_json');
    }
  }
  // A JSON array, string or number where an object is expected is reported on the whole body.
  return parseWith(c, schema, input);
}

export function queryParams<S extends z.ZodType>(c: Context<AppEnv>, schema: S): z.output<S> {
  return parseWith(c, schema, c.req.query());
}

/**
 * The id in the path parameter `name` (contract/ids.ts: digits, 1 … 2147483647), or a 404 with
 * `notFound` (default `not_found`): a malformed id answers as a missing row would.
 */
export function idFrom(c: Context, name: string, notFound: MessageKey | ApiFailure = 'not_found'): number {
  const id = parseId(c.req.param(name) ?? '');
  if (id !== null) return id;
  throw notFound instanceof ApiFailure ? notFound : new ApiFailure(404, notFound);
}
