// The global error path: failed queries and mutations reach the presenter unless marked silent.
import { onlineManager } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../src/api/api-error';
import { createQueryClient, shouldRetry } from '../../../src/api/query-client';
import { createToastStore } from '../../../src/ui/toast-store';

const boom = () => Promise.reject(new ApiError({ status: 403, message: 'no' }));

describe('createQueryClient', () => {
  it('hands a failed query to onError', async () => {
    const onError = vi.fn();
    const client = createQueryClient({ onError });
    await client.fetchQuery({ queryKey: ['x'], queryFn: boom, retry: false }).catch(() => undefined);
    expect(onError).toHaveBeenCalledTimes(1);
    expect(onError.mock.calls[0]?.[0]).toMatchObject({ status: 403 });
  });

  it('keeps quiet about queries and mutations marked silent', async () => {
    const onError = vi.fn();
    const client = createQueryClient({ onError });
    await client.fetchQuery({ queryKey: ['y'], queryFn: boom, retry: false, meta: { silent: true } }).catch(() => undefined);
    await client
      .getMutationCache()
      .build(client, { mutationFn: boom, meta: { silent: true } })
      .execute(undefined)
      .catch(() => undefined);
    expect(onError).not.toHaveBeenCalled();
  });

  it('leaves the statuses a screen handles itself to that screen, and reports the others', async () => {
    const onError = vi.fn();
    const client = createQueryClient({ onError });
    const handled = client.getMutationCache().build(client, { mutationFn: boom, meta: { handledStatuses: [403] } });
    await expect(handled.execute(undefined)).rejects.toMatchObject({ status: 403 });
    expect(onError).not.toHaveBeenCalled();
    const other = client.getMutationCache().build(client, { mutationFn: boom, meta: { handledStatuses: [402] } });
    await other.execute(undefined).catch(() => undefined);
    expect(onError).toHaveBeenCalledTimes(1);
  });

  it('offline, a form’s request is tried and fails at once (not paused), so the user is told', async () => {
    const onError = vi.fn();
    const client = createQueryClient({ onError });
    const offline = new ApiError({ status: 0, message: null });
    onlineManager.setOnline(false);
    try {
      const send = vi.fn(() => Promise.reject(offline));
      await expect(client.getMutationCache().build(client, { mutationFn: send }).execute(undefined)).rejects.toBe(offline);
      expect(send).toHaveBeenCalledTimes(1);
      expect(onError).toHaveBeenCalledWith(offline);
    } finally {
      onlineManager.setOnline(true);
    }
  });

  it('hands a failed mutation to onError, and the caller still gets the error', async () => {
    const onError = vi.fn();
    const client = createQueryClient({ onError });
    const mutation = client.getMutationCache().build(client, { mutationFn: boom });
    await expect(mutation.execute(undefined)).rejects.toMatchObject({ status: 403 });
    expect(onError).toHaveBeenCalledTimes(1);
  });

  it('tells the app when a mutation went through, so it can clear the error toasts of earlier attempts', async () => {
    const store = createToastStore();
    const client = createQueryClient({
      onError: (e) => store.show({ severity: 'error', summary: String(e) }),
      onMutationSuccess: () => store.clearErrors(),
    });
    store.show({ severity: 'success', summary: 'saved earlier' });
    await client
      .getMutationCache()
      .build(client, { mutationFn: boom })
      .execute(undefined)
      .catch(() => undefined);
    expect(store.getSnapshot().map((m) => m.severity)).toEqual(['success', 'error']);
    await client
      .getMutationCache()
      .build(client, { mutationFn: async () => 'ok' })
      .execute(undefined);
    expect(store.getSnapshot().map((m) => m.severity)).toEqual(['success']);
  });

  it('retries once only when another try could help (no response or 5xx)', () => {
    expect(shouldRetry(0, new ApiError({ status: 0, message: null }))).toBe(true);
    expect(shouldRetry(0, new ApiError({ status: 503, message: null }))).toBe(true);
    expect(shouldRetry(1, new ApiError({ status: 503, message: null }))).toBe(false);
    expect(shouldRetry(0, new ApiError({ status: 404, message: null }))).toBe(false);
    expect(shouldRetry(0, new ApiError({ status: 401, message: null }))).toBe(false);
  });
});
