// The schema of an answer that carries only its message, for `readAnswer` (./client.ts).
import type { AnswerSchema } from './client';

/**
 * An answer that carries only its message (a change with nothing to show back). Written by hand, not in
 * zod: the calls that read it (terms, documents, a photo removed, a message reported) load on pages
 * that do not otherwise need zod. A module of its own, so the public pages' client chunk does not carry it.
 */
export const messageAnswer: AnswerSchema<{ message: string }> = {
  parse(answer) {
    const message = typeof answer === 'object' && answer !== null ? (answer as { message?: unknown }).message : undefined;
    if (typeof message !== 'string') throw new TypeError('an answer without its message');
    return { message };
  },
};
