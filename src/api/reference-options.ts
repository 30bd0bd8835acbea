// The reference lists the forms choose from (phases, subjects, countries) as select/choice options, in
// the active language.
import { useQuery } from '@tanstack/react-query';
import { useLingui } from '@lingui/react';
import { countriesQuery, phasesQuery, subjectsQuery } from './reference';

export function usePhaseOptions() {
  const { i18n } = useLingui();
  return useQuery({ ...phasesQuery(i18n.locale), select: (list) => list.map((p) => ({ value: String(p.id), label: p.name })) });
}

export function useSubjectOptions() {
  const { i18n } = useLingui();
  return useQuery({ ...subjectsQuery(i18n.locale), select: (list) => list.map((s) => ({ value: String(s.id), label: s.name })) });
}

export function useCountryOptions() {
  const { i18n } = useLingui();
  return useQuery({ ...countriesQuery(i18n.locale), select: (list) => list.map((c) => ({ value: c.code, label: c.name })) });
}
