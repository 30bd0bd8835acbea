// POST v1/newsletter: subscribe an email. Subscribing twice is not an error: the server answers 200 with
// already_subscribed so the form can say so kindly. The form loads in its own chunk with the contract's
// rules, so the schema comes with it.
import { newsletterResponseSchema, type NewsletterResponse } from '../../contract/newsletter';
import { api, type ApiClient, readAnswer } from './client';

export type { NewsletterResponse };

export function subscribeToNewsletter(email: string, client: ApiClient = api): Promise<NewsletterResponse> {
  return readAnswer(client('v1/newsletter', { method: 'POST', body: { email } }), newsletterResponseSchema);
}
