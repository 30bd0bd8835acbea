// The error catalogue of spec §8, one test per row: what toast the user gets and whether the session ends.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../src/api/api-error';
import { createApiClient } from '../../../src/api/client';
import { describeError, presentError, type ErrorToast } from '../../../src/api/present-error';
import { makeI18n } from '../helpers';

const en = makeI18n('en');
const ar = makeI18n('ar');

function present(error: unknown) {
  const shown: ErrorToast[] = [];
  const onSessionExpired = vi.fn();
  const result = presentError(error, { i18n: en, showToast: (t) => shown.push(t), onSessionExpired });
  return { shown, onSessionExpired, result };
}

describe('error catalogue (spec §8)', () => {
  it('400 with errors: one error toast with every field message joined by newlines', () => {
    const error = new ApiError({
      status: 400,
      message: 'The given data was invalid.',
      fieldErrors: { email: ['Email is taken', 'Email looks odd'], phone: ['Phone is invalid'] },
    });
    const { shown, onSessionExpired } = present(error);
    expect(shown).toHaveLength(1);
    expect(shown[0]).toMatchObject({ severity: 'error', detail: 'Email is taken\nEmail looks odd\nPhone is invalid' });
    expect(shown[0]?.summary).toBe('Please check the entered data');
    expect(onSessionExpired).not.toHaveBeenCalled();
  });

  it('401: an "Unauthorized" warning with the server message, and the session-expired effect', () => {
    const { shown, onSessionExpired, result } = present(new ApiError({ status: 401, message: 'Your session has ended.' }));
    expect(shown).toEqual([{ severity: 'warn', summary: 'Unauthorized', detail: 'Your session has ended.' }]);
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
    expect(result.row).toBe('unauthorized');
  });

  it('403: a forbidden error toast with the server message', () => {
    const { shown, onSessionExpired } = present(new ApiError({ status: 403, message: 'Not your request.' }));
    expect(shown).toEqual([{ severity: 'error', summary: 'Forbidden', detail: 'Not your request.' }]);
    expect(onSessionExpired).not.toHaveBeenCalled();
  });

  it('500: a server-error toast', () => {
    const { shown } = present(new ApiError({ status: 500, message: 'Database unavailable.' }));
    expect(shown).toEqual([{ severity: 'error', summary: 'Server error', detail: 'Database unavailable.' }]);
  });

  it.each([418, 404, 409, 422, 503])('other status %i: the generic error toast with the server message', (status) => {
    const { shown, onSessionExpired } = present(new ApiError({ status, message: `status ${status} said so` }));
    expect(shown).toEqual([{ severity: 'error', summary: 'Error', detail: `status ${status} said so` }]);
    expect(onSessionExpired).not.toHaveBeenCalled();
  });

  it('400 without field errors is a generic error, not an empty validation toast', () => {
    const { shown } = present(new ApiError({ status: 400, message: 'Bad request.' }));
    expect(shown).toEqual([{ severity: 'error', summary: 'Error', detail: 'Bad request.' }]);
  });

  it('no response: a network error with the check-your-connection hint', () => {
    const { shown, onSessionExpired } = present(new ApiError({ status: 0, message: null }));
    expect(shown).toEqual([
      {
        severity: 'error',
        summary: 'Network error',
        detail: 'Could not reach the server. Check your internet connection and try again.',
      },
    ]);
    expect(onSessionExpired).not.toHaveBeenCalled();
  });

  it.each([401, 403, 500, 418])('missing server message (%i): the unexpected-error text', (status) => {
    const { shown } = present(new ApiError({ status, message: null }));
    expect(shown[0]?.detail).toBe('An unexpected error occurred. Please try again.');
  });

  it('something that is not an ApiError gets the generic toast with the unexpected-error text', () => {
    const { shown, onSessionExpired } = present(new TypeError('x is undefined'));
    expect(shown).toEqual([{ severity: 'error', summary: 'Error', detail: 'An unexpected error occurred. Please try again.' }]);
    expect(onSessionExpired).not.toHaveBeenCalled();
  });

  it('speaks the active language: the same network error in Arabic', () => {
    const toast = describeError(new ApiError({ status: 0, message: null }), ar).toast;
    expect(toast.summary).toBe('خطأ في الاتصال');
    expect(toast.detail).toMatch(/الإنترنت/);
  });

  describe('a submission with no network', () => {
    afterEach(() => vi.unstubAllGlobals());
    // What fetch does with no network: it rejects with a TypeError, no response at all.
    const client = createApiClient({ fetch: () => Promise.reject(new TypeError('Failed to fetch')), token: () => null });
    const submit = () => client('v1/requests', { method: 'POST', body: { teacher_id: 3 } }).catch((error: unknown) => error);

    it('offline: says so and that nothing was sent', async () => {
      vi.stubGlobal('navigator', { onLine: false });
      const { shown, result } = present(await submit());
      expect(result.row).toBe('offline');
      expect(shown).toEqual([
        {
          severity: 'warn',
          summary: 'You are offline: nothing was sent',
          detail: 'Could not reach the server. Check your internet connection and try again.',
        },
      ]);
      expect(describeError(await submit(), ar).toast.summary).toBe('أنت غير متصل بالإنترنت: لم يُرسَل شيء');
    });

    it('online, the server unreachable: the network row, not a claim that the device is offline', async () => {
      vi.stubGlobal('navigator', { onLine: true });
      expect(present(await submit()).result.row).toBe('network');
    });
  });
});
