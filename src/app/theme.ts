// Dark mode is a class on <html> (spec §9), persisted; the first visit follows prefers-color-scheme
// (public/boot.js applies it before the first paint).
import { useSyncExternalStore } from 'react';

const THEME_KEY = 'ng-theme';
const listeners = new Set<() => void>();

function isDark(): boolean {
  return document.documentElement.classList.contains('dark');
}

export function setDark(dark: boolean): void {
  document.documentElement.classList.toggle('dark', dark);
  try {
    localStorage.setItem(THEME_KEY, dark ? 'dark' : 'light');
  } catch {
    // Storage disabled: the theme lasts for this page only.
  }
  listeners.forEach((l) => l());
}

export function useDarkMode(): [boolean, (dark: boolean) => void] {
  const dark = useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    isDark,
    () => false,
  );
  return [dark, setDark];
}
