// The one answer reader: a valid answer comes back checked and typed; an answer its schema refuses is
// an AnswerError (the `unexpected` failure, the generic toast), never a ZodError; a failed request keeps
// its own ApiError; a lazily loaded schema is asked for only when the request is made.
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { envelopeSchema } from '../../../contract/envelope';
import { toFailure, UNEXPECTED_CODE } from '../../../contract/failure';
import { ApiError } from '../../../src/api/api-error';
import { AnswerError, readAnswer } from '../../../src/api/client';
import { messageAnswer } from '../../../src/api/message-answer';
import { shouldRetry } from '../../../src/api/query-client';

const balanceAnswer = envelopeSchema(z.object({ hours_remaining: z.number() }));

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error('expected the answer to be refused');
    },
    (error: unknown) => error,
  );
}

describe('readAnswer', () => {
  it('gives back a valid answer, message and data, as the schema types it', async () => {
    const res = await readAnswer(Promise.resolve({ message: 'ok', data: { hours_remaining: 3.5, extra: true } }), balanceAnswer);
    expect(res).toEqual({ message: 'ok', data: { hours_remaining: 3.5 } });
  });

  it('turns an answer the schema refuses into an AnswerError: the unexpected failure, not retried, the cause kept', async () => {
    const error = await rejection(readAnswer(Promise.resolve({ message: 'ok', data: { hours_remaining: 'three' } }), balanceAnswer));
    expect(error).toBeInstanceOf(AnswerError);
    expect(toFailure(error)).toEqual({ status: 0, code: UNEXPECTED_CODE, message: null, fieldErrors: {} });
    // The same answer would come again: not worth a retry.
    expect(shouldRetry(0, error)).toBe(false);
    // The schema's own error rides along as the cause, naming what drifted.
    expect((error as AnswerError).cause).toMatchObject({ issues: [{ path: ['data', 'hours_remaining'] }] });
  });

  it('leaves a failed request its own ApiError, unread', async () => {
    const refused = new ApiError({ status: 409, message: 'taken', code: 'slot_taken' });
    const parse = vi.fn();
    const error = await rejection(readAnswer(Promise.reject(refused), { parse }));
    expect(error).toBe(refused);
    expect(parse).not.toHaveBeenCalled();
  });

  it('loads a lazy schema only when called, beside the request, and reads through it', async () => {
    const load = vi.fn(async () => balanceAnswer);
    let answer: (value: unknown) => void = () => undefined;
    const request = new Promise<unknown>((resolve) => {
      answer = resolve;
    });
    const reading = readAnswer(request, load);
    // Asked for at once, while the request is still on its way.
    expect(load).toHaveBeenCalledTimes(1);
    answer({ message: 'ok', data: { hours_remaining: 1 } });
    await expect(reading).resolves.toEqual({ message: 'ok', data: { hours_remaining: 1 } });
  });

  it('refuses through a lazy schema the same way', async () => {
    const error = await rejection(readAnswer(Promise.resolve({ message: 'ok' }), async () => balanceAnswer));
    expect(error).toBeInstanceOf(AnswerError);
  });
});

describe('messageAnswer', () => {
  it('reads the message of an answer that carries nothing else', async () => {
    await expect(readAnswer(Promise.resolve({ message: 'Terms accepted', data: null }), messageAnswer)).resolves.toEqual({
      message: 'Terms accepted',
    });
  });

  it('refuses an answer without a message', async () => {
    await expect(readAnswer(Promise.resolve({ data: {} }), messageAnswer)).rejects.toBeInstanceOf(AnswerError);
  });
});
