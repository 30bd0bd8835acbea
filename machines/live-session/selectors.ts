// Narrow selectors of the live session for the screen: it reads tags and these, never state names.
import type { SnapshotFrom } from 'xstate';
import type { liveSessionMachine } from './machine';

type Snapshot = SnapshotFrom<typeof liveSessionMachine>;

/** Which screen the session shows (a `screen:*` tag); every state inside `session` is the call. */
export type LiveSessionScreen = 'checking' | 'denied' | 'token' | 'tokenFailed' | 'failed' | 'ended' | 'session';
const SCREENS = ['checking', 'denied', 'token', 'tokenFailed', 'failed', 'ended'] as const;

export const selectScreen = (s: Snapshot): LiveSessionScreen => SCREENS.find((screen) => s.hasTag(`screen:${screen}`)) ?? 'session';
export const selectRemainingMs = (s: Snapshot) => (s.context.grant ? Math.max(0, Date.parse(s.context.grant.ends_at) - s.context.now) : null);
export const selectIsReconnecting = (s: Snapshot) => s.hasTag('connection:reconnecting');
export const selectPeerPresent = (s: Snapshot) => s.hasTag('peer:present');
export const selectInCall = (s: Snapshot) => s.matches({ session: 'inCall' });
export const selectFailure = (s: Snapshot) => s.context.failure;
export const selectFailReason = (s: Snapshot) => s.context.failReason;
export const selectEndReason = (s: Snapshot) => s.context.endReason;
export const selectRequestId = (s: Snapshot) => s.context.grant?.request_id ?? null;
export const selectCanRejoin = (s: Snapshot) => s.can({ type: 'session.rejoin' });
export const selectJoining = (s: Snapshot) => s.matches({ session: 'joining' });
export const selectLeaving = (s: Snapshot) => s.matches({ session: 'leaving' }) || s.matches({ session: 'ending' });
export const selectConfirmingLeave = (s: Snapshot) => s.hasTag('leave:confirming');
export const selectWarned = (s: Snapshot) => s.context.warned;
export const selectSelfQuality = (s: Snapshot) => s.context.selfQuality;
export const selectPeerQuality = (s: Snapshot) => s.context.peerQuality;
export const selectMicOn = (s: Snapshot) => s.context.micOn;
export const selectCameraOn = (s: Snapshot) => s.context.cameraOn;
export const selectAudioOnly = (s: Snapshot) => s.context.audioOnly;
export const selectDevices = (s: Snapshot) => s.context.devices;
export const selectRole = (s: Snapshot) => s.context.grant?.role ?? 'student';
export const selectVideoConfigured = (s: Snapshot) => s.context.grant?.video_configured ?? false;
export const selectAdapter = (s: Snapshot) => s.context.grant?.rtc_adapter ?? 'none';
