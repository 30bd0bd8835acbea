// The live video session (spec §2 `session/{channelName}`, §3 network quality) as one
// statechart: devices and permissions → a token from our server → joining the RTC channel → in the
// call (waiting for the other participant or together; mic, camera and device switching; token
// renewal; reconnecting) → leaving with a confirmation, the end when the booked time is up, or the
// teacher's "End for both" (confirmed first; the other side learns it from the request's realtime notice).
//
// The pieces live in machines/live-session/: the vocabulary (types.ts), the named effects, guards and
// delays (setup.ts, all bound in src/bindings/live-session.ts), the statechart (machine.ts), the call's parallel state
// (in-call.states.ts) and the attendance reporter it invokes (attendance.machine.ts). Context holds
// no SDK object: only what the screen shows. The clock follows the server: the skew of the last grant
// is kept in context and added to every tick.
export {
  /** @internal */ combinedQuality,
  /** @internal */ END_WARNING_MS,
  /** @internal */ initialLiveSessionContext,
  /** @internal */ qualityLabel,
  /** @internal */ RECONNECT_GIVE_UP_MS,
  type DeviceCheck,
  type LiveSessionEvent,
  type NetworkQualityLabel,
  type RtcCommand,
  type RtcInput,
  type TimedGrant,
} from './live-session/types';
export {
  attendanceMachine,
  /** @internal */ REPORT_GIVE_UP_MS,
  /** @internal */ REPORT_RETRY_MS,
  type SendReportInput,
} from './live-session/attendance.machine';

export { liveSessionMachine } from './live-session/machine';
export * from './live-session/selectors';
