// A choice of camera or microphone in the call's controls, and a phone's front/back switch.
import { useLingui } from '@lingui/react/macro';
import { Button } from '../../ui/button';
import type { DeviceOption } from './use-devices';

/** A choice of camera or microphone, shown only when there is more than one to choose from. */
export function DevicePicker({
  label,
  devices,
  selected,
  disabled,
  onChange,
}: {
  label: string;
  devices: readonly DeviceOption[];
  selected: string | null;
  disabled: boolean;
  onChange: (deviceId: string) => void;
}) {
  const { t } = useLingui();
  if (devices.length <= 1) return null;
  return (
    <label className="live-device">
      <span>{label}</span>
      <select className="input select" value={selected ?? ''} disabled={disabled} onChange={(e) => onChange(e.target.value)}>
        {selected === null ? <option value="">{t`Default`}</option> : null}
        {devices.map((d) => (
          <option key={d.deviceId} value={d.deviceId}>
            {d.label}
          </option>
        ))}
      </select>
    </label>
  );
}

/**
 * A phone's one-tap camera switch: shown when a front and a back camera are both known. The camera in
 * use is the one chosen, else the front one (what a phone opens a call with).
 */
export function CameraSwitch({
  cameras,
  selected,
  disabled,
  onChange,
}: {
  cameras: readonly DeviceOption[];
  selected: string | null;
  disabled: boolean;
  onChange: (deviceId: string) => void;
}) {
  const { t } = useLingui();
  const front = cameras.find((c) => c.facing === 'front');
  const back = cameras.find((c) => c.facing === 'back');
  if (!front || !back) return null;
  const usingBack = cameras.find((c) => c.deviceId === selected)?.facing === 'back';
  const to = usingBack ? front : back;
  return (
    <Button variant="secondary" disabled={disabled} onClick={() => onChange(to.deviceId)} data-testid="switch-camera">
      {usingBack ? t`Switch to the front camera` : t`Switch to the back camera`}
    </Button>
  );
}
