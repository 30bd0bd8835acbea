// The Pusher Channels WebSocket protocol (version 7) as the built-in endpoint speaks it: message shapes,
// channel kinds, name rules and the close/error codes a client acts on.
// Reference: https://pusher.com/docs/channels/library_auth_reference/pusher-websockets-protocol/

export const PROTOCOL_VERSION = 7;
/** Seconds of silence after which a client pings (the protocol's handshake value; pusher-js uses 120). */
export const ACTIVITY_TIMEOUT_S = 120;

/**
 * Codes from the protocol. 4000–4099: do not reconnect; 4100–4199: reconnect after a back-off;
 * 4200–4299: reconnect at once; 4300–4399: other errors. pusher-js maps these ranges to its actions.
 */
export const ErrorCode = {
  applicationDoesNotExist: 4001,
  pathNotFound: 4005,
  invalidVersionFormat: 4006,
  unsupportedProtocolVersion: 4007,
  noProtocolVersion: 4008,
  unauthorizedConnection: 4009,
  overCapacity: 4100,
  /** The server is going away (restart, deploy): come back now. */
  reconnectImmediately: 4200,
  pongNotReceived: 4201,
  closedAfterInactivity: 4202,
  clientEventRejected: 4301,
} as const;

export type ChannelKind = 'public' | 'private' | 'presence' | 'private-encrypted';

export function channelKind(name: string): ChannelKind {
  if (name.startsWith('private-encrypted-')) return 'private-encrypted';
  if (name.startsWith('private-')) return 'private';
  if (name.startsWith('presence-')) return 'presence';
  return 'public';
}

/** Whether a subscription needs a signature from the app's auth endpoint. */
export function needsAuth(name: string): boolean {
  return channelKind(name) !== 'public';
}

// Pusher's published limits: names of at most 200 characters from this alphabet.
const NAME = /^[-a-zA-Z0-9_=@,.;]{1,200}$/;
export function isValidChannelName(name: unknown): name is string {
  return typeof name === 'string' && NAME.test(name);
}
export function isValidEventName(name: unknown): name is string {
  return typeof name === 'string' && name.length > 0 && name.length <= 200;
}

/** A frame as it travels over the socket. Server → client `data` is a JSON string, except for pusher:error. */
export interface Frame {
  event: string;
  channel?: string;
  data?: unknown;
  user_id?: string;
}

/** Parses a client frame; `data` may arrive as an object (pusher-js) or as a JSON string (other clients). */
export function decodeFrame(raw: string): Frame | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null) return null;
  const frame = parsed as Record<string, unknown>;
  if (typeof frame.event !== 'string') return null;
  let data = frame.data;
  if (typeof data === 'string' && !frame.event.startsWith('client-')) {
    try {
      data = JSON.parse(data);
    } catch {
      // leave it a string; the handler decides whether that is acceptable
    }
  }
  return {
    event: frame.event,
    ...(typeof frame.channel === 'string' ? { channel: frame.channel } : {}),
    data,
  };
}

/** A server frame whose data is JSON-encoded into a string, as the protocol requires. */
export function encodeFrame(event: string, data: unknown, channel?: string, userId?: string): string {
  return JSON.stringify({
    event,
    ...(channel !== undefined ? { channel } : {}),
    data: typeof data === 'string' ? data : JSON.stringify(data),
    ...(userId !== undefined ? { user_id: userId } : {}),
  });
}

/** `pusher:error` is the one server frame whose data is a plain object. `code` may be null. */
export function errorFrame(message: string, code: number | null): string {
  return JSON.stringify({ event: 'pusher:error', data: { code, message } });
}

/** What the protocol's clients expect when a subscription is refused (the shape pusher-js emits itself). */
export function subscriptionErrorFrame(channel: string, error: string, status = 401): string {
  return encodeFrame('pusher:subscription_error', { type: 'AuthError', error, status }, channel);
}

/** One event for the sockets subscribed to its channels (a server publish, a client event, a member change). */
export interface TriggerInput {
  channels: string[];
  name: string;
  data: string;
  /** Leave this socket out (the one whose action caused the event). */
  socketId?: string | undefined;
  /** Client events on presence channels carry who sent them. */
  userId?: string | undefined;
}
