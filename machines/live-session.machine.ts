// The live video session (spec §2 `session/{channelName}`, §3 network quality; issue 7) as one
// statechart: devices and permissions → a token from our server → joining the RTC channel → in the
// call (waiting for the other participant or together; mic, camera and device switching; token
// renewal; reconnecting) → leaving with a confirmation, or the end when the booked time is up.
//
// Every effect is an injected actor or action bound by the session screen with `provide()`
// (src/features/live-session/wiring.ts): `checkDevices` asks the browser for camera and microphone,
// `fetchToken` calls our server, `rtc` is the RTC port (src/rtc) as a callback actor that reports the
// provider's events back as `rtc.*` events and takes `rtc.*` commands, `clock` sends `clock.tick`
// with the time every second, `endSession` tells the server the time is up. The defaults refuse to
// run, so a forgotten binding fails loudly. Context holds no SDK object: only what the screen shows.
import { noResponse, toFailure, type Failure } from '../contract/failure';
import { assign, fromCallback, fromPromise, sendTo, setup, type EventObject, type SnapshotFrom } from 'xstate';
import type { SessionGrant } from '../contract/sessions';

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

/** A failed request as the machine keeps it: the contract's one failure shape (status 0 = no response). */
export type SessionFailure = Failure;

export type EndReason = 'left' | 'timeUp';
export type FailReason = 'joinFailed' | 'reconnectTimeout';

