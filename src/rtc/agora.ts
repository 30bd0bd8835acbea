// The Agora adapter: the RTC port over the Agora Web SDK as agora-rtc-react re-exports it (its
// default export is the SDK; we never import agora-rtc-sdk-ng, which would bundle a second copy).
// Imported only through `loadRtcAdapter` from the session route, so it is a chunk of its own.
import AgoraRTC, {
  type ConnectionState,
  type IAgoraRTCClient,
  type IAgoraRTCRemoteUser,
  type ICameraVideoTrack,
  type IMicrophoneAudioTrack,
  type NetworkQuality,
} from 'agora-rtc-react';
import { emitter } from './local-media';
import type { JoinOptions, RtcSession } from './port';

export function createAgoraSession(): RtcSession {
  const hub = emitter();
  const client: IAgoraRTCClient = AgoraRTC.createClient({ mode: 'rtc', codec: 'vp8' });
  let mic: IMicrophoneAudioTrack | null = null;
  let camera: ICameraVideoTrack | null = null;
  let remote: IAgoraRTCRemoteUser | null = null;
  let leaving = false;
  let remoteElement: HTMLElement | null = null;

  client.on('connection-state-change', (current: ConnectionState) => {
    if (current === 'RECONNECTING') hub.emit({ type: 'connection', state: 'reconnecting' });
    else if (current === 'CONNECTED') hub.emit({ type: 'connection', state: 'connected' });
    // An unexpected drop (not our leave) is a lost connection: the machine gives it 30 s.
    else if (current === 'DISCONNECTED' && !leaving) hub.emit({ type: 'connection', state: 'reconnecting' });
  });
  client.on('network-quality', (q: NetworkQuality) => {
    hub.emit({ type: 'quality', uplink: q.uplinkNetworkQuality, downlink: q.downlinkNetworkQuality });
    if (remote) {
      const peer = client.getRemoteNetworkQuality()[String(remote.uid)];
      if (peer) hub.emit({ type: 'peerQuality', uplink: peer.uplinkNetworkQuality, downlink: peer.downlinkNetworkQuality });
    }
  });
  client.on('user-joined', (user: IAgoraRTCRemoteUser) => {
    remote = user;
    hub.emit({ type: 'peerJoined' });
  });
  client.on('user-left', (user: IAgoraRTCRemoteUser) => {
    if (remote?.uid !== user.uid) return;
    remote = null;
    hub.emit({ type: 'peerLeft' });
    hub.emit({ type: 'media' });
  });
  const subscribe = async (user: IAgoraRTCRemoteUser, mediaType: 'audio' | 'video') => {
    await client.subscribe(user, mediaType);
    remote = user;
    if (mediaType === 'audio') user.audioTrack?.play();
    else if (remoteElement) user.videoTrack?.play(remoteElement);
    hub.emit({ type: 'media' });
  };
  client.on('user-published', (user: IAgoraRTCRemoteUser, mediaType: 'audio' | 'video' | 'datachannel') => {
    if (mediaType !== 'datachannel') void subscribe(user, mediaType).catch(() => undefined);
  });
  client.on('user-unpublished', () => hub.emit({ type: 'media' }));
  client.on('token-privilege-will-expire', () => hub.emit({ type: 'tokenWillExpire' }));

  return {
    async join({ appId, channel, token, uid, audioOnly }: JoinOptions) {
      if (!appId) throw new Error('video is not configured');
      leaving = false;
      await client.join(appId, channel, token, uid);
      mic = await AgoraRTC.createMicrophoneAudioTrack();
      camera = audioOnly ? null : await AgoraRTC.createCameraVideoTrack();
      await client.publish(camera ? [mic, camera] : [mic]);
      hub.emit({ type: 'media' });
    },
    async leave() {
      leaving = true;
      mic?.close();
      camera?.close();
      mic = null;
      camera = null;
      remote = null;
      await client.leave();
    },
    async setMic(on) {
      await mic?.setEnabled(on);
    },
    async setCamera(on) {
      await camera?.setEnabled(on);
    },
    async switchDevice(kind, deviceId) {
      if (kind === 'camera') await camera?.setDevice(deviceId);
      else await mic?.setDevice(deviceId);
    },
    async renewToken(token) {
      if (token) await client.renewToken(token);
    },
    on: hub.on,
    showLocal(element) {
      if (element) camera?.play(element);
      else camera?.stop();
    },
    showRemote(element) {
      remoteElement = element;
      const track = remote?.videoTrack;
      if (!track) return false;
      if (element) track.play(element);
      else track.stop();
      return true;
    },
  };
}
