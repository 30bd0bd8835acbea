// @vitest-environment jsdom
// Reference lists (spec §3, §7, §8): loaded at start in the stored locale, an is-loading flag while
// fetching, and a failure that is logged and rethrown without any user message.
import { cleanup, renderHook, waitFor } from '@testing-library/react';
import { I18nProvider } from '@lingui/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../src/api/query-client';
import { prefetchReferenceLists, useReference } from '../../../src/features/reference/use-reference';
import { fakeFetch, makeI18n, SETTINGS } from '../helpers';

const settings = { ...SETTINGS, whatsapp: '+974 5000 0000' };
const phases = [{ id: 1, code: 'kg', stage: 'kindergarten', grade: null, name: 'KG', name_ar: 'روضة', name_en: 'KG' }];
const countries = [{ code: 'QA', dial_code: '+974', arab_league: true, name: 'Qatar', name_ar: 'قطر', name_en: 'Qatar' }];
const subjects = [{ id: 3, code: 'quran', name: 'Quran', name_ar: 'القرآن', name_en: 'Quran' }];
const bodies: Record<string, unknown> = { settings, phases, countries, subjects };

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function wrapperFor(onError = vi.fn()) {
  const queryClient = createQueryClient({ onError });
  const i18n = makeI18n('en');
  const wrapper = ({ children }: { children: ReactNode }) => (
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </I18nProvider>
  );
  return { wrapper, queryClient, onError };
}

describe('reference lists', () => {
  it.each(['settings', 'phases', 'countries', 'subjects'] as const)(
    '%s: isLoading while fetching, then the data list from the envelope',
    async (name) => {
      const { fetch, calls } = fakeFetch(() => ({ status: 200, json: { message: 'ok', data: bodies[name] } }));
      vi.stubGlobal('fetch', fetch);
      const { result } = renderHook(() => useReference(name), { wrapper: wrapperFor().wrapper });
      expect(result.current.isLoading).toBe(true);
      await waitFor(() => expect(result.current.isLoading).toBe(false));
      expect(result.current.data).toEqual(bodies[name]);
      expect(calls[0]?.url).toBe(`/api/v1/${name}`);
      expect(calls[0]?.headers.get('accept-language')).toBe('en');
    },
  );

  it('a failure is logged and rethrown, and no toast is asked for', async () => {
    const { fetch } = fakeFetch(() => ({ status: 500, json: { message: 'down' } }));
    vi.stubGlobal('fetch', fetch);
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { wrapper, onError } = wrapperFor();
    const { result } = renderHook(() => useReference('phases'), { wrapper });
    await waitFor(() => expect(result.current.isError).toBe(true), { timeout: 5000 });
    expect(result.current.isLoading).toBe(false);
    expect(result.current.error).toMatchObject({ status: 500 });
    expect(logged).toHaveBeenCalled();
    expect(onError).not.toHaveBeenCalled();
  });

  it('prefetch at start loads settings, phases and countries in the given locale and never rejects', async () => {
    const { fetch, calls } = fakeFetch((url) =>
      url.includes('countries')
        ? new TypeError('offline')
        : { status: 200, json: { message: 'ok', data: url.includes('settings') ? settings : phases } },
    );
    vi.stubGlobal('fetch', fetch);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { queryClient, onError } = wrapperFor();
    await expect(prefetchReferenceLists(queryClient, 'ar')).resolves.toBeUndefined();
    const paths = calls.map((c) => c.url).sort();
    expect(new Set(paths)).toEqual(new Set(['/api/v1/countries', '/api/v1/phases', '/api/v1/settings']));
    expect(calls.every((c) => c.headers.get('accept-language') === 'ar')).toBe(true);
    expect(queryClient.getQueryData(['reference', 'settings', 'ar'])).toEqual(settings);
    expect(onError).not.toHaveBeenCalled();
  });
});
