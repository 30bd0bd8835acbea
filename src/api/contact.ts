// POST v1/contact: a visitor's message to the team, stored by the server (201 {message, data: {id}}).
// The schema loads with the answer: the contact page's first download carries no zod.
import type { ContactRequest, ContactResponse } from '../../contract/contact';
import { readAnswer } from './answer';
import { api, type ApiClient } from './client';

// Each loader names the one schema it needs: zod loads beside the request, not with the page.
async function loadContactResponseSchema() {
  const { contactResponseSchema: schema } = await import('../../contract/contact');
  return schema;
}

export type { ContactRequest, ContactResponse };

export function sendContactMessage(input: ContactRequest, client: ApiClient = api): Promise<ContactResponse> {
  return readAnswer(client('v1/contact', { method: 'POST', body: input }), loadContactResponseSchema);
}
