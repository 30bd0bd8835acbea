// Small line icons drawn for Noor, inline so the home route needs no icon font or extra request.
// Icons that point "forward" in time or reading order carry the class icon-forward, which the theme
// mirrors under :dir(rtl); every other icon keeps its shape in both directions.
import type { SVGProps } from 'react';

const paths = {
  menu: 'M4 6h16M4 12h16M4 18h16',
  close: 'M6 6l12 12M18 6L6 18',
  sun: 'M12 8a4 4 0 1 0 0 8 4 4 0 0 0 0-8zM12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4',
  moon: 'M20.5 13.5A8.5 8.5 0 1 1 10.5 3.5a6.5 6.5 0 0 0 10 10z',
  arrow: 'M5 12h14M13 6l6 6-6 6',
  quran: 'M12 6.5C10 5 7 4.5 3.5 5v13c3.5-.5 6.5 0 8.5 1.5 2-1.5 5-2 8.5-1.5V5C17 4.5 14 5 12 6.5zM12 6.5v13',
  arabic: 'M4 20l1-4L16 5l3 3L8 19l-4 1zM14 7l3 3',
  math: 'M4 7h6M7 4v6M14 7h6M5 15l4 4M9 15l-4 4M14 16h6M14 19h6',
  english: 'M4 5h16v11H10l-4 3.5V16H4zM8 13l2-5 2 5M8.7 11.5h2.6M14.5 8v5',
  science: 'M9.5 3h5M10.5 3v6L5 19a1.2 1.2 0 0 0 1 2h12a1.2 1.2 0 0 0 1-2l-5.5-10V3M7.3 15h9.4',
  shield: 'M12 3l8 3v6c0 4.6-3.4 8.3-8 9-4.6-.7-8-4.4-8-9V6zM8.5 12l2.5 2.5 4.5-4.5',
  teacher: 'M9 4a4 4 0 1 0 0 8 4 4 0 0 0 0-8zM2 21c0-4 3-6.5 7-6.5s7 2.5 7 6.5M15.5 11l2 2 4-4',
  clock: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM12 7v5l3.5 2',
  building: 'M4 21V6l8-3 8 3v15M3 21h18M8.5 9h1M14.5 9h1M8.5 13h1M14.5 13h1M10 21v-4h4v4',
  search: 'M11 4a7 7 0 1 0 0 14 7 7 0 0 0 0-14zM20 20l-4-4',
  calendar: 'M5 5h14a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V7a2 2 0 0 1 2-2zM3 10h18M8 3v4M16 3v4',
  video: 'M5 6h9a2 2 0 0 1 2 2v8a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V8a2 2 0 0 1 2-2zM16 10.5l5-3v9l-5-3',
  progress: 'M3 17l6-6 4 4 8-8M15 7h6v6',
  gift: 'M4 11h16v10H4zM3 7h18v4H3zM12 7v14M12 7c-1.5-3-5-4-5-1.5S10 7 12 7zM12 7c1.5-3 5-4 5-1.5S14 7 12 7z',
  user: 'M12 4a4 4 0 1 0 0 8 4 4 0 0 0 0-8zM4 21c0-4 3.6-6.5 8-6.5s8 2.5 8 6.5',
  chevron: 'M6 9l6 6 6-6',
  mail: 'M4 5h16a1 1 0 0 1 1 1v12a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1zM3.5 6.5L12 13l8.5-6.5',
  // Request statuses: drawn, not characters (⏳ ✓ ⊘ ★ are missing from some desktops' fonts).
  check: 'M5 12.5l4.5 4.5L19 7.5',
  hourglass: 'M7 3h10M7 21h10M8 3v3.5l4 5.5 4-5.5V3M8 21v-3.5l4-5.5 4 5.5V21',
  ban: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM5.6 5.6l12.8 12.8',
  star: 'M12 3.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8-5.2-2.8-5.2 2.8 1-5.8-4.3-4.1 5.9-.9z',
} as const;

export type IconName = keyof typeof paths;

const forward: ReadonlySet<IconName> = new Set(['arrow', 'progress']);

export function Icon({ name, className, ...rest }: { name: IconName } & SVGProps<SVGSVGElement>) {
  const classes = ['icon', forward.has(name) ? 'icon-forward' : '', className ?? ''].filter(Boolean).join(' ');
  return (
    <svg
      viewBox="0 0 24 24"
      width="24"
      height="24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      className={classes}
      {...rest}
    >
      <path d={paths[name]} />
    </svg>
  );
}
