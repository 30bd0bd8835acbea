// POST v1/contact: a visitor's message to the team, stored by the server (201 {message, data: {id}}).
// The form that sends it loads in its own chunk with the contract's rules, so the schema comes with it.
import { contactResponseSchema, type ContactRequest, type ContactResponse } from '../../contract/contact';
import { api, type ApiClient, readAnswer } from './client';

export type { ContactRequest, ContactResponse };

export function sendContactMessage(input: ContactRequest, client: ApiClient = api): Promise<ContactResponse> {
  return readAnswer(client('v1/contact', { method: 'POST', body: input }), contactResponseSchema);
}
