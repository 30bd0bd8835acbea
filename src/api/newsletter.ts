// POST v1/newsletter: subscribe an email. Subscribing twice is not an error: the server answers 200 with
// already_subscribed so the form can say so kindly.
import type { NewsletterResponse } from '../../contract/newsletter';
import { api, type ApiClient } from './client';

export type { NewsletterResponse };

export function subscribeToNewsletter(email: string, client: ApiClient = api): Promise<NewsletterResponse> {
  return client<NewsletterResponse>('v1/newsletter', { method: 'POST', body: { email } });
}
