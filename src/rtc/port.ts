// The RTC port: the little the live-session statechart needs from a video provider, so the machine
// and the screen never touch an SDK. Implementations: Agora (agora.ts, lazily imported, only by the
// session route), the test-only fake relay (fake.ts) and `none` for a server without video
// configuration (local camera preview only). Pick one with `loadRtcAdapter`.
import type { RtcAdapterKind } from '../../contract/sessions';

export type MediaKind = 'camera' | 'microphone';

export type RtcEvent =
  | { type: 'connection'; state: 'connected' | 'reconnecting' | 'disconnected' }
  /** The provider's 0–6 network quality of this participant. */
  | { type: 'quality'; uplink: number; downlink: number }
  | { type: 'peerQuality'; uplink: number; downlink: number }
  | { type: 'peerJoined' }
  | { type: 'peerLeft' }
  | { type: 'tokenWillExpire' }
  /** Something changed in what can be shown (a remote video appeared or went): re-attach. */
  | { type: 'media' };

export interface JoinOptions {
  appId: string | null;
  channel: string;
  token: string | null;
  uid: number;
  /** Join without publishing the camera (it was refused, or the user chose audio only). */
  audioOnly: boolean;
}

export interface RtcSession {
  join(options: JoinOptions): Promise<void>;
  leave(): Promise<void>;
  setMic(on: boolean): Promise<void>;
  setCamera(on: boolean): Promise<void>;
  switchDevice(kind: MediaKind, deviceId: string): Promise<void>;
  renewToken(token: string | null): Promise<void>;
  /** Subscribe to the provider's events; returns the unsubscribe. */
  on(listener: (event: RtcEvent) => void): () => void;
  /** Renders the local camera into `element` (replacing what was there); null detaches. */
  showLocal(element: HTMLElement | null): void;
  /** Renders the other participant's video into `element`; false when there is none to show. */
  showRemote(element: HTMLElement | null): boolean;
}

/** Everything a session adapter needs from the app: how to reach our server (the fake relay uses it). */
export interface RtcContext {
  /** POSTs JSON to our API (`sessions/<channel>/fake-rtc`), answering the envelope's data. */
  post: <T>(path: string, body: object) => Promise<T>;
}

export async function loadRtcAdapter(kind: RtcAdapterKind, context: RtcContext): Promise<RtcSession> {
  if (kind === 'agora') {
    // A chunk of its own, requested only from the session route: the SDK never reaches other routes.
    const { createAgoraSession } = await import('./agora');
    return createAgoraSession();
  }
  if (kind === 'fake') {
    const { createFakeSession } = await import('./fake');
    return createFakeSession(context);
  }
  const { createLocalOnlySession } = await import('./local-media');
  return createLocalOnlySession();
}
