// Model-based paths through the live-session statechart: every state and transition is reached by
// replayed generated paths (permission denied, token failure, reconnect with its 30 s limit, token
// renewal, the leave dialog, time-up), with the screen's promises checked at every step. The teacher's
// End for both is explored by a second, targeted model (a teacher who joins with the camera, then only
// the events around ending), so the whole graph is not walked again for a teacher's grant; together
// the two take every transition. A second part runs the machine for
// real with a fake RTC actor and a simulated clock.
import { FailureError } from '../../contract/failure';
import { describe, expect, it } from 'vitest';
import { createActor, createMachine, fromCallback, fromPromise, getNextSnapshot, SimulatedClock, type AnyMachineSnapshot } from 'xstate';
import type { SessionGrant } from '../../contract/sessions';
import {
  combinedQuality,
  END_WARNING_MS,
  initialLiveSessionContext,
  liveSessionMachine,
  qualityLabel,
  RECONNECT_GIVE_UP_MS,
  selectRemainingMs,
  type DeviceCheck,
  type LiveSessionEvent,
  type RtcCommand,
} from '../../machines/live-session.machine';
import { sessionGrant } from '../src/live-session/fixtures';
import { runModel, type ModelOptions } from './model';

const start = Date.parse('2026-11-23T15:00:00Z');
const end = start + 60 * 60_000;
const grant = sessionGrant(
  start,
  { from: start, to: end },
  {
    request_id: 1,
    channel_name: 'c0ffee',
    app_id: 'app',
    token: 'tok-1',
    uid: 11,
    video_configured: true,
    teacher_first_name: 'هدى',
    rtc_adapter: 'agora',
  },
);
const renewed: SessionGrant = { ...grant, token: 'tok-2' };
// Arrived when the server sent it: no skew.
const timed = (g: SessionGrant) => ({ grant: g, receivedAt: Date.parse(g.server_time) });

const apiError = (status: number) => new FailureError({ status, code: null, message: 'refused', fieldErrors: {} });

// The model starts from the machine's own definition with a known channel (no input needed).
const modelMachine = createMachine(
  {
    ...liveSessionMachine.config,
    context: initialLiveSessionContext('c0ffee'),
  },
  liveSessionMachine.implementations as never,
);

const events: LiveSessionEvent[] = [
  { type: 'permission.retry' },
  { type: 'session.continueAudioOnly' },
  { type: 'session.retry' },
  { type: 'media.toggleMic' },
  { type: 'media.toggleCamera' },
  { type: 'media.switchDevice', kind: 'camera', deviceId: 'cam-2' },
  { type: 'leave.request' },
  { type: 'leave.cancel' },
  { type: 'leave.confirm' },
  { type: 'session.rejoin' },
  { type: 'rtc.joined' },
  { type: 'rtc.joinFailed', message: 'bad token' },
  { type: 'rtc.reconnecting' },
  { type: 'rtc.reconnected' },
  { type: 'rtc.peerJoined' },
  { type: 'rtc.peerLeft' },
  { type: 'rtc.quality', uplink: 1, downlink: 2 },
  { type: 'rtc.peerQuality', uplink: 3, downlink: 0 },
  { type: 'rtc.tokenWillExpire' },
  { type: 'rtc.left' },
  { type: 'clock.tick', now: start + 60_000 },
  { type: 'clock.tick', now: end - END_WARNING_MS + 1_000 },
  { type: 'clock.tick', now: end },
];

const actors = {
  checkDevices: {
    done: [{ camera: true, microphone: true } satisfies DeviceCheck, { camera: false, microphone: true } satisfies DeviceCheck],
    error: [Object.assign(new Error('denied'), { name: 'NotAllowedError' })],
  },
  fetchToken: { done: [timed(grant)], error: [apiError(409), apiError(403), apiError(0)] },
  renewToken: { done: [timed(renewed)], error: [apiError(0)] },
  endSession: { done: [undefined], error: [apiError(500)] },
};

