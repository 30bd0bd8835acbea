// The reference lists (spec §3, §7): settings, phases, countries, subjects. Each is a TanStack Query
// definition keyed by locale (names come localized by Accept-Language). Per spec §8 a failure is
// logged and rethrown with no user message, hence `meta: { silent: true }`.
import { queryOptions } from '@tanstack/react-query';
import type * as z from 'zod/mini';
import type { Settings } from '../../contract/reference';
import { type AnswerSchema, api, type ApiClient, readAnswer } from './client';
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

/** A reference list's name: its path under v1/, its query key and its schema. */
export type ReferenceList = keyof Schemas;

async function load<K extends ReferenceList>(
  client: ApiClient,
  list: K,
  locale: string,
  signal: AbortSignal | undefined,
): Promise<z.infer<Schemas[K]>['data']> {
  const path = `v1/${list}`;
  try {
    // The language asked for is the one in the query key, so the cache never holds the other one.
    // The schemas (zod) load beside the request, not with the page (./reference-schemas.ts).
    // Checked against the shared contract so a drifted server fails here, loudly in the console,
    // rather than as an odd blank somewhere in a screen.
    const res = await readAnswer(client(path, { signal, headers: { 'Accept-Language': locale } }), () =>
      import('./reference-schemas').then((m): AnswerSchema<unknown> => m.referenceSchemas[list]),
    );
    return (res as z.infer<Schemas[K]>).data;
  } catch (error) {
    // Spec §8: logged and rethrown; the screen using the list decides how to look without it.
    console.error(`Loading ${path} failed`, error);
    throw error;
  }
}

// Reference data changes rarely; keep it for the visit.
const staleTime = 30 * 60_000;

/** One reference list in one language, as a TanStack Query definition (key `['reference', list, locale]`). */
export function referenceQuery<K extends ReferenceList>(list: K, locale: string, client: ApiClient = api) {
  return queryOptions({
    queryKey: ['reference', list, locale] as const,
    queryFn: ({ signal }) => load(client, list, locale, signal),
    staleTime,
    meta: { silent: true },
  });
}

export const settingsQuery = (locale: string, client?: ApiClient) => referenceQuery('settings', locale, client);
export const phasesQuery = (locale: string, client?: ApiClient) => referenceQuery('phases', locale, client);
export const countriesQuery = (locale: string, client?: ApiClient) => referenceQuery('countries', locale, client);
export const subjectsQuery = (locale: string, client?: ApiClient) => referenceQuery('subjects', locale, client);
