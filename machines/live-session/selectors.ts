// Narrow selectors of the live session for the screen: it reads tags and these, never state names.
import type { SnapshotFrom } from 'xstate';
import type { liveSessionMachine } from './machine';

type Snapshot = SnapshotFrom<typeof liveSessionMachine>;

/** Which screen the session shows (a `screen:*` tag); every state inside `session` is the call. */
export type LiveSessionScreen = 'checking' | 'denied' | 'token' | 'tokenFailed' | 'failed' | 'ended' | 'session';
const SCREENS = ['checking', 'denied', 'token', 'tokenFailed', 'failed', 'ended'] as const;

export const selectScreen = (s: Snapshot): LiveSessionScreen => SCREENS.find((screen) => s.hasTag(`screen:${screen}`)) ?? 'session';
export const selectRemainingMs = (s: Snapshot) =>
  s.context.grant ? Math.max(0, Date.parse(s.context.grant.ends_at) - s.context.now) : null;
export const selectIsReconnecting = (s: Snapshot) => s.hasTag('connection:reconnecting');
export const selectPeerPresent = (s: Snapshot) => s.hasTag('peer:present');
export const selectInCall = (s: Snapshot) => s.matches({ session: 'inCall' });
export const selectFailure = (s: Snapshot) => s.context.failure;
export const selectFailReason = (s: Snapshot) => s.context.failReason;
export const selectEndReason = (s: Snapshot) => s.context.endReason;
export const selectRequestId = (s: Snapshot) => s.context.grant?.request_id ?? null;
export const selectCanRejoin = (s: Snapshot) => s.can({ type: 'session.rejoin' });
export const selectCanRetry = (s: Snapshot) => s.can({ type: 'session.retry' });
export const selectJoining = (s: Snapshot) => s.matches({ session: 'joining' });
export const selectLeaving = (s: Snapshot) => s.matches({ session: 'leaving' }) || s.matches({ session: 'ending' });
/** The teacher's End for both: offered (the teacher, in the call), asked, awaiting the server, refused. */
export const selectCanEndForBoth = (s: Snapshot) => s.can({ type: 'end.request' });
export const selectConfirmingEnd = (s: Snapshot) => s.hasTag('end:confirming');
export const selectEndingForBoth = (s: Snapshot) => s.hasTag('end:requesting');
export const selectEndFailure = (s: Snapshot) => s.context.endFailure;
export const selectConfirmingLeave = (s: Snapshot) => s.hasTag('leave:confirming');
export const selectRole = (s: Snapshot) => s.context.grant?.role ?? 'student';
export const selectVideoConfigured = (s: Snapshot) => s.context.grant?.video_configured ?? false;
export const selectAdapter = (s: Snapshot) => s.context.grant?.rtc_adapter ?? 'none';

/** What the call's controls show (compare with shallowEqual). */
export const selectControls = (s: Snapshot) => ({
  inCall: selectInCall(s),
  leaving: selectLeaving(s),
  micOn: s.context.micOn,
  cameraOn: s.context.cameraOn,
  audioOnly: s.context.audioOnly,
  confirming: selectConfirmingLeave(s),
  devices: s.context.devices,
  /** The session's teacher may end it for both (the button shows); asked; awaiting the answer. */
  isTeacher: selectRole(s) === 'teacher',
  canEnd: selectCanEndForBoth(s),
  confirmingEnd: selectConfirmingEnd(s),
  endingForBoth: selectEndingForBoth(s),
});

/** What the video tiles show (compare with shallowEqual). */
export const selectTiles = (s: Snapshot) => ({
  inCall: selectInCall(s),
  rtcPeerPresent: selectPeerPresent(s),
  selfQuality: s.context.selfQuality,
  peerQuality: s.context.peerQuality,
  cameraOff: s.context.audioOnly || !s.context.cameraOn,
  role: selectRole(s),
  adapter: selectAdapter(s),
  /** The child the session is for (the grant names them). */
  child: s.context.grant?.child ?? null,
  /** Who the family sees on the other tile. */
  teacherName: s.context.grant?.teacher_first_name ?? null,
  /** The other participant's gender, for the wording: the teacher's for the family, the child's for the teacher. */
  peerGender: (selectRole(s) === 'teacher' ? s.context.grant?.child.gender : s.context.grant?.teacher_gender) ?? null,
});

/** The call's header and banners (compare with shallowEqual). */
export const selectCallStatus = (s: Snapshot) => ({
  joining: selectJoining(s),
  remaining: selectRemainingMs(s),
  warned: s.context.warned,
  reconnecting: selectIsReconnecting(s),
  videoMissing: selectAdapter(s) === 'none' && !selectVideoConfigured(s),
});