// The teacher's End for both: a teacher joins (camera allowed), then only the dialogs, the server's
// answer, leaving, the time-up and the realtime notice in every state that takes it.
const teacherGrant: SessionGrant = { ...grant, role: 'teacher' };
const endEvents: LiveSessionEvent[] = [
  { type: 'rtc.joined' },
  { type: 'end.request' },
  { type: 'end.cancel' },
  { type: 'end.confirm' },
  { type: 'session.endedByTeacher' },
  { type: 'leave.request' },
  { type: 'leave.confirm' },
  { type: 'rtc.left' },
  { type: 'clock.tick', now: end },
];
const endActors = {
  checkDevices: { done: [{ camera: true, microphone: true } satisfies DeviceCheck] },
  fetchToken: { done: [timed(teacherGrant)] },
  endForBoth: { done: [undefined], error: [apiError(409)] },
  endSession: { done: [undefined] },
};

// Which device/quality is chosen does not change the flow; keep the graph small.
const serializeState = (s: AnyMachineSnapshot) =>
  JSON.stringify({
    value: s.value,
    c: {
      audioOnly: s.context.audioOnly,
      timeUp: s.context.now >= end,
      endReason: s.context.endReason,
      // A refusal and no answer at all are different screens (only the second offers to try again).
      failure: s.context.failure?.status ?? null,
    },
  });

// The screen's promises, checked on every replayed snapshot of both models.
const checks: Pick<ModelOptions, 'invariant' | 'expectations'> = {
  invariant: (s) => {
    // Serialisable context: no SDK object ever lands in it.
    expect(JSON.parse(JSON.stringify(s.context))).toEqual(s.context);
    // Audio-only never shows a camera as on.
    if (s.context.audioOnly) expect(s.context.cameraOn).toBe(false);
    // The time-up path always ends with the timeUp reason; leaving with 'left'.
    if (s.matches('ended')) expect(['left', 'timeUp', 'endedEarly']).toContain(s.context.endReason);
    // Only the teacher ends for both; the family learns it from the server.
    if (s.hasTag('end:confirming') || s.hasTag('end:requesting')) expect(s.context.grant?.role).toBe('teacher');
  },
  expectations: {
    permissionDenied: (s) => {
      expect(s.can({ type: 'session.continueAudioOnly' })).toBe(true);
      expect(s.can({ type: 'permission.retry' })).toBe(true);
    },
    tokenFailed: (s) => {
      const status = s.context.failure?.status ?? -1;
      expect(status === 0 || status >= 400).toBe(true);
      expect(s.context.grant).toBeNull();
      // Asking again only where it can help: no answer (a refusal such as 403 or 409 stays so).
      expect(s.can({ type: 'session.retry' })).toBe(status === 0);
    },
    'session.inCall': (s) => {
      expect(s.context.grant).not.toBeNull();
      // Only one part of the call at a time shows the leave dialog.
      expect(s.hasTag('leave:confirming')).toBe(s.matches({ session: { inCall: { leave: 'confirming' } } }));
      if (s.context.audioOnly) expect(s.can({ type: 'media.toggleCamera' })).toBe(false);
      // End for both is offered to the teacher alone, and not while a dialog is open.
      expect(s.can({ type: 'end.request' })).toBe(
        s.context.grant?.role === 'teacher' && s.matches({ session: { inCall: { leave: 'idle' } } }),
      );
    },
    'session.inCall.connection.reconnecting': (s) => expect(s.context.selfQuality).toBe('disconnected'),
    // Entered once: a later tick does not end the session a second time.
    'session.ending': (s) => expect(s.can({ type: 'clock.tick', now: end + 1000 })).toBe(true),
    ended: (s) => {
      // Rejoining works only after leaving, while the window is open.
      expect(s.can({ type: 'session.rejoin' })).toBe(s.context.endReason === 'left' && s.context.now < end);
      // The realtime notice after the end only says why (no rejoining into a finished request).
      expect(getNextSnapshot(modelMachine, s, { type: 'session.endedByTeacher' }).context.endReason).toBe('endedEarly');
    },
    failed: (s) => expect(s.can({ type: 'session.retry' })).toBe(true),
  },
};

