// @vitest-environment jsdom
// The call's camera choice over a fake device list (navigator.mediaDevices): a phone's front and back
// cameras get a one-tap switch beside the labelled "Camera" select, and both hand the chosen device
// on (the call controls send it to the machine, which has the RTC session switch the track: agora's
// setDevice, tests/src/rtc/agora.test.ts); a laptop's two cameras get the select only; one camera,
// no choice at all.
import { I18nProvider } from '@lingui/react';
import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CameraSwitch, DevicePicker } from '../../../src/features/live-session/device-picker';
import { useDevices } from '../../../src/features/live-session/use-devices';
import { makeI18n } from '../helpers';

type FakeDevice = Pick<MediaDeviceInfo, 'kind' | 'deviceId' | 'label'> & { getCapabilities?: () => { facingMode?: string[] } };

function fakeDevices(list: FakeDevice[]) {
  Object.defineProperty(navigator, 'mediaDevices', {
    configurable: true,
    value: { enumerateDevices: async () => list, addEventListener: () => undefined, removeEventListener: () => undefined },
  });
}

afterEach(() => {
  cleanup();
  Reflect.deleteProperty(navigator, 'mediaDevices');
});

/** The controls' camera part as CallControls wires it; the chosen id is kept as the machine keeps it. */
function Cameras({ onSwitch }: { onSwitch: (deviceId: string) => void }) {
  const { cameras } = useDevices(true);
  const [selected, setSelected] = useState<string | null>(null);
  const choose = (deviceId: string) => {
    setSelected(deviceId);
    onSwitch(deviceId);
  };
  return (
    <>
      <CameraSwitch cameras={cameras} selected={selected} disabled={false} onChange={choose} />
      <DevicePicker label="Camera" devices={cameras} selected={selected} disabled={false} onChange={choose} />
    </>
  );
}

function renderCameras(locale: 'en' | 'ar' = 'en') {
  const onSwitch = vi.fn();
  render(
    <I18nProvider i18n={makeI18n(locale)}>
      <Cameras onSwitch={onSwitch} />
    </I18nProvider>,
  );
  return { onSwitch, user: userEvent.setup() };
}

const mic = { kind: 'audioinput', deviceId: 'mic-1', label: 'Microphone' } as const;

describe('camera choice in the call', () => {
  it('a phone: "switch to the back camera" and back again, the select listing both', async () => {
    // Android Chrome's labels; the back one also says so through its capabilities.
    fakeDevices([
      { kind: 'videoinput', deviceId: 'cam-front', label: 'camera2 1, facing front' },
      { kind: 'videoinput', deviceId: 'cam-back', label: 'camera2 0', getCapabilities: () => ({ facingMode: ['environment'] }) },
      mic,
    ]);
    const { onSwitch, user } = renderCameras();
    await user.click(await screen.findByRole('button', { name: 'Switch to the back camera' }));
    expect(onSwitch).toHaveBeenLastCalledWith('cam-back');
    expect((screen.getByRole('combobox', { name: 'Camera' }) as HTMLSelectElement).value).toBe('cam-back');
    await user.click(screen.getByRole('button', { name: 'Switch to the front camera' }));
    expect(onSwitch).toHaveBeenLastCalledWith('cam-front');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Camera' }), 'cam-back');
    expect(onSwitch).toHaveBeenLastCalledWith('cam-back');
    expect(screen.getByRole('button', { name: 'Switch to the front camera' })).toBeTruthy();
  });

  it('in Arabic, an iPhone’s cameras by their labels', async () => {
    fakeDevices([
      { kind: 'videoinput', deviceId: 'front', label: 'Front Camera' },
      { kind: 'videoinput', deviceId: 'back', label: 'Back Camera' },
    ]);
    const { onSwitch, user } = renderCameras('ar');
    await user.click(await screen.findByRole('button', { name: 'التبديل إلى الكاميرا الخلفية' }));
    expect(onSwitch).toHaveBeenLastCalledWith('back');
  });

  it('a laptop with two cameras facing nowhere known: the select only', async () => {
    fakeDevices([
      { kind: 'videoinput', deviceId: 'built-in', label: 'Integrated Webcam' },
      { kind: 'videoinput', deviceId: 'usb', label: 'USB Camera' },
      mic,
    ]);
    const { onSwitch, user } = renderCameras();
    const select = await screen.findByRole('combobox', { name: 'Camera' });
    expect(screen.queryByTestId('switch-camera')).toBeNull();
    await user.selectOptions(select, 'usb');
    expect(onSwitch).toHaveBeenCalledWith('usb');
  });

  it('one camera: nothing to choose', async () => {
    fakeDevices([{ kind: 'videoinput', deviceId: 'only', label: 'Front Camera' }, mic]);
    const listed = vi.spyOn(navigator.mediaDevices, 'enumerateDevices');
    renderCameras();
    // The list has been read and rendered.
    await act(async () => listed.mock.results[0]?.value);
    expect(listed).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
  });
});
