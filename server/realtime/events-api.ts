// Pusher's HTTP events API on the built-in endpoint: POST /apps/{app_id}/events and /batch_events, with
// the request signature verified exactly as Pusher does, so the official `pusher` SDK publishes here
// unchanged. Answers are Pusher's (plain-text errors, `{}` on success): the callers are SDKs, not people.
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { z } from 'zod';
import type { AppEnv } from '../http/context';
import type { RealtimeEndpoint } from './endpoint';
import { isValidChannelName, isValidEventName } from './protocol';
import { verifyApiRequest } from './signing';

// Pusher's published limits.
const MAX_DATA_BYTES = 10 * 1024;
const MAX_CHANNELS = 100;
const MAX_BATCH = 10;

const channelName = z.string().refine(isValidChannelName, 'invalid channel name');
const eventName = z.string().refine(isValidEventName, 'invalid event name');
const socketId = z.string().regex(/^\d+\.\d+$/, 'invalid socket_id');
// The SDK always sends a string; a JSON value from another client is accepted and serialised.
const eventData = z.union([z.string(), z.json()]).transform((d) => (typeof d === 'string' ? d : JSON.stringify(d)));

const eventBody = z
  .object({
    name: eventName,
    data: eventData,
    channels: z.array(channelName).min(1).max(MAX_CHANNELS).optional(),
    channel: channelName.optional(),
    socket_id: socketId.optional(),
    info: z.string().optional(),
  })
  .refine((e) => e.channels !== undefined || e.channel !== undefined, 'channels or channel is required');

const batchBody = z.object({
  batch: z
    .array(
      z.object({ channel: channelName, name: eventName, data: eventData, socket_id: socketId.optional(), info: z.string().optional() }),
    )
    .min(1)
    .max(MAX_BATCH),
});

function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  return issue ? `${issue.path.join('.') || 'body'}: ${issue.message}` : 'invalid body';
}

export function eventsApiRoutes(endpoint: RealtimeEndpoint) {
  const routes = new Hono<AppEnv>();

  routes.use('/apps/*', bodyLimit({ maxSize: (MAX_DATA_BYTES + 1024) * MAX_BATCH, onError: (c) => c.text('Request body too large', 413) }));

  // Signature first: nothing about the body is revealed to a caller who cannot sign.
  routes.use('/apps/:appId/*', async (c, next) => {
    if (c.req.param('appId') !== endpoint.app.appId) return c.text('Unknown app', 404);
    const body = await c.req.text();
    const result = verifyApiRequest(endpoint.app, { method: c.req.method, path: c.req.path, query: c.req.query(), body });
    if (!result.ok) {
      c.get('log').info('realtime: events API refused', { id: c.get('requestId'), reason: result.reason });
      return c.text(`Unauthorized: ${result.reason.replaceAll('_', ' ')}`, 401);
    }
    await next();
  });

  routes.post('/apps/:appId/events', async (c) => {
    const parsed = eventBody.safeParse(parseJson(await c.req.text()));
    if (!parsed.success) return c.text(firstIssue(parsed.error), 400);
    const event = parsed.data;
    if (Buffer.byteLength(event.data) > MAX_DATA_BYTES) return c.text('Event data too large (10 kB max)', 413);
    endpoint.trigger({
      channels: event.channels ?? [event.channel as string],
      name: event.name,
      data: event.data,
      socketId: event.socket_id,
    });
    return c.json({});
  });

  routes.post('/apps/:appId/batch_events', async (c) => {
    const parsed = batchBody.safeParse(parseJson(await c.req.text()));
    if (!parsed.success) return c.text(firstIssue(parsed.error), 400);
    const tooLarge = parsed.data.batch.find((e) => Buffer.byteLength(e.data) > MAX_DATA_BYTES);
    if (tooLarge) return c.text('Event data too large (10 kB max)', 413);
    for (const e of parsed.data.batch) {
      endpoint.trigger({ channels: [e.channel], name: e.name, data: e.data, socketId: e.socket_id });
    }
    return c.json({ batch: parsed.data.batch.map(() => ({})) });
  });

  return routes;
}

// The signature check already read the body; Hono keeps it, so reading it again is free.
function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
