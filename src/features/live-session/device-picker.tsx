// A choice of camera or microphone in the call's controls.
import { useLingui } from '@lingui/react/macro';
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
