// The cameras and microphones the browser offers (labels appear once permission was given), kept up
// to date when a device is plugged in or out; a phone's cameras say which way they face.
import { useEffect, useState } from 'react';

export interface DeviceOption {
  deviceId: string;
  label: string;
  /** A phone's camera: which way it faces, when the browser says (its capabilities or its label). */
  facing?: 'front' | 'back';
}

const FRONT = /front|user|selfie|facetime|أمامي/i;
const BACK = /back|rear|environment|world|خلفي/i;

/** Which way a camera faces: the browser's capabilities first (Chrome), else its label (Safari, Firefox). */
function facingOf(device: MediaDeviceInfo): DeviceOption['facing'] {
  const modes = (device as MediaDeviceInfo & { getCapabilities?: () => { facingMode?: string[] } }).getCapabilities?.().facingMode ?? [];
  if (modes.includes('user')) return 'front';
  if (modes.includes('environment')) return 'back';
  if (BACK.test(device.label)) return 'back';
  if (FRONT.test(device.label)) return 'front';
  return undefined;
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
    devices
      .filter((d) => d.kind === kind && d.deviceId)
      .map((d, i): DeviceOption => {
        const facing = kind === 'videoinput' ? facingOf(d) : undefined;
        return { deviceId: d.deviceId, label: d.label || `${i + 1}`, ...(facing ? { facing } : {}) };
      });
  return { cameras: pick('videoinput'), microphones: pick('audioinput') };
}
