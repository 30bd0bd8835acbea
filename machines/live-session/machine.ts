// The live-session statechart itself; machines/live-session.machine.ts is the module everybody imports.
import { assign, sendTo } from 'xstate';
import { noResponse } from '../../contract/failure';
import { inCall } from './in-call.states';
import { liveSessionSetup } from './setup';
import { combinedQuality, initialLiveSessionContext, qualityLabel } from './types';

/**
 * One try of the request that marks the session finished (`ending` makes two). Its answer ends the
 * session with the time up; a failure retries once (`then: 'retry'`), then ends it all the same.
 */
function askToEnd(then: 'retry' | 'end') {
  return liveSessionSetup.createStateConfig({
    invoke: {
      id: 'endSession',
      src: 'endSession',
      input: ({ context }) => ({ channelName: context.channelName }),
      onDone: { target: '#live-session.ended', actions: assign({ endReason: 'timeUp' as const }) },
      onError:
        then === 'retry'
          ? { target: 'waitingToRetry' }
          : { target: '#live-session.ended', actions: assign({ endReason: 'timeUp' as const }) },
    },
  });
}

export const liveSessionMachine = liveSessionSetup.createMachine({
  id: 'live-session',
  description:
    "One live video session between a student and a teacher, from the device check to the end of the booked time, or its teacher's End for both.",
  context: ({ input }) => initialLiveSessionContext(input.channelName),
  // Attendance reports outlive every state (a `left` is still sent after the end).
  invoke: { id: 'attendance', src: 'attendance', input: ({ context }) => ({ channelName: context.channelName }) },
  initial: 'checkingDevices',
  states: {
    checkingDevices: {
      description: 'The browser asks for the camera and the microphone.',
      tags: ['session:busy', 'screen:checking'],
      invoke: {
        id: 'checkDevices',
        src: 'checkDevices',
        onDone: [
          {
            guard: { type: 'canUseCameraAndMic', params: ({ event }) => ({ check: event.output }) },
            target: 'fetchingToken',
            actions: assign({ audioOnly: false, cameraOn: true }),
          },
          { target: 'permissionDenied' },
        ],
        onError: { target: 'permissionDenied' },
      },
    },
    permissionDenied: {
      description: 'Camera or microphone access was refused or no device was found: help text, try again, or join without the camera.',
      tags: ['screen:denied'],
      on: {
        'permission.retry': { target: 'checkingDevices' },
        'session.continueAudioOnly': { target: 'fetchingToken', actions: assign({ audioOnly: true, cameraOn: false }) },
      },
    },
    fetchingToken: {
      description: 'Our server checks that the user takes part in this approved session and that its window is open, and issues a token.',
      tags: ['session:busy', 'screen:token'],
      invoke: {
        id: 'fetchToken',
        src: 'fetchToken',
        input: ({ context }) => ({ channelName: context.channelName }),
        onDone: { target: 'session', actions: { type: 'storeGrant', params: ({ event }) => ({ timed: event.output }) } },
        onError: { target: 'tokenFailed', actions: { type: 'storeFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    tokenFailed: {
      description:
        'No token: not a participant, outside the session window, or no connection. The server says which; asking again only where it can help.',
      tags: ['screen:tokenFailed'],
      on: { 'session.retry': { guard: 'canRetryToken', target: 'fetchingToken' } },
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
          { guard: { type: 'isTimeUp', params: ({ event }) => ({ now: event.now }) }, target: '.ending', actions: 'tick' },
          { guard: { type: 'isWarningDue', params: ({ event }) => ({ now: event.now }) }, actions: ['tick', assign({ warned: true })] },
          { actions: 'tick' },
        ],
        'rtc.quality': { actions: assign({ selfQuality: ({ event }) => qualityLabel(combinedQuality(event.uplink, event.downlink)) }) },
        // The teacher ended it for both (the request's realtime notice): this side leaves the call too.
        'session.endedByTeacher': { target: '.leaving', actions: assign({ endReason: 'endedEarly' as const }) },
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
              actions: assign({
                failReason: 'joinFailed' as const,
                failure: ({ event }) => ({ ...noResponse(), message: event.message ?? null }),
              }),
            },
          },
        },
        inCall,
        leaving: {
          description:
            "Leaving the channel; counts as left when the provider confirms or after 5 seconds. After an End for both (by this teacher or the other side's) the end says so.",
          tags: ['session:busy'],
          entry: [sendTo('rtc', { type: 'rtc.leave' }), { type: 'report', params: { type: 'left' } }],
          on: {
            'rtc.left': { target: '#live-session.ended', actions: 'settleEndReason' },
            // Already on the way out: the clock only moves the countdown.
            'clock.tick': { actions: 'tick' },
            // Leaving already; the end screen will say the teacher ended it.
            'session.endedByTeacher': { actions: assign({ endReason: 'endedEarly' as const }) },
          },
          after: { LEAVE_TIMEOUT: { target: '#live-session.ended', actions: 'settleEndReason' } },
        },
        ending: {
          description: 'The booked time is up: the server marks the request finished (its sweep does it anyway if this fails).',
          tags: ['session:busy'],
          entry: [sendTo('rtc', { type: 'rtc.leave' }), { type: 'report', params: { type: 'left' } }],
          // Time-up is entered once: later ticks must not re-enter it and end the session again. The
          // teacher's End for both arriving now changes nothing: the session is over either way.
          on: { 'clock.tick': { actions: 'tick' }, 'session.endedByTeacher': { actions: [] } },
          initial: 'requesting',
          states: {
            requesting: askToEnd('retry'),
            waitingToRetry: {
              description: 'Our clock may run a moment ahead of the server\'s, which then says "not over yet": one more try shortly after.',
              after: { END_RETRY: { target: 'retrying' } },
            },
            retrying: askToEnd('end'),
          },
        },
      },
    },
    failed: {
      description: 'Could not join, or the connection did not come back within 30 seconds. Joining again is offered.',
      tags: ['screen:failed'],
      on: { 'session.retry': { target: 'fetchingToken' } },
    },
    ended: {
      description:
        'Left, the time is up, or the teacher ended it early for both. Links to the session details; rejoining works after leaving while the session window is open.',
      tags: ['session:ended', 'screen:ended'],
      on: {
        'session.rejoin': { guard: 'canRejoin', target: 'fetchingToken' },
        // Left before the teacher ended it: nothing to rejoin now, and the end says why.
        'session.endedByTeacher': { actions: assign({ endReason: 'endedEarly' as const }) },
      },
    },
  },
});
