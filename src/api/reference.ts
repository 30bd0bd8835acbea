// The reference lists (spec §3, §7): settings, phases, countries, subjects. Each is a TanStack Query
// definition keyed by locale (names come localized by Accept-Language). Per spec §8 a failure is
// logged and rethrown with no user message, hence `meta: { silent: true }`.
import { queryOptions } from '@tanstack/react-query';
import type * as z from 'zod/mini';
import type { Settings } from '../../contract/reference';
import { api, type ApiClient, type Envelope } from './client';
import type { referenceSchemas } from './reference-schemas';

export type { Settings };

export interface ContactDetails {
  email: string | null;
  phone: string | null;
  address: string | null;
}

const nonEmpty = (value: string | undefined) => (value && value.trim() !== '' ? value : null);

/** The contact page's details; `address` is already in the request's language. */
export function contactDetailsOf(settings: Settings | undefined): ContactDetails {
  return {
    email: nonEmpty(settings?.contact_email),
    phone: nonEmpty(settings?.contact_phone),
    address: nonEmpty(settings?.address),
  };
}

type Schemas = typeof referenceSchemas;

async function load<K extends keyof Schemas>(
  client: ApiClient,
  path: string,
  list: K,
  locale: string,
  signal: AbortSignal | undefined,
): Promise<z.infer<Schemas[K]>> {
  try {
    // The language asked for is the one in the query key, so the cache never holds the other one.
    // The schemas (zod) load beside the request, not with the page (./reference-schemas.ts).
    const [res, { referenceSchemas: schemas }] = await Promise.all([
      client<Envelope<unknown>>(path, { signal, headers: { 'Accept-Language': locale } }),
      import('./reference-schemas'),
    ]);
    // Checked against the shared contract so a drifted server fails here, loudly in the console,
    // rather than as an odd blank somewhere in a screen.
    return schemas[list].parse(res.data) as z.infer<Schemas[K]>;
  } catch (error) {
    // Spec §8: logged and rethrown; the screen using the list decides how to look without it.
    console.error(`Loading ${path} failed`, error);
    throw error;
  }
}

export const referenceKeys = {
  all: ['reference'] as const,
  settings: (locale: string) => ['reference', 'settings', locale] as const,
  phases: (locale: string) => ['reference', 'phases', locale] as const,
  countries: (locale: string) => ['reference', 'countries', locale] as const,
  subjects: (locale: string) => ['reference', 'subjects', locale] as const,
};

// Reference data changes rarely; keep it for the visit.
const staleTime = 30 * 60_000;

export function settingsQuery(locale: string, client: ApiClient = api) {
  return queryOptions({
    queryKey: referenceKeys.settings(locale),
    queryFn: ({ signal }) => load(client, 'v1/settings', 'settings', locale, signal),
    staleTime,
    meta: { silent: true },
  });
}

export function phasesQuery(locale: string, client: ApiClient = api) {
  return queryOptions({
    queryKey: referenceKeys.phases(locale),
    queryFn: ({ signal }) => load(client, 'v1/phases', 'phases', locale, signal),
    staleTime,
    meta: { silent: true },
  });
}

export function countriesQuery(locale: string, client: ApiClient = api) {
  return queryOptions({
    queryKey: referenceKeys.countries(locale),
    queryFn: ({ signal }) => load(client, 'v1/countries', 'countries', locale, signal),
    staleTime,
    meta: { silent: true },
  });
}

export function subjectsQuery(locale: string, client: ApiClient = api) {
  return queryOptions({
    queryKey: referenceKeys.subjects(locale),
    queryFn: ({ signal }) => load(client, 'v1/subjects', 'subjects', locale, signal),
    staleTime,
    meta: { silent: true },
  });
}
