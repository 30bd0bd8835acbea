// A family's e-mail address (contract/profile-email.ts): set, verified by the e-mailed code, resent,
// removed, and the language its mails are written in. Each answer is the address's new state, put
// straight into the cache; a verified or removed address changes where the family can be reached, so
// the notification settings are read again.
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { emailStateResponseSchema, type EmailState, type MailLocale } from '../../contract/profile-email';
import { api, type ApiClient, readAnswer } from './client';
import { refreshNotificationPreferences } from './notification-preferences';

const emailKey = ['profile', 'email'] as const;
const PATH = 'v1/profile/email';

export function profileEmailQuery(client: ApiClient = api) {
  return queryOptions({
    queryKey: emailKey,
    queryFn: async ({ signal }): Promise<EmailState> => (await readAnswer(client(PATH, { signal }), emailStateResponseSchema)).data,
  });
}

export type EmailAction =
  | { kind: 'set'; email: string }
  | { kind: 'verify'; code: string }
  | { kind: 'resend' }
  | { kind: 'remove' }
  | { kind: 'language'; locale: MailLocale };

export async function changeProfileEmail(
  queryClient: QueryClient,
  action: EmailAction,
  client: ApiClient = api,
): Promise<{ message: string; state: EmailState }> {
  const res = await readAnswer(send(action, client), emailStateResponseSchema);
  queryClient.setQueryData(emailKey, res.data);
  void refreshNotificationPreferences(queryClient);
  return { message: res.message, state: res.data };
}

function send(action: EmailAction, client: ApiClient): Promise<unknown> {
  switch (action.kind) {
    case 'set':
      return client(PATH, { method: 'PUT', body: { email: action.email } });
    case 'language':
      return client(PATH, { method: 'PATCH', body: { locale: action.locale } });
    case 'verify':
      return client(`${PATH}/verify`, { method: 'POST', body: { code: action.code } });
    case 'resend':
      return client(`${PATH}/resend`, { method: 'POST' });
    case 'remove':
      return client(PATH, { method: 'DELETE' });
  }
}
