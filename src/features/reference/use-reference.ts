// Hooks for the reference lists in the active locale. Each returns the TanStack Query result, so
// `isLoading` is the spec's is-loading flag: true during the first fetch, false once it settles.
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { useLingui } from '@lingui/react';
import { countriesQuery, phasesQuery, referenceQuery, settingsQuery, type ReferenceList } from '../../api/reference';

/** A reference list (settings, phases, countries or subjects) in the active locale. */
export function useReference<K extends ReferenceList>(list: K) {
  const { i18n } = useLingui();
  return useQuery(referenceQuery(list, i18n.locale));
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
