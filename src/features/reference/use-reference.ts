// Hooks for the reference lists in the active locale. Each returns the TanStack Query result, so
// `isLoading` is the spec's is-loading flag: true during the first fetch, false once it settles.
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { useLingui } from '@lingui/react';
import { countriesQuery, phasesQuery, settingsQuery, subjectsQuery } from '../../api/reference';

export function useSettings() {
  const { i18n } = useLingui();
  return useQuery(settingsQuery(i18n.locale));
}

export function usePhases() {
  const { i18n } = useLingui();
  return useQuery(phasesQuery(i18n.locale));
}

export function useCountries() {
  const { i18n } = useLingui();
  return useQuery(countriesQuery(i18n.locale));
}

export function useSubjects() {
  const { i18n } = useLingui();
  return useQuery(subjectsQuery(i18n.locale));
}

/**
 * Spec §7: settings, phases and countries load at app start. Fire-and-forget so the first render never
 * waits; prefetchQuery never rejects (the failure was already logged by the query function).
 */
export function prefetchReferenceLists(queryClient: QueryClient, locale: string): Promise<void> {
  return Promise.all([
    queryClient.prefetchQuery(settingsQuery(locale)),
    queryClient.prefetchQuery(phasesQuery(locale)),
    queryClient.prefetchQuery(countriesQuery(locale)),
  ]).then(() => undefined);
}
