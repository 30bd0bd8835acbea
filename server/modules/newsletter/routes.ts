// POST /api/v1/newsletter: sign up with an email. A repeat sign-up is a friendly 200, never an error.
import { Hono } from 'hono';
import { newsletterRequestSchema, type NewsletterResponse } from '../../../contract/newsletter';
import type { AppEnv } from '../../http/context';
import { ok } from '../../http/respond';
import { jsonBody } from '../../http/validate';
import { limitAddress } from '../auth/rate-limit';
import { PUBLIC_FORM_RULES } from '../auth/service';
import { subscribe } from './queries';

export function newsletterRoutes({ trustProxy }: { trustProxy: boolean }) {
  return new Hono<AppEnv>().post('/newsletter', async (c) => {
    const { email } = await jsonBody(c, newsletterRequestSchema);
    await limitAddress(c, 'newsletter', PUBLIC_FORM_RULES, trustProxy);
    const created = await subscribe(c.get('db'), email, c.get('locale'));
    const data: NewsletterResponse['data'] = { already_subscribed: !created };
    return created ? ok(c, data, 'newsletter_subscribed', 201) : ok(c, data, 'newsletter_already', 200);
  });
}
