// The fake RTC adapter, for tests only: the server turns it on (RTC_ADAPTER=fake, never in
// production) and says so in the join grant. Each participant beats once a second to our server's
// relay (`POST v1/sessions/<channel>/fake-rtc`) with its network quality and hears who else is
// there, so two browsers (two Playwright contexts) "see" each other: peer joined/left, the peer's
// quality, and our own connection dropping (requests failing) and coming back. Local camera and
// microphone are the browser's real (or Chromium's fake) devices.
// In e2e builds only (VITE_FAKE_RTC_FAULTS=1, set by scripts/e2e.mjs) a joined session also offers
// `window.__noorFakeRtc`: the provider events the relay cannot cause (a token about to expire), for
// the model run of the live-session machine. Other builds drop it (the size check asserts it).
import type { FakeRtcRoom } from '../../contract/sessions';
import { emitter, LocalMedia, localMediaControls } from './local-media';
import type { JoinOptions, RtcContext, RtcEvent, RtcSession } from './port';

const BEAT_MS = 1_000;
/** Failed beats in a row before the connection counts as lost. */
const LOST_AFTER = 2;
/** localStorage key a test sets to choose this browser's reported quality (0–6); default 1, excellent. */
export const FAKE_QUALITY_KEY = 'noor-fake-rtc-quality';

function ownQuality(): number {
  const stored = Number(globalThis.localStorage?.getItem(FAKE_QUALITY_KEY));
  return Number.isInteger(stored) && stored >= 0 && stored <= 6 && stored !== 0 ? stored : 1;
}

/** The e2e fault switch on `window.__noorFakeRtc` while a fake session is joined. */
export interface FakeRtcFaults {
  /** The provider warns that the token expires soon (the machine fetches a new one). */
  tokenWillExpire(): void;
}

/** Puts the fault switch on `window` in e2e builds; returns its removal. */
function exposeFaults(emit: (event: RtcEvent) => void): () => void {
  if (import.meta.env.VITE_FAKE_RTC_FAULTS !== '1') return () => undefined;
  const target = globalThis as { __noorFakeRtc?: FakeRtcFaults };
  target.__noorFakeRtc = { tokenWillExpire: () => emit({ type: 'tokenWillExpire' }) };
  return () => delete target.__noorFakeRtc;
}

export function createFakeSession({ post }: RtcContext): RtcSession {
  const media = new LocalMedia();
  const hub = emitter();
  let timer: ReturnType<typeof setTimeout> | null = null;
  let channel = '';
  let uid = 0;
  let failures = 0;
  let lost = false;
  let peer: number | null = null;
  let running = false;
  let hideFaults = () => {};

  const beat = async () => {
    if (!running) return;
    const quality = ownQuality();
    try {
      const room = await post<FakeRtcRoom>(`sessions/${encodeURIComponent(channel)}/fake-rtc`, { uid, quality, present: true });
      if (!running) return;
      failures = 0;
      if (lost) {
        lost = false;
        hub.emit({ type: 'connection', state: 'connected' });
      }
      hub.emit({ type: 'quality', uplink: quality, downlink: quality });
      const other = room.peers[0];
      if (other && peer === null) {
        peer = other.uid;
        hub.emit({ type: 'peerJoined' });
      } else if (!other && peer !== null) {
        peer = null;
        hub.emit({ type: 'peerLeft' });
      }
      if (other) hub.emit({ type: 'peerQuality', uplink: other.quality, downlink: other.quality });
    } catch {
      failures += 1;
      if (!lost && failures >= LOST_AFTER) {
        lost = true;
        hub.emit({ type: 'connection', state: 'reconnecting' });
      }
    }
    if (running) timer = setTimeout(() => void beat(), BEAT_MS);
  };

  return {
    async join(options: JoinOptions) {
      channel = options.channel;
      uid = options.uid;
      await media.start(options.audioOnly).catch(() => undefined);
      // The first beat must reach the server, as a real join must reach the provider.
      await post<FakeRtcRoom>(`sessions/${encodeURIComponent(channel)}/fake-rtc`, { uid, quality: ownQuality(), present: true });
      running = true;
      hideFaults = exposeFaults(hub.emit);
      hub.emit({ type: 'connection', state: 'connected' });
      void beat();
    },
    async leave() {
      const wasRunning = running;
      running = false;
      hideFaults();
      if (timer) clearTimeout(timer);
      media.stop();
      if (wasRunning) {
        await post(`sessions/${encodeURIComponent(channel)}/fake-rtc`, { uid, quality: 0, present: false }).catch(() => undefined);
      }
    },
    ...localMediaControls(media, hub),
  };
}
