// A person's notification preferences (contract/notification-preferences.ts): per kind and channel,
// and quiet hours in their own zone.
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import {
  notificationPreferencesResponseSchema,
  type NotificationPreferences,
  type PreferencesInput,
} from '../../contract/notification-preferences';
import { api, type ApiClient } from './client';

const preferencesKey = ['profile', 'notification-preferences'] as const;
const PATH = 'v1/profile/notification-preferences';

export function notificationPreferencesQuery(client: ApiClient = api) {
  return queryOptions({
    queryKey: preferencesKey,
    queryFn: async ({ signal }): Promise<NotificationPreferences> =>
      notificationPreferencesResponseSchema.parse(await client<unknown>(PATH, { signal })).data,
  });
}

export async function saveNotificationPreferences(
  queryClient: QueryClient,
  input: PreferencesInput,
  client: ApiClient = api,
): Promise<string> {
  const res = notificationPreferencesResponseSchema.parse(await client<unknown>(PATH, { method: 'PUT', body: input }));
  queryClient.setQueryData(preferencesKey, res.data);
  return res.message;
}
