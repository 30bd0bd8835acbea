// The auth calls' account answers are read whole: the record is checked by the contract's schema (the
// profile's answer gets the token it was asked with), and an answer that is not an account is an
// AnswerError, the unexpected failure, not a half-read account.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toFailure, UNEXPECTED_CODE } from '../../../contract/failure';
import { fetchAccount, verifyOtp } from '../../../src/api/auth';
import { AnswerError } from '../../../src/api/client';

function answer(body: unknown) {
  const calls: Array<{ url: string; auth: string | null }> = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
    calls.push({ url: String(input), auth: new Headers(init.headers).get('Authorization') });
    return new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
  });
  return calls;
}

afterEach(() => vi.unstubAllGlobals());

const record = { id: 4, is_teacher: false, status: null, has_free_session: true, profile_complete: true };

describe('auth account answers', () => {
  it('reads the profile as the account of the token it was asked with', async () => {
    const calls = answer({ message: 'ok', data: { ...record, first_name: 'سارة' } });
    await expect(fetchAccount('tok-7')).resolves.toEqual({ ...record, token: 'tok-7' });
    expect(calls).toEqual([{ url: expect.stringContaining('v1/profile'), auth: 'Bearer tok-7' }]);
  });

  it('refuses an answer that is not an account, or has no message', async () => {
    for (const body of [{ message: 'ok', data: { ...record, is_teacher: 'no', token: 't' } }, { data: { ...record, token: 't' } }, null]) {
      answer(body);
      const error = await verifyOtp({ phone: '+97455123456', code: '123456' }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(AnswerError);
      expect(toFailure(error).code).toBe(UNEXPECTED_CODE);
    }
  });
});
