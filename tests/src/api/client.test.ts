// @vitest-environment jsdom
// The HTTP client as a caller sees it: the headers every call carries, the base URL, and the one
// ApiError shape for every kind of failure.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../src/api/api-error';
import { api, createApiClient } from '../../../src/api/client';
import { fakeFetch } from '../helpers';

function setCookie(name: string, value: string, maxAge = 3600) {
  document.cookie = `${name}=${encodeURIComponent(value)}; Max-Age=${maxAge}; Path=/`;
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

beforeEach(() => {
  localStorage.clear();
  setCookie('ng-token', '', 0);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('headers', () => {
  it('sends Accept json, Accept-Language from ng-locale (default ar) and the bearer token from ng-token', async () => {
    const { fetch, calls } = fakeFetch(() => ({ status: 200, json: { message: 'ok', data: [] } }));
    vi.stubGlobal('fetch', fetch);

    await api('v1/phases');
    expect(calls[0]?.headers.get('accept')).toBe('application/json');
    expect(calls[0]?.headers.get('accept-language')).toBe('ar');
    expect(calls[0]?.headers.has('authorization')).toBe(false);

    localStorage.setItem('ng-locale', 'en');
    setCookie('ng-token', 'tok en/1');
    await api('v1/phases');
    expect(calls[1]?.headers.get('accept-language')).toBe('en');
    expect(calls[1]?.headers.get('authorization')).toBe('Bearer tok en/1');
  });

  it('resolves paths against the default base /api/', async () => {
    const { fetch, calls } = fakeFetch(() => ({ status: 200, json: {} }));
    vi.stubGlobal('fetch', fetch);
    await api('v1/settings', { query: { page: 2, q: 'قرآن' } });
    expect(calls[0]?.url).toBe('/api/v1/settings?page=2&q=%D9%82%D8%B1%D8%A2%D9%86');
  });

  it('honours a configured base URL', async () => {
    const { fetch, calls } = fakeFetch(() => ({ status: 200, json: {} }));
    const client = createApiClient({ baseURL: 'https://api.example.test/api/', fetch });
    await client('v1/settings');
    expect(calls[0]?.url).toBe('https://api.example.test/api/v1/settings');
  });

  it('sends plain objects as JSON and passes FormData through untouched (multipart uploads)', async () => {
    const { fetch, calls } = fakeFetch(() => ({ status: 201, json: { message: 'ok', data: {} } }));
    const client = createApiClient({ fetch, locale: () => 'en', token: () => null });
    await client('v1/contact', { method: 'POST', body: { name: 'Layla' } });
    expect(calls[0]?.headers.get('content-type')).toBe('application/json');
    expect(calls[0]?.body).toEqual({ name: 'Layla' });

    const form = new FormData();
    form.append('id_front', new Blob(['img']), 'front.png');
    await client('v1/auth/register', { method: 'POST', body: form });
    expect(calls[1]?.body).toBe(form);
    // The browser must set multipart/form-data with its boundary itself.
    expect(calls[1]?.headers.has('content-type')).toBe(false);
  });

  it('returns the parsed body on success', async () => {
    const { fetch } = fakeFetch(() => ({ status: 200, json: { message: 'ok', data: [{ id: 1 }] } }));
    const client = createApiClient({ fetch });
    await expect(client('v1/phases')).resolves.toEqual({ message: 'ok', data: [{ id: 1 }] });
  });
});

describe('every failure is one ApiError', () => {
  it('400: status, server message and field errors', async () => {
    const { fetch } = fakeFetch(() => ({
      status: 400,
      json: { message: 'The given data was invalid.', errors: { email: ['Email is taken'], 'phases.0': ['Unknown phase'] } },
    }));
    const error = await failure(createApiClient({ fetch })('v1/contact', { method: 'POST', body: {} }));
    expect(error.status).toBe(400);
    expect(error.serverMessage).toBe('The given data was invalid.');
    expect(error.fieldErrors).toEqual({ email: ['Email is taken'], 'phases.0': ['Unknown phase'] });
    expect(error.fieldMessages).toEqual(['Email is taken', 'Unknown phase']);
    expect(error.data).toMatchObject({ message: 'The given data was invalid.' });
  });

  it.each([401, 403, 404, 500])('%i: status and server message, no field errors', async (status) => {
    const { fetch } = fakeFetch(() => ({ status, json: { message: `said ${status}` } }));
    const error = await failure(createApiClient({ fetch })('v1/profile'));
    expect(error).toMatchObject({ status, serverMessage: `said ${status}`, fieldErrors: {} });
  });

  it('a failure without a JSON message (a proxy error page) has a null message', async () => {
    const { fetch } = fakeFetch(() => ({ status: 502, text: '<html>Bad gateway</html>' }));
    const error = await failure(createApiClient({ fetch })('v1/profile'));
    expect(error.status).toBe(502);
    expect(error.serverMessage).toBeNull();
  });

  it('no response at all: status 0 and a null message', async () => {
    const { fetch } = fakeFetch(() => new TypeError('Failed to fetch'));
    const error = await failure(createApiClient({ fetch })('v1/settings'));
    expect(error.status).toBe(0);
    expect(error.serverMessage).toBeNull();
    expect(error.fieldErrors).toEqual({});
  });

  it('a failed GET is not retried by the client (retrying is the query cache’s decision)', async () => {
    const { fetch, calls } = fakeFetch(() => ({ status: 500, json: { message: 'down' } }));
    await failure(createApiClient({ fetch })('v1/settings'));
    expect(calls).toHaveLength(1);
  });
});
