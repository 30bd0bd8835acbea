// Test clients for the realtime endpoint: a raw protocol-7 WebSocket client that lets a test say exactly
// what goes over the wire, a free-port finder, and a waiter for pusher-js's callback-style events.
import { createServer as createNetServer } from 'node:net';
import WebSocket from 'ws';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createNetServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

export interface WireFrame {
  event: string;
  channel?: string;
  /** Decoded: server frames carry JSON strings, which are parsed here as pusher-js would. */
  data: unknown;
  user_id?: string;
}

/** A Pusher-protocol client with no library in between. */
export class RawClient {
  private readonly frames: WireFrame[] = [];
  /** Every frame exactly as it came over the wire, in order. */
  readonly wire: string[] = [];
  private readonly waiters: Array<{ match: (f: WireFrame) => boolean; resolve: (f: WireFrame) => void }> = [];
  readonly closed: Promise<{ code: number; reason: string }>;

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (raw) => {
      this.wire.push(String(raw));
      const parsed = JSON.parse(String(raw)) as WireFrame;
      if (typeof parsed.data === 'string') {
        try {
          parsed.data = JSON.parse(parsed.data);
        } catch {
          // a plain string stays a string
        }
      }
      const waiter = this.waiters.findIndex((w) => w.match(parsed));
      if (waiter >= 0) this.waiters.splice(waiter, 1)[0]?.resolve(parsed);
      else this.frames.push(parsed);
    });
    this.closed = new Promise((resolve) => ws.on('close', (code, reason) => resolve({ code, reason: String(reason) })));
  }

  static async connect(url: string): Promise<RawClient> {
    const ws = new WebSocket(url);
    const client = new RawClient(ws);
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    return client;
  }

  /** The next frame (already received or still to come) that matches. */
  next(match: string | ((f: WireFrame) => boolean)): Promise<WireFrame> {
    const test = typeof match === 'string' ? (f: WireFrame) => f.event === match : match;
    const index = this.frames.findIndex(test);
    if (index >= 0) return Promise.resolve(this.frames.splice(index, 1)[0] as WireFrame);
    return new Promise((resolve) => this.waiters.push({ match: test, resolve }));
  }

  /** Reads the handshake and returns the socket id. */
  async established(): Promise<string> {
    const frame = await this.next('pusher:connection_established');
    return (frame.data as { socket_id: string }).socket_id;
  }

  /** Subscribes (signed, for private and presence channels) and waits for the success frame. */
  async subscribe(channel: string, signed: { auth?: string; channel_data?: string } = {}): Promise<WireFrame> {
    this.send('pusher:subscribe', { channel, ...signed });
    return this.next('pusher_internal:subscription_succeeded');
  }

  send(event: string, data: unknown, channel?: string): void {
    this.ws.send(JSON.stringify({ event, data, ...(channel ? { channel } : {}) }));
  }

  close(): void {
    this.ws.close();
  }
}

/** Connects, reads the handshake and hands over the socket id; closes the socket whatever happens. */
export async function withRawClient<T>(url: string, use: (raw: RawClient, socketId: string) => Promise<T>): Promise<T> {
  const raw = await RawClient.connect(url);
  try {
    return await use(raw, await raw.established());
  } finally {
    raw.close();
  }
}
