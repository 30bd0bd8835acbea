// The two video tiles of the call: the local preview and the other participant (on phones the other
// fills the screen and the self-view sits in a corner), each with its network-quality label. The
// RTC session renders into them; without a video provider the server's attendance tells presence.
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { shallowEqual, useSelector } from '@xstate/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { childLabel } from '../../domain/child-label';
import { genderKey, peerHereNoVideo } from '../../domain/teacher-gender';
import { selectTiles, type NetworkQualityLabel } from '../../../machines/live-session.machine';
import type { LiveSessionActor } from '../../bindings/live-session';
import type { RtcStore } from '../../rtc/session-store';
import { usePeerPresentFromAttendance } from './peer-presence';
import type { SessionApi } from '../../api/sessions';
import { qualityTexts } from './texts';

/** One side's network quality, in its tile's caption. */
function NetworkQuality({ side, quality }: { side: 'self' | 'peer'; quality: NetworkQualityLabel }) {
  const { i18n } = useLingui();
  return (
    <span className="live-quality">
      <Trans>Network</Trans>:{' '}
      <span data-testid={`${side}-quality`} data-quality={quality}>
        {i18n._(qualityTexts[quality])}
      </span>
    </span>
  );
}

export function VideoTiles({
  actor,
  store,
  api,
  channelName,
}: {
  actor: LiveSessionActor;
  store: RtcStore;
  api: SessionApi;
  channelName: string;
}) {
  const { t, i18n } = useLingui();
  const { inCall, rtcPeerPresent, selfQuality, peerQuality, cameraOff, role, adapter, child, teacherName, peerGender } = useSelector(
    actor,
    selectTiles,
    shallowEqual,
  );
  const session = useSyncExternalStore(store.subscribe, store.get, store.get);

  const localRef = useRef<HTMLDivElement>(null);
  const remoteRef = useRef<HTMLDivElement>(null);
  const [remoteVideo, setRemoteVideo] = useState(false);
  useEffect(() => {
    if (!session) return;
    const attach = () => {
      session.showLocal(localRef.current);
      setRemoteVideo(session.showRemote(remoteRef.current));
    };
    attach();
    const off = session.on((event) => {
      if (event.type === 'media') attach();
    });
    return () => {
      off();
      session.showLocal(null);
      session.showRemote(null);
    };
  }, [session, inCall]);

  // Without a video provider nothing reports the other's arrival: the server's attendance does.
  const attendancePresent = usePeerPresentFromAttendance(api, channelName, role, inCall && adapter === 'none');
  const peerPresent = rtcPeerPresent || attendancePresent;
  // The teacher's peer is the child the lesson is for, named as a teacher reads them (first name · phase).
  // The family's peer is the teacher, by first name.
  const peerName = role === 'student' ? (teacherName ?? t`Teacher`) : child ? childLabel(child, 'teacher') : t`Student`;

  return (
    <div className="live-call-tiles">
      <figure className="live-tile">
        <div className="live-tile-video" ref={localRef} data-testid="local-video">
          {cameraOff ? (
            <span className="live-tile-off">
              <Trans>Camera off</Trans>
            </span>
          ) : null}
        </div>
        <figcaption>
          <span>
            <Trans>You</Trans>
          </span>
          <NetworkQuality side="self" quality={selfQuality} />
        </figcaption>
      </figure>
      <figure className="live-tile">
        <div className="live-tile-video" ref={remoteRef} data-testid="remote-video">
          {!remoteVideo ? (
            <span className="live-tile-off">
              {peerPresent ? (
                i18n._(peerHereNoVideo(genderKey(peerGender), peerName))
              ) : role === 'student' ? (
                <Trans>Waiting for the teacher to join…</Trans>
              ) : (
                <Trans>Waiting for the student to join…</Trans>
              )}
            </span>
          ) : null}
        </div>
        <figcaption>
          <span data-testid="peer-presence" data-present={peerPresent}>
            {peerName}
          </span>
          <NetworkQuality side="peer" quality={peerQuality} />
        </figcaption>
      </figure>
    </div>
  );
}
