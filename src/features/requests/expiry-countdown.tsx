// The time left before a waiting request expires unanswered (issue 11), ticking each second on the
// card, so a teacher sees how long an urgent request will wait for them. Read as a timer only when
// focused: the live region is off, a screen reader is not interrupted every second.
import { useEffect, useState } from 'react';
import { Trans } from '@lingui/react/macro';

function left(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${two(m)}:${two(s)}` : `${two(m)}:${two(s)}`;
}

export function ExpiryCountdown({ expiresAt }: { expiresAt: string }) {
  const end = new Date(expiresAt).getTime();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  const remaining = end - now;
  if (remaining <= 0) return null;
  const time = left(remaining);
  return (
    <p className="request-countdown" role="timer" aria-live="off" data-testid="request-countdown">
      <Trans>
        Expires in <span dir="ltr">{time}</span>
      </Trans>
    </p>
  );
}
