// The Agora adapter (src/rtc/agora.ts) against a stand-in for the SDK that agora-rtc-react re-exports:
// it joins with the grant's app id, channel, token and uid, publishes the microphone (and the camera
// unless audio-only), maps the SDK's events onto the port's (connection, quality, peer, token warning),
// renews the token, switches devices and leaves cleanly.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { RtcEvent } from '../../../src/rtc/port';

type Handler = (...args: unknown[]) => void;

const sdk = vi.hoisted(() => {
  const handlers = new Map<string, Handler>();
  const calls: unknown[][] = [];
  const track = (kind: string) => ({
    kind,
    setEnabled: vi.fn(async () => undefined),
    setDevice: vi.fn(async () => undefined),
    close: vi.fn(),
    play: vi.fn(),
    stop: vi.fn(),
  });
  const state = {
    mic: track('mic'),
    camera: track('camera'),
    remoteQuality: {} as Record<string, { uplinkNetworkQuality: number; downlinkNetworkQuality: number }>,
  };
  const client = {
    on: (event: string, handler: Handler) => void handlers.set(event, handler),
    join: vi.fn(async (...args: unknown[]) => void calls.push(['join', ...args])),
    publish: vi.fn(async (tracks: unknown[]) => void calls.push(['publish', tracks.length])),
    subscribe: vi.fn(async () => undefined),
    leave: vi.fn(async () => void calls.push(['leave'])),
    renewToken: vi.fn(async (token: string) => void calls.push(['renew', token])),
    getRemoteNetworkQuality: () => state.remoteQuality,
  };
  return {
    handlers,
    calls,
    state,
    client,
    AgoraRTC: {
      createClient: vi.fn(() => client),
      createMicrophoneAudioTrack: vi.fn(async () => state.mic),
      createCameraVideoTrack: vi.fn(async () => state.camera),
    },
  };
});

vi.mock('agora-rtc-react', () => ({ default: sdk.AgoraRTC }));

const { createAgoraSession } = await import('../../../src/rtc/agora');

beforeEach(() => {
  sdk.handlers.clear();
  sdk.calls.length = 0;
});

describe('Agora adapter', () => {
  it('joins and publishes, maps the SDK events, renews, switches devices and leaves', async () => {
    const session = createAgoraSession();
    const events: RtcEvent[] = [];
    session.on((e) => events.push(e));
    await session.join({ appId: 'app-1', channel: 'session-abc', token: 'tok', uid: 42, audioOnly: false });
    expect(sdk.calls).toEqual([
      ['join', 'app-1', 'session-abc', 'tok', 42],
      ['publish', 2],
    ]);

    sdk.handlers.get('user-joined')!({ uid: 7 });
    sdk.state.remoteQuality = { '7': { uplinkNetworkQuality: 3, downlinkNetworkQuality: 2 } };
    sdk.handlers.get('network-quality')!({ uplinkNetworkQuality: 1, downlinkNetworkQuality: 2 });
    sdk.handlers.get('connection-state-change')!('RECONNECTING', 'CONNECTED');
    sdk.handlers.get('connection-state-change')!('CONNECTED', 'RECONNECTING');
    sdk.handlers.get('token-privilege-will-expire')!();
    sdk.handlers.get('user-left')!({ uid: 7 });
    expect(events.filter((e) => e.type !== 'media')).toEqual([
      { type: 'peerJoined' },
      { type: 'quality', uplink: 1, downlink: 2 },
      { type: 'peerQuality', uplink: 3, downlink: 2 },
      { type: 'connection', state: 'reconnecting' },
      { type: 'connection', state: 'connected' },
      { type: 'tokenWillExpire' },
      { type: 'peerLeft' },
    ]);

    await session.renewToken('tok-2');
    await session.setMic(false);
    await session.setCamera(false);
    await session.switchDevice('camera', 'cam-2');
    await session.switchDevice('microphone', 'mic-2');
    expect(sdk.state.mic.setEnabled).toHaveBeenCalledWith(false);
    expect(sdk.state.camera.setEnabled).toHaveBeenCalledWith(false);
    expect(sdk.state.camera.setDevice).toHaveBeenCalledWith('cam-2');
    expect(sdk.state.mic.setDevice).toHaveBeenCalledWith('mic-2');

    events.length = 0;
    await session.leave();
    // Our own leave is not a lost connection.
    sdk.handlers.get('connection-state-change')!('DISCONNECTED', 'CONNECTED');
    expect(events).toEqual([]);
    expect(sdk.calls.slice(-2)).toEqual([['renew', 'tok-2'], ['leave']]);
    expect(sdk.state.mic.close).toHaveBeenCalled();
  });

  it('publishes only the microphone when audio-only, and refuses to join without an app id', async () => {
    const session = createAgoraSession();
    await session.join({ appId: 'app-1', channel: 'c', token: 't', uid: 1, audioOnly: true });
    expect(sdk.calls).toContainEqual(['publish', 1]);
    await expect(createAgoraSession().join({ appId: null, channel: 'c', token: null, uid: 1, audioOnly: false })).rejects.toThrow(
      /not configured/,
    );
  });

  it('treats an unexpected disconnection as a lost connection', async () => {
    const session = createAgoraSession();
    const events: RtcEvent[] = [];
    session.on((e) => events.push(e));
    await session.join({ appId: 'app-1', channel: 'c', token: 't', uid: 1, audioOnly: false });
    sdk.handlers.get('connection-state-change')!('DISCONNECTED', 'CONNECTED');
    expect(events).toContainEqual({ type: 'connection', state: 'reconnecting' });
  });
});
