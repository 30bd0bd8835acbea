// The built-in Pusher-compatible WebSocket endpoint (protocol 7 at /app/{key}), the embedded default in
// the spirit of Soketi and laravel-websockets: lets pusher-js and the `pusher` SDK work with no cloud
// account. It shares the API's HTTP server (one process, one port) through the `upgrade` event.
import { randomInt } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocket, WebSocketServer, type RawData } from 'ws';
import type { Logger } from '../logger';
import { ChannelRegistry, type PresenceMember, type Subscriber } from './channels';
import {
  ACTIVITY_TIMEOUT_S,
  ErrorCode,
  channelKind,
  decodeFrame,
  encodeFrame,
  errorFrame,
  isValidChannelName,
  isValidEventName,
  subscriptionErrorFrame,
  PROTOCOL_VERSION,
  type Frame,
  type TriggerInput,
} from './protocol';
import { REFETCH_EVENT } from '../../contract/realtime-names';
import { createPresence, type EndpointCluster } from './presence';
import { REVOKE_EVENT, revokedSockets } from './session-grants';
import { verifyChannelAuth, type AppCredentials } from './signing';

export type { TriggerInput } from './protocol';

export interface EndpointOptions {
  app: AppCredentials;
  /** Client events (`client-*`) on private and presence channels; off unless asked for, as on Pusher. */
  clientEvents?: boolean;
  log: Logger;
  /** Seconds of client silence before the server pings (the handshake tells the client the same). */
  activityTimeoutS?: number;
  /** How long to wait for the pong to our ping before closing with 4201. */
  pongTimeoutMs?: number;
  /** Other instances on the same database (presence and client events across them); none on PGlite. */
  cluster?: EndpointCluster | undefined;
}

export interface RealtimeEndpoint {
  readonly app: AppCredentials;
  /** Takes over an HTTP upgrade for /app/…; returns false for any other path so others may handle it. */
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): boolean;
  /** Delivers an event to the channels' subscribers; returns how many sockets it went to. */
  trigger(input: TriggerInput): number;
  subscriberCount(channel: string): number;
  connectionCount(): number;
  /** Tells every connected client to refetch what it shows (REFETCH_EVENT); returns how many. */
  refetchAll(): number;
  /** Tells every client to reconnect (4200) and closes the sockets; the HTTP server can then close. */
  close(): Promise<void>;
}

// Pusher's limit for one message is 10 kB of data; frames carry a little more around it.
const MAX_FRAME_BYTES = 64 * 1024;

interface Connection extends Subscriber {
  ws: WebSocket;
  activity(): void;
}

function newSocketId(taken: Map<string, Connection>): string {
  for (;;) {
    const id = `${randomInt(1, 2 ** 31)}.${randomInt(1, 2 ** 31)}`;
    if (!taken.has(id)) return id;
  }
}

function rawToString(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  return Buffer.isBuffer(data) ? data.toString('utf8') : Buffer.from(data).toString('utf8');
}

