// Stores contact-us messages.
import type { Queryable } from '../../db';

export interface NewContactMessage {
  name: string;
  email: string;
  phone: string;
  message: string;
  locale: string;
}

export async function insertContactMessage(db: Queryable, m: NewContactMessage): Promise<number> {
  const row = await db.one<{ id: number }>(
    'INSERT INTO contact_messages (name, email, phone, message, locale) VALUES ($1, $2, $3, $4, $5) RETURNING id',
    [m.name, m.email, m.phone, m.message, m.locale],
  );
  if (!row) throw new Error('insert contact_messages returned no row');
  return row.id;
}
