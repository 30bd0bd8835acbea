// A person's notification preferences (contract/notification-preferences.ts): per kind and channel,
// and quiet hours in their own zone.
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import {
  notificationPreferencesResponseSchema,
  type NotificationPreferences,
  type PreferencesInput,
} from '../../contract/notification-preferences';
import { api, type ApiClient, readAnswer } from './client';

const preferencesKey = ['profile', 'notification-preferences'] as const;
const PATH = 'v1/profile/notification-preferences';

export function notificationPreferencesQuery(client: ApiClient = api) {
  return queryOptions({
    queryKey: preferencesKey,
    queryFn: async ({ signal }): Promise<NotificationPreferences> =>
      (await readAnswer(client(PATH, { signal }), notificationPreferencesResponseSchema)).data,
  });
}

/** Where a person can be reached changed (an e-mail address verified or removed): the settings are read again. */
export function refreshNotificationPreferences(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: preferencesKey });
}

export async function saveNotificationPreferences(
  queryClient: QueryClient,
  input: PreferencesInput,
  client: ApiClient = api,
): Promise<string> {
  const res = await readAnswer(client(PATH, { method: 'PUT', body: input }), notificationPreferencesResponseSchema);
  queryClient.setQueryData(preferencesKey, res.data);
  return res.message;
}
