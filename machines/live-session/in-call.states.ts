// The call itself (live-session `session.inCall`): four independent parts in one parallel state — the
// other participant, our connection, the token and the leave dialog (with the teacher's "End for both") —
// and the media controls.
import { assign, sendTo } from 'xstate';
import { liveSessionSetup } from './setup';
import { toFailure } from '../../contract/failure';
import { combinedQuality, qualityLabel } from './types';

const peer = liveSessionSetup.createStateConfig({
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
});

const connection = liveSessionSetup.createStateConfig({
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
});

const token = liveSessionSetup.createStateConfig({
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
            { type: 'renewGrant', params: ({ event }) => ({ timed: event.output }) },
            sendTo('rtc', ({ event }) => ({ type: 'rtc.renew', token: event.output.grant.token })),
          ],
        },
        // The old token still works until it expires; the provider warns again or drops us.
        onError: { target: 'valid' },
      },
    },
  },
});

/**
 * The leave dialog, and the teacher's "End for both" with its own dialog: one region, since only one
 * of them is open at a time and neither while the other's answer is awaited.
 */
const leave = liveSessionSetup.createStateConfig({
  initial: 'idle',
  states: {
    idle: {
      on: {
        'leave.request': { target: 'confirming' },
        'end.request': { guard: 'isTeacher', target: 'confirmingEnd', actions: assign({ endFailure: null }) },
      },
    },
    confirming: {
      description: 'The dialog asks "Leave the session?". The call goes on meanwhile.',
      tags: ['leave:confirming'],
      on: {
        'leave.cancel': { target: 'idle' },
        'leave.confirm': { target: '#live-session.session.leaving' },
      },
    },
    confirmingEnd: {
      description: 'The teacher\'s dialog asks "End the lesson for both?": it cannot be taken back. The call goes on meanwhile.',
      tags: ['end:confirming'],
      on: {
        'end.cancel': { target: 'idle' },
        'end.confirm': { target: 'endingForBoth' },
      },
    },
    endingForBoth: {
      description:
        'Our server finishes the request (its `end`) and gives the family back the whole half-hours not taught; then both leave. Refused: the call goes on and says why.',
      tags: ['end:requesting'],
      invoke: {
        id: 'endForBoth',
        src: 'endForBoth',
        input: ({ context }) => ({ requestId: context.grant!.request_id }),
        onDone: { target: '#live-session.session.leaving', actions: assign({ endReason: 'endedEarly' as const }) },
        onError: { target: 'idle', actions: assign({ endFailure: ({ event }) => toFailure(event.error) }) },
      },
    },
  },
});

export const inCall = liveSessionSetup.createStateConfig({
  description: 'In the channel. Four independent parts: the other participant, the connection, the token and the leave dialog.',
  type: 'parallel',
  on: {
    'media.toggleMic': {
      actions: [
        assign({ micOn: ({ context }) => !context.micOn }),
        sendTo('rtc', ({ context }) => ({ type: 'rtc.setMic', on: context.micOn })),
      ],
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
  states: { peer, connection, token, leave },
});
