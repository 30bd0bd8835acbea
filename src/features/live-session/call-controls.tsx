// The call's controls: microphone and camera toggles (pressed state), the device pickers (and a phone's
// front/back camera switch), leaving and,
// for the session's teacher, End for both.
import { shallowEqual, useSelector } from '@xstate/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { selectControls } from '../../../machines/live-session.machine';
import type { LiveSessionActor } from '../../bindings/live-session';
import { Button } from '../../ui/button';
import { CameraSwitch, DevicePicker } from './device-picker';
import { EndForBothDialog } from './end-for-both-dialog';
import { LeaveDialog } from './leave-dialog';
import { useDevices, type DeviceOption } from './use-devices';

export function CallControls({ actor }: { actor: LiveSessionActor }) {
  const { t } = useLingui();
  const { inCall, leaving, micOn, cameraOn, audioOnly, confirming, devices, isTeacher, canEnd, confirmingEnd, endingForBoth } = useSelector(
    actor,
    selectControls,
    shallowEqual,
  );
  const { cameras, microphones } = useDevices(inCall);
  const picker = (kind: 'camera' | 'microphone', label: string, list: readonly DeviceOption[]) => (
    <DevicePicker
      label={label}
      devices={list}
      selected={devices[kind]}
      disabled={!inCall}
      onChange={(deviceId) => actor.send({ type: 'media.switchDevice', kind, deviceId })}
    />
  );

  return (
    <div className="live-call-controls" role="group" aria-label={t`Call controls`}>
      <Button
        variant={micOn ? 'ghost' : 'primary'}
        aria-pressed={!micOn}
        disabled={!inCall}
        onClick={() => actor.send({ type: 'media.toggleMic' })}
        data-testid="toggle-mic"
      >
        {micOn ? <Trans>Mute microphone</Trans> : <Trans>Unmute microphone</Trans>}
      </Button>
      <Button
        variant={cameraOn ? 'ghost' : 'primary'}
        aria-pressed={!cameraOn}
        disabled={!inCall || audioOnly}
        onClick={() => actor.send({ type: 'media.toggleCamera' })}
        data-testid="toggle-camera"
      >
        {cameraOn ? <Trans>Turn camera off</Trans> : <Trans>Turn camera on</Trans>}
      </Button>
      {!audioOnly ? (
        <CameraSwitch
          cameras={cameras}
          selected={devices.camera}
          disabled={!inCall}
          onChange={(deviceId) => actor.send({ type: 'media.switchDevice', kind: 'camera', deviceId })}
        />
      ) : null}
      {!audioOnly ? picker('camera', t`Camera`, cameras) : null}
      {picker('microphone', t`Microphone`, microphones)}

      <LeaveDialog actor={actor} disabled={!inCall || leaving || endingForBoth} confirming={confirming} />
      {isTeacher ? (
        <EndForBothDialog actor={actor} disabled={!canEnd && !confirmingEnd} confirming={confirmingEnd} ending={endingForBoth} />
      ) : null}
    </div>
  );
}