export function createRealtimeEndpoint(options: EndpointOptions): RealtimeEndpoint {
  const { app, log, clientEvents = false } = options;
  const activityMs = (options.activityTimeoutS ?? ACTIVITY_TIMEOUT_S) * 1000;
  const pongTimeoutMs = options.pongTimeoutMs ?? 30_000;
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES });
  const registry = new ChannelRegistry();
  const connections = new Map<string, Connection>();
  const { cluster } = options;
  const presence = createPresence({ registry, log, cluster, deliver: (input) => void trigger(input) });
  let closed = false;

  /** Validates the URL before the handshake completes; errors after it travel as pusher:error + close code. */
  function refusal(url: URL): { code: number; message: string } | null {
    const key = decodeURIComponent(url.pathname.slice('/app/'.length));
    if (key !== app.key) return { code: ErrorCode.applicationDoesNotExist, message: `Application does not exist` };
    const protocol = url.searchParams.get('protocol');
    if (protocol === null) return { code: ErrorCode.noProtocolVersion, message: 'No protocol version supplied' };
    if (!/^\d+$/.test(protocol)) return { code: ErrorCode.invalidVersionFormat, message: 'Invalid version string format' };
    const version = Number(protocol);
    if (version < 5 || version > PROTOCOL_VERSION) {
      return { code: ErrorCode.unsupportedProtocolVersion, message: `Unsupported protocol version ${version}` };
    }
    return null;
  }

  function accept(ws: WebSocket, url: URL): void {
    const refused = refusal(url);
    if (refused) {
      // The protocol sends the error as a message and as the close code, so every client version sees it.
      ws.send(errorFrame(refused.message, refused.code));
      ws.close(refused.code, refused.message);
      return;
    }

    const socketId = newSocketId(connections);
    let idleTimer: NodeJS.Timeout | undefined;
    let pongTimer: NodeJS.Timeout | undefined;
    const conn: Connection = {
      socketId,
      ws,
      send(frame) {
        if (ws.readyState === WebSocket.OPEN) ws.send(frame);
      },
      // Any message from the client proves it is alive; after a silence we ping, then give up.
      activity() {
        clearTimeout(idleTimer);
        clearTimeout(pongTimer);
        idleTimer = setTimeout(() => {
          conn.send(encodeFrame('pusher:ping', {}));
          pongTimer = setTimeout(() => ws.close(ErrorCode.pongNotReceived, 'Pong reply not received'), pongTimeoutMs);
          pongTimer.unref();
        }, activityMs);
        idleTimer.unref();
      },
    };
    connections.set(socketId, conn);
    conn.activity();
    conn.send(encodeFrame('pusher:connection_established', { socket_id: socketId, activity_timeout: activityMs / 1000 }));
    log.debug('realtime: connected', { socket_id: socketId });

    ws.on('message', (data, isBinary) => {
      conn.activity();
      if (isBinary) return conn.send(errorFrame('Binary messages are not supported', null));
      const frame = decodeFrame(rawToString(data));
      if (!frame) return conn.send(errorFrame('Invalid message: expected a JSON object with an event', null));
      handle(conn, frame);
    });
    ws.on('close', () => {
      clearTimeout(idleTimer);
      clearTimeout(pongTimer);
      connections.delete(socketId);
      presence.left(socketId, undefined, registry.removeSocket(socketId));
      log.debug('realtime: disconnected', { socket_id: socketId });
    });
    ws.on('error', (err) => log.debug('realtime: socket error', { socket_id: socketId, err: err.message }));
  }

  function broadcast(channel: string, frame: string, exceptSocketId?: string): number {
    let sent = 0;
    for (const sub of registry.subscribers(channel)) {
      if (sub.socketId === exceptSocketId) continue;
      sub.send(frame);
      sent++;
    }
    return sent;
  }

  function handle(conn: Connection, frame: Frame): void {
    const data = (typeof frame.data === 'object' && frame.data !== null ? frame.data : {}) as Record<string, unknown>;
    switch (frame.event) {
      case 'pusher:ping':
        return conn.send(encodeFrame('pusher:pong', {}));
      case 'pusher:pong':
        return; // activity() above already counted it
      case 'pusher:subscribe':
        return subscribe(conn, data);
      case 'pusher:unsubscribe': {
        if (!isValidChannelName(data.channel)) return;
        const channel = data.channel;
        const { removed } = registry.unsubscribe(conn.socketId, channel);
        if (channelKind(channel) === 'presence')
          presence.left(conn.socketId, channel, removed === undefined ? [] : [{ channel, userId: removed }]);
        return;
      }
      default:
        if (frame.event.startsWith('client-')) return clientEvent(conn, frame);
        // Unknown pusher:* events (for example pusher:signin, which needs user authentication we do
        // not offer) are ignored, as the protocol asks of both sides.
        return;
    }
  }

  /** A socket leaves a channel by the server's decision (logout's revocation below). */
  function leave(socketId: string, channel: string): void {
    const { removed } = registry.unsubscribe(socketId, channel);
    if (channelKind(channel) === 'presence') presence.left(socketId, channel, removed === undefined ? [] : [{ channel, userId: removed }]);
  }

  function subscribe(conn: Connection, data: Record<string, unknown>): void {
    const channel = data.channel;
    if (!isValidChannelName(channel)) {
      return conn.send(errorFrame('Invalid channel name', null));
    }
    const kind = channelKind(channel);
    let member: PresenceMember | undefined;
    if (kind !== 'public') {
      const channelData = kind === 'presence' && typeof data.channel_data === 'string' ? data.channel_data : undefined;
      if (!verifyChannelAuth(app, conn.socketId, channel, data.auth, channelData)) {
        log.info('realtime: subscription refused', { socket_id: conn.socketId, channel, reason: 'bad signature' });
        return conn.send(
          subscriptionErrorFrame(
            channel,
            `Invalid signature: expected HMAC of "${conn.socketId}:${channel}${kind === 'presence' ? ':<channel_data>' : ''}"`,
          ),
        );
      }
      if (kind === 'presence') {
        member = parseMember(channelData);
        if (!member) return conn.send(subscriptionErrorFrame(channel, 'channel_data must be JSON with a user_id', 400));
      }
    }
    const { added } = registry.subscribe(conn, channel, member);
    if (member) {
      presence.joined(conn, channel, member, added);
    } else {
      conn.send(encodeFrame('pusher_internal:subscription_succeeded', {}, channel));
    }
  }

  function clientEvent(conn: Connection, frame: Frame): void {
    const channel = frame.channel;
    if (!clientEvents) {
      return conn.send(errorFrame('Client events are not enabled for this app', null));
    }
    if (!channel || (channelKind(channel) !== 'private' && channelKind(channel) !== 'presence')) {
      return conn.send(errorFrame('Client events are only allowed on private and presence channels', null));
    }
    if (!registry.isSubscribed(conn.socketId, channel)) {
      return conn.send(errorFrame(`Not subscribed to ${channel}`, null));
    }
    if (!isValidEventName(frame.event)) return conn.send(errorFrame('Invalid event name', null));
    const userId = registry.presenceUserOf(conn.socketId, channel);
    broadcast(channel, encodeFrame(frame.event, frame.data ?? {}, channel, userId), conn.socketId);
    // Subscribers connected to other instances hear it too, with the same user_id.
    const data = typeof frame.data === 'string' ? frame.data : JSON.stringify(frame.data ?? {});
    cluster?.forward({
      channels: [channel],
      name: frame.event,
      data,
      socketId: conn.socketId,
      ...(userId !== undefined ? { userId } : {}),
    });
  }

  function trigger({ channels, name, data, socketId, userId }: TriggerInput): number {
    // Logout's control message (session-grants.ts): those sockets leave the channel; nobody receives it.
    if (name === REVOKE_EVENT) {
      for (const channel of channels) for (const revoked of revokedSockets(data)) leave(revoked, channel);
      return 0;
    }
    let sent = 0;
    for (const channel of channels) sent += broadcast(channel, encodeFrame(name, data, channel, userId), socketId);
    return sent;
  }

  return {
    app,
    handleUpgrade(req, socket, head) {
      const url = new URL(req.url ?? '/', 'http://localhost');
      if (!url.pathname.startsWith('/app/')) return false;
      if (closed) {
        socket.destroy();
        return true;
      }
      wss.handleUpgrade(req, socket, head, (ws) => accept(ws, url));
      return true;
    },
    trigger,
    subscriberCount: (channel) => registry.subscriberCount(channel),
    connectionCount: () => connections.size,
    refetchAll() {
      const frame = encodeFrame(REFETCH_EVENT, {});
      for (const conn of connections.values()) conn.send(frame);
      return connections.size;
    },
    async close() {
      closed = true;
      const closing = [...connections.values()].map(
        (conn) =>
          new Promise<void>((resolve) => {
            conn.ws.once('close', () => resolve());
            // As the message and as the close code (4200: reconnect at once), so every client version
            // goes back to the load balancer, which sends it to an instance that is not stopping.
            conn.send(errorFrame('Server restarting, reconnect', ErrorCode.reconnectImmediately));
            conn.ws.close(ErrorCode.reconnectImmediately, 'Server restarting');
            // A client that never answers the close handshake must not hold the shutdown.
            setTimeout(() => {
              conn.ws.terminate();
              resolve();
            }, 1000).unref();
          }),
      );
      await Promise.all(closing);
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}

function parseMember(channelData: string | undefined): PresenceMember | undefined {
  if (channelData === undefined) return undefined;
  try {
    const parsed: unknown = JSON.parse(channelData);
    if (typeof parsed !== 'object' || parsed === null) return undefined;
    const { user_id: userId, user_info: userInfo } = parsed as Record<string, unknown>;
    if ((typeof userId !== 'string' || userId === '') && typeof userId !== 'number') return undefined;
    return { user_id: String(userId), ...(userInfo !== undefined ? { user_info: userInfo } : {}) };
  } catch {
    return undefined;
  }
}
