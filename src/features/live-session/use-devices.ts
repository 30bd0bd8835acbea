// The cameras and microphones the browser offers (labels appear once permission was given), kept up
// to date when a device is plugged in or out.
import { useEffect, useState } from 'react';

export interface DeviceOption {
  deviceId: string;
  label: string;
}

export function useDevices(enabled: boolean): { cameras: DeviceOption[]; microphones: DeviceOption[] } {
  const [devices, setDevices] = useState<MediaDeviceInfo[]>([]);
  useEffect(() => {
    const media = navigator.mediaDevices;
    if (!enabled || !media?.enumerateDevices) return;
    let live = true;
    const read = () =>
      void media.enumerateDevices().then(
        (list) => live && setDevices(list),
        () => undefined,
      );
    read();
    media.addEventListener?.('devicechange', read);
    return () => {
      live = false;
      media.removeEventListener?.('devicechange', read);
    };
  }, [enabled]);
  const pick = (kind: MediaDeviceKind) =>
    devices.filter((d) => d.kind === kind && d.deviceId).map((d, i) => ({ deviceId: d.deviceId, label: d.label || `${i + 1}` }));
  return { cameras: pick('videoinput'), microphones: pick('audioinput') };
}
