// The live-session machine as the screen runs it (bound in src/bindings/live-session.ts) with the
// test-only fake RTC adapter over a fake server: the denied device check leads to audio-only, the
// grant picks the adapter, the relay's answers become peer and quality events, a failing line becomes
// reconnecting and then reconnected, and attendance events reach the server in order — the ones sent
// while the line was down are retried with their own time.
import { describe, expect, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import type { AttendanceEventType, FakeRtcRoom } from '../../../contract/sessions';
import type { SessionApi } from '../../../src/api/sessions';
import { FailureError, noResponse } from '../../../contract/failure';
import { liveSessionLogic } from '../../../src/bindings/live-session';
import { createRtcStore } from '../../../src/rtc/session-store';
import { sessionGrant } from '../live-session/fixtures';

const now = Date.now();
const grant = sessionGrant(
  now,
  { from: now - 60_000, to: now + 3_600_000 },
  { request_id: 5, channel_name: 'session-abc', uid: 3, role: 'teacher', rtc_adapter: 'fake' },
);

function fakeServer() {
  const reports: Array<{ type: AttendanceEventType; at: Date }> = [];
  const state = { online: true, peers: [] as FakeRtcRoom['peers'], beats: 0 };
  // What the app's client throws when no answer arrives.
  const offline = () => new FailureError(noResponse());
  const api: SessionApi = {
    token: async () => grant,
    report: async (_channel, type, at) => {
      if (!state.online) throw offline();
      reports.push({ type, at });
    },
    end: async () => undefined,
    endForBoth: async () => undefined,
    leaveOnUnload: () => undefined,
    attendance: async () => ({ request_id: 1, participants: [] }),
    post: async <T>(_path: string, _body: object) => {
      if (!state.online) throw offline();
      state.beats++;
      return { peers: state.peers } as T;
    },
  };
  return { api, reports, state };
}

describe('the wired live session with the fake adapter', () => {
  it('goes audio-only when devices are refused, meets the peer, survives a drop, and reports attendance', async () => {
    const server = fakeServer();
    const store = createRtcStore();
    // No browser here: the device check fails as a refused permission would.
    const actor = createActor(liveSessionLogic(server.api, store), { input: { channelName: 'session-abc' } }).start();
    await waitFor(actor, (s) => s.matches('permissionDenied'));
    actor.send({ type: 'session.continueAudioOnly' });
    await waitFor(actor, (s) => s.matches({ session: 'inCall' }));
    expect(store.get()).not.toBeNull();
    expect(actor.getSnapshot().context.audioOnly).toBe(true);

    server.state.peers = [{ uid: 9, quality: 4 }];
    await waitFor(actor, (s) => s.hasTag('peer:present'), { timeout: 3000 });
    expect(actor.getSnapshot().context.peerQuality).toBe('poor');
    expect(actor.getSnapshot().context.selfQuality).toBe('excellent');

    server.state.online = false;
    await waitFor(actor, (s) => s.hasTag('connection:reconnecting'), { timeout: 5000 });
    server.state.online = true;
    await waitFor(actor, (s) => !s.hasTag('connection:reconnecting'), { timeout: 5000 });
    // The `reconnecting` report failed while offline and was sent again, keeping its time.
    await vi.waitFor(() => expect(server.reports.map((r) => r.type)).toEqual(['joined', 'reconnecting', 'reconnected']), { timeout: 5000 });
    expect(server.reports[1]!.at.getTime()).toBeLessThan(server.reports[2]!.at.getTime() - 500);

    actor.send({ type: 'leave.request' });
    actor.send({ type: 'leave.confirm' });
    await waitFor(actor, (s) => s.matches('ended'));
    expect(actor.getSnapshot().context.endReason).toBe('left');
    expect(store.get()).toBeNull();
    actor.stop();
  }, 20_000);
});