describe('live-session machine, model-based', () => {
  it('reaches every state and every transition, keeping its promises to the screen', () => {
    const student = runModel({ machine: modelMachine, events, actors, serializeState, ...checks });
    // Targeted: the teacher's End for both, without walking the rest of the call again.
    const teacher = runModel({ machine: modelMachine, events: endEvents, actors: endActors, serializeState, ...checks });
    console.log(student.summary);
    console.log(teacher.summary);
    // Together: every state and every transition of the definition at least once.
    const missed = (part: 'states' | 'transitions') =>
      student.coverage[part].missing.filter((m) => teacher.coverage[part].missing.includes(m));
    expect(missed('states')).toEqual([]);
    expect(missed('transitions')).toEqual([]);
    // The targeted model stays small: it is there for End for both only.
    expect(teacher.steps).toBeLessThan(student.steps / 4);
  });
});

describe('network quality labels', () => {
  it('maps the provider 0–6 to the spec labels, and the worse of up/down', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map(qualityLabel)).toEqual([
      'unknown',
      'excellent',
      'good',
      'slightlyImpaired',
      'poor',
      'veryPoor',
      'disconnected',
    ]);
    expect(qualityLabel(7)).toBe('unknown');
    expect(qualityLabel(-1)).toBe('unknown');
    expect(combinedQuality(1, 4)).toBe(4);
    expect(combinedQuality(0, 2)).toBe(2);
    expect(combinedQuality(0, 0)).toBe(0);
  });
});

