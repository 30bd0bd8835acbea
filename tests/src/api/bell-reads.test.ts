// The two reads that load with the bell and are checked without zod: the urgent alert's request and the
// realtime connection's config. A valid answer comes back in the shape the caller reads; any other is
// an AnswerError (the unexpected failure), as a schema's refusal would be.
import { describe, expect, it } from 'vitest';
import { AnswerError, type ApiClient } from '../../../src/api/client';
import { offeredRequest } from '../../../src/api/offered-request';
import { realtimeConfig } from '../../../src/api/realtime';

/** A client that answers every call with `answer` and records the paths and headers asked for. */
function answering(answer: unknown) {
  const calls: Array<{ path: string; headers: unknown }> = [];
  const client = (async (path: string, options?: { headers?: unknown }) => {
    calls.push({ path, headers: options?.headers });
    return answer;
  }) as ApiClient;
  return { client, calls };
}

describe('offeredRequest', () => {
  const request = {
    id: 5,
    type: 'urgent',
    status: 'pending',
    subject: { id: 3, name: 'Mathematics' },
    child: { id: 8, first_name: 'مريم', last_name: null, phase: { id: 2, name: 'Grade 2' } },
  };

  it('reads the kind, status, subject and child of the request, asked in the viewer’s language', async () => {
    const { client, calls } = answering({ message: 'ok', data: request });
    await expect(offeredRequest(5, 'ar', client)).resolves.toEqual({
      type: 'urgent',
      status: 'pending',
      subject: 'Mathematics',
      child: { firstName: 'مريم', phase: 'Grade 2' },
    });
    expect(calls).toEqual([{ path: 'v1/requests/5', headers: { 'Accept-Language': 'ar' } }]);
  });

  it('refuses a request of an unknown kind or status, or without its subject', async () => {
    for (const data of [{ ...request, type: 'later' }, { ...request, status: 'waiting' }, { ...request, subject: null }, null]) {
      await expect(offeredRequest(5, 'en', answering({ message: 'ok', data }).client)).rejects.toBeInstanceOf(AnswerError);
    }
  });
});

describe('realtimeConfig', () => {
  it('reads the embedded and the Pusher configs the server sends', async () => {
    const embedded = { mode: 'embedded', key: 'k', cluster: 'eu', forceTLS: false };
    await expect(realtimeConfig(answering({ message: 'ok', data: embedded }).client)).resolves.toEqual(embedded);
    const pusher = { mode: 'pusher', key: 'k', cluster: 'eu', forceTLS: true, host: 'ws.example.com', port: 443 };
    await expect(realtimeConfig(answering({ message: 'ok', data: pusher }).client)).resolves.toEqual(pusher);
  });

  it('refuses a config it cannot connect with', async () => {
    for (const data of [
      { mode: 'relay', key: 'k', cluster: 'eu', forceTLS: false },
      { mode: 'embedded', cluster: 'eu', forceTLS: false },
      { mode: 'embedded', key: 'k', cluster: 'eu', forceTLS: 'no' },
      { mode: 'embedded', key: 'k', cluster: 'eu', forceTLS: false, port: '6001' },
    ]) {
      await expect(realtimeConfig(answering({ message: 'ok', data }).client)).rejects.toBeInstanceOf(AnswerError);
    }
  });
});
