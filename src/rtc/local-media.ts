// The browser's own camera and microphone (getUserMedia) for the adapters that have no SDK: the
// camera preview, mute/unmute and device switching work the same with or without a video provider.
// `createLocalOnlySession` is the adapter used when the server has no video configuration: the
// lifecycle runs, nobody else is seen or heard.
import type { JoinOptions, MediaKind, RtcEvent, RtcSession } from './port';

export class LocalMedia {
  private stream: MediaStream | null = null;
  private video: HTMLVideoElement | null = null;
  private micOn = true;
  private cameraOn = true;

  async start(audioOnly: boolean): Promise<void> {
    this.stream = await navigator.mediaDevices.getUserMedia({ audio: true, video: !audioOnly });
    this.apply();
  }

  stop(): void {
    for (const track of this.stream?.getTracks() ?? []) track.stop();
    this.stream = null;
    if (this.video) this.video.srcObject = null;
  }

  setMic(on: boolean): void {
    this.micOn = on;
    this.apply();
  }

  setCamera(on: boolean): void {
    this.cameraOn = on;
    this.apply();
  }

  async switchDevice(kind: MediaKind, deviceId: string): Promise<void> {
    if (!this.stream) return;
    const constraints = kind === 'camera' ? { video: { deviceId: { exact: deviceId } } } : { audio: { deviceId: { exact: deviceId } } };
    const fresh = await navigator.mediaDevices.getUserMedia(constraints);
    const [track] = kind === 'camera' ? fresh.getVideoTracks() : fresh.getAudioTracks();
    if (!track) return;
    const old = kind === 'camera' ? this.stream.getVideoTracks() : this.stream.getAudioTracks();
    for (const t of old) {
      this.stream.removeTrack(t);
      t.stop();
    }
    this.stream.addTrack(track);
    this.apply();
    if (this.video) this.video.srcObject = this.stream;
  }

  show(element: HTMLElement | null): void {
    if (!element) {
      this.video?.remove();
      this.video = null;
      return;
    }
    if (!this.video) {
      this.video = document.createElement('video');
      this.video.muted = true;
      this.video.autoplay = true;
      this.video.playsInline = true;
      this.video.setAttribute('aria-hidden', 'true');
    }
    if (this.video.parentElement !== element) element.replaceChildren(this.video);
    this.video.srcObject = this.stream;
    // Older engines (and jsdom) return nothing from play(); autoplay does the rest.
    void Promise.resolve(this.video.play() as Promise<void> | undefined).catch(() => undefined);
  }

  private apply(): void {
    for (const t of this.stream?.getAudioTracks() ?? []) t.enabled = this.micOn;
    for (const t of this.stream?.getVideoTracks() ?? []) t.enabled = this.cameraOn;
  }
}

/** A tiny event hub for adapters. */
export function emitter() {
  const listeners = new Set<(event: RtcEvent) => void>();
  return {
    on(listener: (event: RtcEvent) => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    emit(event: RtcEvent) {
      for (const l of [...listeners]) l(event);
    },
  };
}

/**
 * The part of a session that only the browser's own devices serve, for the adapters without an SDK:
 * mic, camera and device switching on `media`, events from `hub`, no token to renew, no remote video.
 */
export function localMediaControls(media: LocalMedia, hub: ReturnType<typeof emitter>): Omit<RtcSession, 'join' | 'leave'> {
  return {
    async setMic(on) {
      media.setMic(on);
    },
    async setCamera(on) {
      media.setCamera(on);
    },
    switchDevice: (kind, deviceId) => media.switchDevice(kind, deviceId),
    async renewToken() {},
    on: hub.on,
    showLocal: (element) => media.show(element),
    showRemote: () => false,
  };
}

/** No provider: local preview and controls only; the connection is "up" so the timer and end run. */
export function createLocalOnlySession(): RtcSession {
  const media = new LocalMedia();
  const hub = emitter();
  return {
    async join(options: JoinOptions) {
      await media.start(options.audioOnly).catch(() => undefined);
      hub.emit({ type: 'connection', state: 'connected' });
    },
    async leave() {
      media.stop();
    },
    ...localMediaControls(media, hub),
  };
}
