// The browser side of the live session's effects: the device check (getUserMedia) and the RTC port
// (src/rtc, adapter chosen by the server's grant) as the machine's callback actor, which turns the
// provider's events into `rtc.*` events and carries out the machine's `rtc.*` commands.
import { fromCallback } from 'xstate';
import type { DeviceCheck, LiveSessionEvent, RtcCommand, RtcInput } from '../../machines/live-session.machine';
import { loadRtcAdapter, type RtcContext, type RtcEvent, type RtcSession } from '../rtc/port';
import type { RtcStore } from '../rtc/session-store';

const isDenied = (error: unknown) =>
  error instanceof Error && ['NotAllowedError', 'SecurityError', 'NotFoundError', 'OverconstrainedError'].includes(error.name);

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

/** The provider's event as the machine's; a connection state only counts when it changes. */
function toMachine(event: RtcEvent, line: { reconnecting: boolean }): LiveSessionEvent | null {
  switch (event.type) {
    case 'connection': {
      const reconnecting = event.state !== 'connected';
      if (reconnecting === line.reconnecting) return null;
      line.reconnecting = reconnecting;
      return { type: reconnecting ? 'rtc.reconnecting' : 'rtc.reconnected' };
    }
    case 'quality':
    case 'peerQuality':
      return { type: `rtc.${event.type}`, uplink: event.uplink, downlink: event.downlink };
    case 'peerJoined':
    case 'peerLeft':
    case 'tokenWillExpire':
      return { type: `rtc.${event.type}` };
    case 'media':
      return null;
  }
}

async function carryOut(session: RtcSession, command: RtcCommand): Promise<void> {
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
      return session.leave().catch(() => undefined);
  }
}

/** The RTC port as the machine's `rtc` actor; commands sent before the join completes wait for it. */
export function rtcActor(context: RtcContext, store: RtcStore) {
  return fromCallback<RtcCommand, RtcInput>(({ input, sendBack, receive }) => {
    let session: RtcSession | null = null;
    let stopped = false;
    let off = () => {};
    const waiting: RtcCommand[] = [];
    const run = (command: RtcCommand) => {
      if (!session) return void waiting.push(command);
      void carryOut(session, command)
        .then(() => command.type === 'rtc.leave' && sendBack({ type: 'rtc.left' }))
        .catch(() => undefined);
    };
    receive(run);
    const { grant, audioOnly } = input;
    void (async () => {
      try {
        const s = await loadRtcAdapter(grant.rtc_adapter, context);
        if (stopped) return;
        session = s;
        const line = { reconnecting: false };
        off = s.on((event) => {
          const next = toMachine(event, line);
          if (next) sendBack(next);
        });
        store.set(s);
        await s.join({ appId: grant.app_id, channel: grant.channel_name, token: grant.token, uid: grant.uid, audioOnly });
        if (stopped) return;
        sendBack({ type: 'rtc.joined' });
        waiting.splice(0).forEach(run);
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
  });
}
