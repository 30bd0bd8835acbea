// POST v1/newsletter: subscribe an email. Subscribing twice is not an error: the server answers 200 with
// already_subscribed so the form can say so kindly. The schema loads with the answer: the pages with the
// newsletter form carry no zod in their first download.
import type { NewsletterResponse } from '../../contract/newsletter';
import { readAnswer } from './answer';
import { api, type ApiClient } from './client';

// Each loader names the one schema it needs: zod loads beside the request, not with the page.
async function loadNewsletterResponseSchema() {
  const { newsletterResponseSchema: schema } = await import('../../contract/newsletter');
  return schema;
}

export type { NewsletterResponse };

export function subscribeToNewsletter(email: string, client: ApiClient = api): Promise<NewsletterResponse> {
  return readAnswer(client('v1/newsletter', { method: 'POST', body: { email } }), loadNewsletterResponseSchema);
}
