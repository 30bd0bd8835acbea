// The live session's vocabulary: its timings, the spec's network-quality labels, the context
// the screen reads, the events of the user, the RTC actor and the clock, and the commands the machine
// sends to the RTC actor. The statechart itself is machines/live-session.machine.ts.
import type { Failure } from '../../contract/failure';
import type { SessionGrant } from '../../contract/sessions';

/** How long a lost connection may try to come back before the session counts as failed. */
export const RECONNECT_GIVE_UP_MS = 30_000;
/** The warning shows this long before the booked time ends. */
export const END_WARNING_MS = 5 * 60_000;
/** Leaving waits this long for the provider to confirm before it counts as left anyway. */
export const LEAVE_TIMEOUT_MS = 5_000;
/** Wait before the second (last) try to tell the server the time is up. */
export const END_RETRY_MS = 2_000;

/** The spec's network-quality labels (§3), indexed by the provider's 0–6 value. */
export const NETWORK_QUALITY_LABELS = ['unknown', 'excellent', 'good', 'slightlyImpaired', 'poor', 'veryPoor', 'disconnected'] as const;
export type NetworkQualityLabel = (typeof NETWORK_QUALITY_LABELS)[number];

/** Maps the provider's 0–6 value to the spec's label; anything outside the scale is unknown. */
export function qualityLabel(value: number): NetworkQualityLabel {
  return Number.isInteger(value) && value >= 0 && value <= 6 ? NETWORK_QUALITY_LABELS[value]! : 'unknown';
}

/** One figure from an uplink/downlink pair: the worse of the two known values (0 = unknown). */
export function combinedQuality(uplink: number, downlink: number): number {
  const known = [uplink, downlink].filter((v) => v > 0 && v <= 6);
  return known.length ? Math.max(...known) : 0;
}

export type MediaKind = 'camera' | 'microphone';

/** What the device check found: a denied camera alone still allows an audio-only call. */
export interface DeviceCheck {
  camera: boolean;
  microphone: boolean;
}

/**
 * The server's grant and when it arrived on the browser's clock: the difference between the grant's
 * `server_time` and `receivedAt` is the skew the machine adds to every clock tick.
 */
export interface TimedGrant {
  grant: SessionGrant;
  receivedAt: number;
}

/** Why the session ended on this screen: left it, the booked time ran out, or its teacher ended it early for both. */
export type EndReason = 'left' | 'timeUp' | 'endedEarly';
export type FailReason = 'joinFailed' | 'reconnectTimeout';

export interface LiveSessionContext {
  channelName: string;
  grant: SessionGrant | null;
  /** Server time minus the browser's, from the last grant: the countdown and time-up follow the server. */
  skewMs: number;
  /** The last clock tick on the server's clock, in epoch ms. */
  now: number;
  audioOnly: boolean;
  micOn: boolean;
  cameraOn: boolean;
  devices: { camera: string | null; microphone: string | null };
  selfQuality: NetworkQualityLabel;
  peerQuality: NetworkQualityLabel;
  warned: boolean;
  failure: Failure | null;
  failReason: FailReason | null;
  endReason: EndReason | null;
  /** The teacher's "End for both" was refused (or got no answer): the call goes on and says so. */
  endFailure: Failure | null;
}

export interface LiveSessionInput {
  channelName: string;
}

/** Commands the machine sends to the RTC actor. */
export type RtcCommand =
  | { type: 'rtc.setMic'; on: boolean }
  | { type: 'rtc.setCamera'; on: boolean }
  | { type: 'rtc.switchDevice'; kind: MediaKind; deviceId: string }
  | { type: 'rtc.renew'; token: string | null }
  | { type: 'rtc.leave' };

/** Input of the RTC actor: what it needs to join. */
export interface RtcInput {
  grant: SessionGrant;
  audioOnly: boolean;
}

export type LiveSessionEvent =
  // The user
  | { type: 'permission.retry' }
  | { type: 'session.continueAudioOnly' }
  | { type: 'session.retry' }
  | { type: 'media.toggleMic' }
  | { type: 'media.toggleCamera' }
  | { type: 'media.switchDevice'; kind: MediaKind; deviceId: string }
  | { type: 'leave.request' }
  | { type: 'leave.cancel' }
  | { type: 'leave.confirm' }
  | { type: 'session.rejoin' }
  // The teacher's "End for both", asked first in a dialog
  | { type: 'end.request' }
  | { type: 'end.cancel' }
  | { type: 'end.confirm' }
  // Our server, through the realtime notice of the request: its teacher ended the session for both
  | { type: 'session.endedByTeacher' }
  // The RTC provider, through the rtc actor
  | { type: 'rtc.joined' }
  | { type: 'rtc.joinFailed'; message?: string }
  | { type: 'rtc.reconnecting' }
  | { type: 'rtc.reconnected' }
  | { type: 'rtc.peerJoined' }
  | { type: 'rtc.peerLeft' }
  | { type: 'rtc.quality'; uplink: number; downlink: number }
  | { type: 'rtc.peerQuality'; uplink: number; downlink: number }
  | { type: 'rtc.tokenWillExpire' }
  | { type: 'rtc.left' }
  // The clock actor, every second, with the browser's time (the machine adds the skew)
  | { type: 'clock.tick'; now: number };

/** A session before anything happened: the machine's start, and the model-based test's. */
export function initialLiveSessionContext(channelName: string): LiveSessionContext {
  return {
    channelName,
    grant: null,
    skewMs: 0,
    now: 0,
    audioOnly: false,
    micOn: true,
    cameraOn: true,
    devices: { camera: null, microphone: null },
    selfQuality: 'unknown',
    peerQuality: 'unknown',
    warned: false,
    failure: null,
    failReason: null,
    endReason: null,
    endFailure: null,
  };
}

export function notProvided(name: string): never {
  throw new Error(`${name} not provided: bind it with provide() in src/bindings/live-session.ts`);
}
