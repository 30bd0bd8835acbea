// The sound that comes with a live urgent-request alert: on by default, turned off by the
// teacher with a switch kept in this browser (localStorage), so the choice survives reloads. The tone is
// made with Web Audio (no file to download); a browser that blocks sound before a click just stays quiet.
import { useSyncExternalStore } from 'react';
import { Trans } from '@lingui/react/macro';

const KEY = 'noor-urgent-sound';
const listeners = new Set<() => void>();

export function urgentSoundOn(): boolean {
  try {
    return localStorage.getItem(KEY) !== 'off';
  } catch {
    return true;
  }
}

function setUrgentSound(on: boolean) {
  try {
    localStorage.setItem(KEY, on ? 'on' : 'off');
  } catch {
    // Private mode without storage: the switch still works for this page.
  }
  listeners.forEach((l) => l());
}

/** Two short rising tones, unless the teacher turned the sound off. */
export function playUrgentTone(): void {
  if (!urgentSoundOn() || typeof AudioContext === 'undefined') return;
  try {
    const ctx = new AudioContext();
    [660, 880].forEach((frequency, i) => {
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      osc.frequency.value = frequency;
      gain.gain.value = 0.15;
      osc.connect(gain).connect(ctx.destination);
      osc.start(ctx.currentTime + i * 0.2);
      osc.stop(ctx.currentTime + i * 0.2 + 0.15);
    });
    window.setTimeout(() => void ctx.close(), 1000);
  } catch {
    // No audio device or blocked: the toast is the alert.
  }
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

/** The switch on the teacher's requests page. */
export function UrgentSoundToggle() {
  const on = useSyncExternalStore(subscribe, urgentSoundOn, () => true);
  return (
    <label className="urgent-sound-toggle">
      <input
        type="checkbox"
        role="switch"
        checked={on}
        onChange={(e) => setUrgentSound(e.currentTarget.checked)}
        data-testid="urgent-sound"
      />{' '}
      <Trans>Play a sound for new urgent requests</Trans>
    </label>
  );
}
