// The live-session statechart bound to the browser (issue 7): the device check (getUserMedia), our
// server (token, attendance, end), the RTC port (src/rtc, adapter chosen by the server's grant) as a
// callback actor, and a one-second clock that follows the server's time. The RTC session object is
// kept in a small store for the video tiles, never in the machine's context.
import { fromCallback, fromPromise, type ActorRefFrom } from 'xstate';
import type { AttendanceEventType, SessionGrant } from '../../../contract/sessions';
import {
  liveSessionMachine,
  type DeviceCheck,
  type LiveSessionEvent,
  type RtcCommand,
  type RtcInput,
} from '../../../machines/live-session.machine';
import { loadRtcAdapter, type RtcEvent, type RtcSession } from '../../rtc/port';
import type { SessionApi } from './session-api';

/** The current RTC session for the video tiles (null outside the call). */
export function createRtcStore() {
  let session: RtcSession | null = null;
  const listeners = new Set<() => void>();
  return {
    get: () => session,
    set(next: RtcSession | null) {
      session = next;
      for (const l of [...listeners]) l();
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
  };
}
export type RtcStore = ReturnType<typeof createRtcStore>;

const isDenied = (error: unknown) => error instanceof Error && ['NotAllowedError', 'SecurityError', 'NotFoundError', 'OverconstrainedError'].includes(error.name);

/** Camera and microphone together; a refused camera alone still lets the user talk. */
export async function checkDevices(): Promise<DeviceCheck> {
  if (!navigator.mediaDevices?.getUserMedia) return { camera: false, microphone: false };
  const stopAll = (stream: MediaStream) => stream.getTracks().forEach((t) => t.stop());
  try {
    stopAll(await navigator.mediaDevices.getUserMedia({ video: true, audio: true }));
    return { camera: true, microphone: true };
  } catch (error) {
    if (!isDenied(error)) throw error;
    try {
      stopAll(await navigator.mediaDevices.getUserMedia({ audio: true }));
      return { camera: false, microphone: true };
    } catch {
      return { camera: false, microphone: false };
    }
  }
}

function toMachine(event: RtcEvent, state: { reconnecting: boolean }): LiveSessionEvent | null {
  switch (event.type) {
    case 'connection':
      if (event.state === 'connected') {
        if (!state.reconnecting) return null;
        state.reconnecting = false;
        return { type: 'rtc.reconnected' };
      }
      if (state.reconnecting) return null;
      state.reconnecting = true;
      return { type: 'rtc.reconnecting' };
    case 'quality':
      return { type: 'rtc.quality', uplink: event.uplink, downlink: event.downlink };
    case 'peerQuality':
      return { type: 'rtc.peerQuality', uplink: event.uplink, downlink: event.downlink };
    case 'peerJoined':
      return { type: 'rtc.peerJoined' };
    case 'peerLeft':
      return { type: 'rtc.peerLeft' };
    case 'tokenWillExpire':
      return { type: 'rtc.tokenWillExpire' };
    case 'media':
      return null;
  }
}

/**
 * Attendance events in order, each with the time it happened; one that fails (the line is down —
 * exactly when `reconnecting` is sent) is retried until it gets through or is too old to matter.
 */
export function createReportQueue(api: Pick<SessionApi, 'report'>, retryMs = 2000, giveUpMs = 5 * 60_000) {
  const queue: Array<{ channel: string; type: AttendanceEventType; at: Date }> = [];
  let sending = false;
  const flush = async () => {
    if (sending) return;
    sending = true;
    try {
      while (queue.length) {
        const next = queue[0]!;
        try {
          await api.report(next.channel, next.type, next.at);
          queue.shift();
        } catch (error) {
          const refused = typeof error === 'object' && error !== null && 'status' in error && typeof error.status === 'number' && error.status >= 400;
          // The server said no (outside the window…): retrying will not change its mind.
          if (refused || Date.now() - next.at.getTime() > giveUpMs) {
            queue.shift();
            continue;
          }
          setTimeout(() => void flush(), retryMs);
          return;
        }
      }
    } finally {
      sending = false;
    }
  };
  return {
    push(channel: string, type: AttendanceEventType, at: Date) {
      queue.push({ channel, type, at });
      void flush();
    },
  };
}

export type LiveSessionActor = ActorRefFrom<ReturnType<typeof liveSessionLogic>>;

export function liveSessionLogic(api: SessionApi, store: RtcStore) {
  // Server time minus the browser's, from the last grant: the countdown and time-up follow the server.
  let skewMs = 0;
  const reports = createReportQueue(api);
  return liveSessionMachine.provide({
    actors: {
      checkDevices: fromPromise(checkDevices),
      fetchToken: fromPromise<SessionGrant, { channelName: string }>(async ({ input }) => {
        const grant = await api.token(input.channelName);
        skewMs = Date.parse(grant.server_time) - Date.now();
        return grant;
      }),
      rtc: fromCallback<RtcCommand, RtcInput>(({ input, sendBack, receive }) => {
        let session: RtcSession | null = null;
        let stopped = false;
        let off = () => {};
        const pending: RtcCommand[] = [];
        const state = { reconnecting: false };
        const run = async (command: RtcCommand) => {
          if (!session) {
            pending.push(command);
            return;
          }
          switch (command.type) {
            case 'rtc.setMic':
              return session.setMic(command.on);
            case 'rtc.setCamera':
              return session.setCamera(command.on);
            case 'rtc.switchDevice':
              return session.switchDevice(command.kind, command.deviceId);
            case 'rtc.renew':
              return session.renewToken(command.token);
            case 'rtc.leave':
              await session.leave().catch(() => undefined);
              sendBack({ type: 'rtc.left' });
          }
        };
        receive((command) => void run(command).catch(() => undefined));
        const { grant, audioOnly } = input;
        void (async () => {
          try {
            const s = await loadRtcAdapter(grant.rtc_adapter, { post: api.post });
            if (stopped) return;
            session = s;
            off = s.on((event) => {
              const next = toMachine(event, state);
              if (next) sendBack(next);
            });
            store.set(s);
            await s.join({ appId: grant.app_id, channel: grant.channel_name, token: grant.token, uid: grant.uid, audioOnly });
            if (stopped) return;
            sendBack({ type: 'rtc.joined' });
            for (const command of pending.splice(0)) void run(command).catch(() => undefined);
          } catch (error) {
            if (!stopped) sendBack({ type: 'rtc.joinFailed', message: error instanceof Error ? error.message : String(error) });
          }
        })();
        return () => {
          stopped = true;
          off();
          void session?.leave().catch(() => undefined);
          store.set(null);
        };
      }),
      clock: fromCallback(({ sendBack }) => {
        const tick = () => sendBack({ type: 'clock.tick', now: Date.now() + skewMs });
        tick();
        const id = setInterval(tick, 1000);
        return () => clearInterval(id);
      }),
      // One call; the machine retries once after END_RETRY when the server says "not over yet".
      endSession: fromPromise<void, { channelName: string }>(({ input }) => api.end(input.channelName)),
    },
    actions: {
      report: ({ context }, params) => reports.push(context.channelName, params.type, new Date(Date.now() + skewMs)),
    },
  });
}
