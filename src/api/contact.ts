// POST v1/contact: a visitor's message to the team, stored by the server (201 {message, data: {id}}).
import type { ContactRequest, ContactResponse } from '../../contract/contact';
import { api, type ApiClient } from './client';

export type { ContactRequest, ContactResponse };

export function sendContactMessage(input: ContactRequest, client: ApiClient = api): Promise<ContactResponse> {
  return client<ContactResponse>('v1/contact', { method: 'POST', body: input });
}
