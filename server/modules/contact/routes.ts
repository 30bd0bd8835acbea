// POST /api/v1/contact: the contact-us form. Stored for the team; 201 with the new message id.
import { Hono } from 'hono';
import { isValidPhoneNumber } from 'libphonenumber-js/max';
import { contactRequestSchema } from '../../../contract/contact';
import { validationKeys } from '../../../contract/validation';
import type { AppEnv } from '../../http/context';
import { ok } from '../../http/respond';
import { jsonBody } from '../../http/validate';
import { limitAddress } from '../auth/rate-limit';
import { PUBLIC_FORM_RULES } from '../auth/service';
import { insertContactMessage } from './queries';

// The contract checks the E.164 shape; here the number must also exist in its country's numbering plan
// (the full metadata, as the phone input on the client uses: "+9745588" is refused on both sides).
const serverContactSchema = contactRequestSchema.extend({
  phone: contactRequestSchema.shape.phone.refine((phone) => isValidPhoneNumber(phone), { error: validationKeys.invalidPhone }),
});

export function contactRoutes({ trustProxy }: { trustProxy: boolean }) {
  return new Hono<AppEnv>().post('/contact', async (c) => {
    const body = await jsonBody(c, serverContactSchema);
    await limitAddress(c, 'contact', PUBLIC_FORM_RULES, trustProxy);
    const id = await insertContactMessage(c.get('db'), { ...body, locale: c.get('locale') });
    return ok(c, { id }, 'contact_received', 201);
  });
}
