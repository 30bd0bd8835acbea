// A family's children (contract/children.ts) as server data: the list (active, or with the archived
// ones for the profile), and adding, editing and archiving one. Shared by the profile, the booking and
// the requests screens (features do not import each other). Every change invalidates the list; the
// phase names are localized, so the list is keyed by locale.
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import {
  childDeleteResponseSchema,
  childResponseSchema,
  childrenResponseSchema,
  type Child,
  type ChildInput,
  type ChildUpdate,
} from '../../contract/children';
import { api, type ApiClient, readAnswer } from './client';

export type { Child, ChildInput, ChildUpdate };

export const childrenKeys = {
  all: ['children'] as const,
  list: (locale: string, includeArchived: boolean) => ['children', locale, includeArchived ? 'all' : 'active'] as const,
};

/** A child was added, edited or removed (or a try failed on an old copy): the lists are read again. */
export function refreshChildren(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: childrenKeys.all });
}

/** The family's children; archived ones only with `includeArchived` (the profile lists them too). */
export function childrenQuery(locale: string, { includeArchived = false }: { includeArchived?: boolean } = {}, client: ApiClient = api) {
  return queryOptions({
    queryKey: childrenKeys.list(locale, includeArchived),
    queryFn: async ({ signal }): Promise<Child[]> => {
      const res = await readAnswer(
        client('v1/children', { signal, headers: { 'Accept-Language': locale }, query: includeArchived ? { include_archived: 1 } : {} }),
        childrenResponseSchema,
      );
      return res.data;
    },
  });
}

export async function addChild(body: ChildInput, client: ApiClient = api): Promise<{ message: string; child: Child }> {
  const res = await readAnswer(client('v1/children', { method: 'POST', body }), childResponseSchema);
  return { message: res.message, child: res.data };
}

export async function updateChild(id: number, body: ChildUpdate, client: ApiClient = api): Promise<{ message: string; child: Child }> {
  const res = await readAnswer(client(`v1/children/${id}`, { method: 'PATCH', body }), childResponseSchema);
  return { message: res.message, child: res.data };
}

/** Archives a child with history, deletes one without (`child` is then null). */
export async function removeChild(id: number, client: ApiClient = api): Promise<{ message: string; child: Child | null }> {
  const res = await readAnswer(client(`v1/children/${id}`, { method: 'DELETE' }), childDeleteResponseSchema);
  return { message: res.message, child: res.data };
}
