// Web Push subscriptions (contract/push.ts): the server's VAPID key and how many browsers this account
// has on, and storing or removing this browser's subscription.
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { pushStateResponseSchema, type PushState } from '../../contract/push';
import { api, type ApiClient, readAnswer } from './client';

export type { PushState };

const pushKey = ['profile', 'push'] as const;
const thisBrowserKey = [...pushKey, 'this-browser'] as const;

export function pushStateQuery(client: ApiClient = api) {
  return queryOptions({
    queryKey: pushKey,
    queryFn: async ({ signal }): Promise<PushState> =>
      (await readAnswer(client('v1/push-subscriptions', { signal }), pushStateResponseSchema)).data,
  });
}

/** This browser's own subscription (the browser's answer, not the server's), kept beside the push state. */
export function thisBrowserQuery(current: () => Promise<PushSubscriptionBody | null>) {
  return queryOptions({ queryKey: thisBrowserKey, queryFn: current });
}

/** A browser's PushSubscription as JSON (PushSubscription.toJSON()). */
export interface PushSubscriptionBody {
  endpoint: string;
  expirationTime?: number | null;
  keys: { p256dh: string; auth: string };
}

export async function savePushSubscription(
  queryClient: QueryClient,
  subscription: PushSubscriptionBody,
  client: ApiClient = api,
): Promise<string> {
  const res = await readAnswer(client('v1/push-subscriptions', { method: 'POST', body: subscription }), pushStateResponseSchema);
  queryClient.setQueryData(pushKey, res.data);
  queryClient.setQueryData(thisBrowserKey, subscription);
  return res.message;
}

/** This browser was unsubscribed (whether or not the server still had it). */
export function forgetThisBrowser(queryClient: QueryClient): void {
  queryClient.setQueryData(thisBrowserKey, null);
}

export async function removePushSubscription(queryClient: QueryClient, endpoint: string, client: ApiClient = api): Promise<string> {
  const res = await readAnswer(client('v1/push-subscriptions', { method: 'DELETE', body: { endpoint } }), pushStateResponseSchema);
  queryClient.setQueryData(pushKey, res.data);
  return res.message;
}