describe('live-session machine with a fake RTC actor', () => {
  function setupRun(check: DeviceCheck | 'deny' = { camera: true, microphone: true }) {
    const commands: RtcCommand[] = [];
    const reports: string[] = [];
    let rtcSend: ((e: LiveSessionEvent) => void) | null = null;
    let ended = 0;
    let tokens = 0;
    const clock = new SimulatedClock();
    const machine = liveSessionMachine.provide({
      actors: {
        checkDevices: fromPromise(async () => {
          if (check === 'deny') throw new Error('NotAllowedError');
          return check;
        }),
        fetchToken: fromPromise(async () => timed(++tokens === 1 ? grant : renewed)),
        rtc: fromCallback(({ sendBack, receive }) => {
          rtcSend = sendBack as (e: LiveSessionEvent) => void;
          receive((cmd) => {
            commands.push(cmd);
            if (cmd.type === 'rtc.leave') sendBack({ type: 'rtc.left' });
          });
        }),
        clock: fromCallback(() => undefined),
        endSession: fromPromise(async () => {
          ended++;
        }),
      },
      actions: { report: (_, params) => reports.push(params.type) },
    });
    const actor = createActor(machine, { input: { channelName: 'c0ffee' }, clock });
    actor.start();
    const rtc = (e: LiveSessionEvent) => rtcSend!(e);
    return { actor, clock, commands, reports, rtc, ended: () => ended, tokens: () => tokens };
  }
  const settle = () => new Promise((r) => setTimeout(r, 0));

  it('joins, meets the peer, toggles media, renews the token, reconnects, and ends when the time is up', async () => {
    const run = setupRun();
    await settle();
    await settle();
    expect(run.actor.getSnapshot().matches({ session: 'joining' })).toBe(true);
    run.rtc({ type: 'rtc.joined' });
    run.rtc({ type: 'rtc.peerJoined' });
    run.rtc({ type: 'rtc.peerQuality', uplink: 2, downlink: 2 });
    expect(run.actor.getSnapshot().hasTag('peer:present')).toBe(true);
    expect(run.actor.getSnapshot().context.peerQuality).toBe('good');

    run.actor.send({ type: 'media.toggleMic' });
    run.actor.send({ type: 'media.toggleCamera' });
    run.actor.send({ type: 'media.switchDevice', kind: 'microphone', deviceId: 'mic-2' });
    expect(run.commands).toEqual([
      { type: 'rtc.setMic', on: false },
      { type: 'rtc.setCamera', on: false },
      { type: 'rtc.switchDevice', kind: 'microphone', deviceId: 'mic-2' },
    ]);

    run.rtc({ type: 'rtc.tokenWillExpire' });
    await settle();
    expect(run.commands.at(-1)).toEqual({ type: 'rtc.renew', token: 'tok-2' });

    run.rtc({ type: 'rtc.reconnecting' });
    expect(run.actor.getSnapshot().hasTag('connection:reconnecting')).toBe(true);
    run.clock.increment(RECONNECT_GIVE_UP_MS - 1);
    run.rtc({ type: 'rtc.reconnected' });
    expect(run.actor.getSnapshot().hasTag('connection:reconnecting')).toBe(false);
    run.clock.increment(10);
    expect(run.actor.getSnapshot().matches({ session: 'inCall' })).toBe(true);

    run.actor.send({ type: 'clock.tick', now: end - END_WARNING_MS });
    expect(run.actor.getSnapshot().context.warned).toBe(true);
    expect(selectRemainingMs(run.actor.getSnapshot())).toBe(END_WARNING_MS);
    run.actor.send({ type: 'clock.tick', now: end });
    await settle();
    expect(run.actor.getSnapshot().value).toBe('ended');
    expect(run.actor.getSnapshot().context.endReason).toBe('timeUp');
    expect(run.ended()).toBe(1);
    expect(run.reports).toEqual(['joined', 'reconnecting', 'reconnected', 'left']);
    expect(run.actor.getSnapshot().can({ type: 'session.rejoin' })).toBe(false);
  });

  it('fails after 30 s of reconnecting, and joining again works', async () => {
    const run = setupRun();
    await settle();
    await settle();
    run.rtc({ type: 'rtc.joined' });
    run.rtc({ type: 'rtc.reconnecting' });
    run.clock.increment(RECONNECT_GIVE_UP_MS);
    expect(run.actor.getSnapshot().value).toBe('failed');
    expect(run.actor.getSnapshot().context.failReason).toBe('reconnectTimeout');
    run.actor.send({ type: 'session.retry' });
    await settle();
    expect(run.actor.getSnapshot().matches({ session: 'joining' })).toBe(true);
  });

  it('asks before leaving, and a refused camera still allows an audio-only call', async () => {
    const run = setupRun('deny');
    await settle();
    expect(run.actor.getSnapshot().value).toBe('permissionDenied');
    run.actor.send({ type: 'session.continueAudioOnly' });
    await settle();
    run.rtc({ type: 'rtc.joined' });
    expect(run.actor.getSnapshot().context.audioOnly).toBe(true);
    expect(run.actor.getSnapshot().can({ type: 'media.toggleCamera' })).toBe(false);
    run.actor.send({ type: 'leave.request' });
    expect(run.actor.getSnapshot().hasTag('leave:confirming')).toBe(true);
    run.actor.send({ type: 'leave.cancel' });
    expect(run.actor.getSnapshot().matches({ session: 'inCall' })).toBe(true);
    run.actor.send({ type: 'leave.request' });
    run.actor.send({ type: 'leave.confirm' });
    expect(run.actor.getSnapshot().value).toBe('ended');
    expect(run.commands).toContainEqual({ type: 'rtc.leave' });
    run.actor.send({ type: 'clock.tick', now: start });
    expect(run.actor.getSnapshot().can({ type: 'session.rejoin' })).toBe(true);
  });
});