export interface LiveSessionContext {
  channelName: string;
  grant: SessionGrant | null;
  /** The last clock tick, in epoch ms on the server's clock (the clock actor corrects the browser's skew). */
  now: number;
  audioOnly: boolean;
  micOn: boolean;
  cameraOn: boolean;
  devices: { camera: string | null; microphone: string | null };
  selfQuality: NetworkQualityLabel;
  peerQuality: NetworkQualityLabel;
  warned: boolean;
  failure: SessionFailure | null;
  failReason: FailReason | null;
  endReason: EndReason | null;
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
  // The clock actor, every second
  | { type: 'clock.tick'; now: number };

function notProvided(name: string): never {
  throw new Error(`${name} not provided: bind it with liveSessionMachine.provide() (src/features/live-session/wiring.ts)`);
}

/** A session before anything happened: the machine's start, and the model-based test's. */
export function initialLiveSessionContext(channelName: string): LiveSessionContext {
  return {
    channelName,
    grant: null,
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
  };
}

const endsAtOf = (context: LiveSessionContext) => (context.grant ? Date.parse(context.grant.ends_at) : Number.POSITIVE_INFINITY);

export const liveSessionMachine = setup({
  types: {
    context: {} as LiveSessionContext,
    events: {} as LiveSessionEvent,
    input: {} as LiveSessionInput,
  },
  actors: {
    checkDevices: fromPromise<DeviceCheck>(async () => notProvided('checkDevices')),
    fetchToken: fromPromise<SessionGrant, { channelName: string }>(async () => notProvided('fetchToken')),
    rtc: fromCallback<RtcCommand, RtcInput>(() => notProvided('rtc')),
    clock: fromCallback<EventObject>(() => notProvided('clock')),
    endSession: fromPromise<void, { channelName: string }>(async () => notProvided('endSession')),
  },
  actions: {
    /** Attendance (who, when) is recorded by the server; fire and forget. */
    report: (_, _params: { type: 'joined' | 'left' | 'reconnecting' | 'reconnected' }) => notProvided('report'),
    storeGrant: assign(({ event }) => {
      const grant = (event as unknown as { output: SessionGrant }).output;
      return { grant, failure: null, failReason: null, endReason: null, warned: false };
    }),
    storeFailure: assign(({ event }) => ({ grant: null, failure: toFailure((event as unknown as { error: unknown }).error) })),
  },
  guards: {
    canUseCameraAndMic: ({ event }) => {
      const out = (event as unknown as { output: DeviceCheck }).output;
      return out.camera && out.microphone;
    },
    isTimeUp: ({ context }, params: { now: number }) => params.now >= endsAtOf(context),
    isWarningDue: ({ context }, params: { now: number }) => !context.warned && params.now >= endsAtOf(context) - END_WARNING_MS,
    canRejoin: ({ context }) => context.endReason === 'left' && context.now < endsAtOf(context),
    hasCamera: ({ context }) => !context.audioOnly,
  },
  delays: {
    RECONNECT_GIVE_UP: RECONNECT_GIVE_UP_MS,
    LEAVE_TIMEOUT: LEAVE_TIMEOUT_MS,
    END_RETRY: END_RETRY_MS,
  },
}).createMachine({
  id: 'live-session',
  description: 'One live video session between a student and a teacher, from the device check to the end of the booked time.',
  context: ({ input }) => initialLiveSessionContext(input.channelName),
  initial: 'checkingDevices',
  states: {
    checkingDevices: {
      description: 'The browser asks for the camera and the microphone.',
      tags: ['session:busy'],
      invoke: {
        id: 'checkDevices',
        src: 'checkDevices',
        onDone: [
          { guard: 'canUseCameraAndMic', target: 'fetchingToken', actions: assign({ audioOnly: false, cameraOn: true }) },
          { target: 'permissionDenied' },
        ],
        onError: { target: 'permissionDenied' },
      },
    },
    permissionDenied: {
      description: 'Camera or microphone access was refused or no device was found: help text, try again, or join without the camera.',
      on: {
        'permission.retry': { target: 'checkingDevices' },
        'session.continueAudioOnly': { target: 'fetchingToken', actions: assign({ audioOnly: true, cameraOn: false }) },
      },
    },
    fetchingToken: {
      description: 'Our server checks that the user takes part in this approved session and that its window is open, and issues a token.',
      tags: ['session:busy'],
      invoke: {
        id: 'fetchToken',
        src: 'fetchToken',
        input: ({ context }) => ({ channelName: context.channelName }),
        onDone: { target: 'session', actions: 'storeGrant' },
        onError: { target: 'tokenFailed', actions: 'storeFailure' },
      },
    },
    tokenFailed: {
      description: 'No token: not a participant, outside the session window, or no connection. The server says which.',
      on: { 'session.retry': { target: 'fetchingToken' } },
    },
    session: {
      description: 'Connected to the RTC provider (through the rtc actor) with the clock running.',
      invoke: [
        {
          id: 'rtc',
          src: 'rtc',
          input: ({ context }) => ({ grant: context.grant!, audioOnly: context.audioOnly }),
        },
        { id: 'clock', src: 'clock' },
      ],
      on: {
        'clock.tick': [
          { guard: { type: 'isTimeUp', params: ({ event }) => ({ now: event.now }) }, target: '.ending', actions: assign({ now: ({ event }) => event.now }) },
          {
            guard: { type: 'isWarningDue', params: ({ event }) => ({ now: event.now }) },
            actions: assign({ now: ({ event }) => event.now, warned: true }),
          },
          { actions: assign({ now: ({ event }) => event.now }) },
        ],
        'rtc.quality': { actions: assign({ selfQuality: ({ event }) => qualityLabel(combinedQuality(event.uplink, event.downlink)) }) },
      },
      initial: 'joining',
      states: {
        joining: {
          description: 'Joining the channel with the token and publishing the microphone (and camera unless audio-only).',
          tags: ['session:busy'],
          on: {
            'rtc.joined': { target: 'inCall', actions: { type: 'report', params: { type: 'joined' } } },
            'rtc.joinFailed': {
              target: '#live-session.failed',
              actions: assign({ failReason: 'joinFailed' as const, failure: ({ event }) => ({ ...noResponse(), message: event.message ?? null }) }),
            },
          },
        },
        inCall: {
          description: 'In the channel. Four independent parts: the other participant, the connection, the token and the leave dialog.',
          type: 'parallel',
          on: {
            'media.toggleMic': {
              actions: [assign({ micOn: ({ context }) => !context.micOn }), sendTo('rtc', ({ context }) => ({ type: 'rtc.setMic', on: context.micOn }))],
            },
            'media.toggleCamera': {
              guard: 'hasCamera',
              actions: [
                assign({ cameraOn: ({ context }) => !context.cameraOn }),
                sendTo('rtc', ({ context }) => ({ type: 'rtc.setCamera', on: context.cameraOn })),
              ],
            },
            'media.switchDevice': {
              actions: [
                assign({
                  devices: ({ context, event }) =>
                    event.kind === 'camera' ? { ...context.devices, camera: event.deviceId } : { ...context.devices, microphone: event.deviceId },
                }),
                sendTo('rtc', ({ event }) => ({ type: 'rtc.switchDevice', kind: event.kind, deviceId: event.deviceId })),
              ],
            },
            'rtc.peerQuality': { actions: assign({ peerQuality: ({ event }) => qualityLabel(combinedQuality(event.uplink, event.downlink)) }) },
          },
          states: {
            peer: {
              initial: 'waitingForPeer',
              states: {
                waitingForPeer: {
                  description: 'Alone in the channel: the other participant has not joined yet or has left.',
                  tags: ['peer:absent'],
                  on: { 'rtc.peerJoined': { target: 'together' } },
                },
                together: {
                  description: 'Both participants are in the channel.',
                  tags: ['peer:present'],
                  on: { 'rtc.peerLeft': { target: 'waitingForPeer', actions: assign({ peerQuality: 'disconnected' as const }) } },
                },
              },
            },
            connection: {
              initial: 'online',
              states: {
                online: {
                  on: { 'rtc.reconnecting': { target: 'reconnecting', actions: { type: 'report', params: { type: 'reconnecting' } } } },
                },
                reconnecting: {
                  description: 'The provider lost the connection and is trying again; gives up after 30 seconds.',
                  tags: ['connection:reconnecting'],
                  entry: assign({ selfQuality: 'disconnected' as const }),
                  after: {
                    RECONNECT_GIVE_UP: { target: '#live-session.failed', actions: assign({ failReason: 'reconnectTimeout' as const }) },
                  },
                  on: {
                    'rtc.reconnected': { target: 'online', actions: { type: 'report', params: { type: 'reconnected' } } },
                    // Our own line shows "disconnected" until the provider is back, whatever it measured last.
                    'rtc.quality': { actions: [] },
                  },
                },
              },
            },
            token: {
              initial: 'valid',
              states: {
                valid: { on: { 'rtc.tokenWillExpire': { target: 'renewing' } } },
                renewing: {
                  description: 'The token expires soon: a new one is fetched from our server and handed to the provider.',
                  invoke: {
                    id: 'renewToken',
                    src: 'fetchToken',
                    input: ({ context }) => ({ channelName: context.channelName }),
                    onDone: {
                      target: 'valid',
                      actions: [
                        assign({ grant: ({ event }) => event.output }),
                        sendTo('rtc', ({ event }) => ({ type: 'rtc.renew', token: event.output.token })),
                      ],
                    },
                    // The old token still works until it expires; the provider warns again or drops us.
                    onError: { target: 'valid' },
                  },
                },
              },
            },
            leave: {
              initial: 'idle',
              states: {
                idle: { on: { 'leave.request': { target: 'confirming' } } },
                confirming: {
                  description: 'The dialog asks "Leave the session?". The call goes on meanwhile.',
                  tags: ['leave:confirming'],
                  on: {
                    'leave.cancel': { target: 'idle' },
                    'leave.confirm': { target: '#live-session.session.leaving' },
                  },
                },
              },
            },
          },
        },
        leaving: {
          description: 'Leaving the channel; counts as left when the provider confirms or after 5 seconds.',
          tags: ['session:busy'],
          entry: [sendTo('rtc', { type: 'rtc.leave' }), { type: 'report', params: { type: 'left' } }],
          on: {
            'rtc.left': { target: '#live-session.ended', actions: assign({ endReason: 'left' as const }) },
            // Already on the way out: the clock only moves the countdown.
            'clock.tick': { actions: assign({ now: ({ event }) => event.now }) },
          },
          after: { LEAVE_TIMEOUT: { target: '#live-session.ended', actions: assign({ endReason: 'left' as const }) } },
        },
        ending: {
          description: 'The booked time is up: the server marks the request finished (its sweep does it anyway if this fails).',
          tags: ['session:busy'],
          entry: [sendTo('rtc', { type: 'rtc.leave' }), { type: 'report', params: { type: 'left' } }],
          // Time-up is entered once: later ticks must not re-enter it and end the session again.
          on: { 'clock.tick': { actions: assign({ now: ({ event }) => event.now }) } },
          initial: 'requesting',
          states: {
            requesting: {
              invoke: {
                id: 'endSession',
                src: 'endSession',
                input: ({ context }) => ({ channelName: context.channelName }),
                onDone: { target: '#live-session.ended', actions: assign({ endReason: 'timeUp' as const }) },
                onError: { target: 'waitingToRetry' },
              },
            },
            waitingToRetry: {
              description: 'Our clock may run a moment ahead of the server\'s, which then says "not over yet": one more try shortly after.',
              after: { END_RETRY: { target: 'retrying' } },
            },
            retrying: {
              invoke: {
                id: 'endSession',
                src: 'endSession',
                input: ({ context }) => ({ channelName: context.channelName }),
                onDone: { target: '#live-session.ended', actions: assign({ endReason: 'timeUp' as const }) },
                onError: { target: '#live-session.ended', actions: assign({ endReason: 'timeUp' as const }) },
              },
            },
          },
        },
      },
    },
    failed: {
      description: 'Could not join, or the connection did not come back within 30 seconds. Joining again is offered.',
      on: { 'session.retry': { target: 'fetchingToken' } },
    },
    ended: {
      description: 'Left, or the time is up. Links to the session details; rejoining works while the session window is open.',
      tags: ['session:ended'],
      on: { 'session.rejoin': { guard: 'canRejoin', target: 'fetchingToken' } },
    },
  },
});

export type LiveSessionMachine = typeof liveSessionMachine;
export type LiveSessionSnapshot = SnapshotFrom<LiveSessionMachine>;

// Narrow selectors for the screen.
export const selectRemainingMs = (s: LiveSessionSnapshot) =>
  s.context.grant ? Math.max(0, Date.parse(s.context.grant.ends_at) - s.context.now) : null;
export const selectIsReconnecting = (s: LiveSessionSnapshot) => s.hasTag('connection:reconnecting');
export const selectPeerPresent = (s: LiveSessionSnapshot) => s.hasTag('peer:present');
export const selectInCall = (s: LiveSessionSnapshot) => s.matches({ session: 'inCall' });

/** Which screen the session shows; every state inside `session` is the call. */
export type LiveSessionScreen = 'checking' | 'denied' | 'token' | 'tokenFailed' | 'failed' | 'ended' | 'session';
const SCREENS: ReadonlyArray<readonly [state: 'checkingDevices' | 'permissionDenied' | 'fetchingToken' | 'tokenFailed' | 'failed' | 'ended', LiveSessionScreen]> = [
  ['checkingDevices', 'checking'],
  ['permissionDenied', 'denied'],
  ['fetchingToken', 'token'],
  ['tokenFailed', 'tokenFailed'],
  ['failed', 'failed'],
  ['ended', 'ended'],
];
export const selectScreen = (s: LiveSessionSnapshot): LiveSessionScreen => SCREENS.find(([state]) => s.matches(state))?.[1] ?? 'session';
