// The time left before a waiting request expires unanswered, ticking each second on the card, so a
// teacher sees how long an urgent request will wait for them. It reads as a duration in words ("2 days
// 18 h", «يومان و18 ساعة»), never as a clock a reader could take for a time of day: days and hours while
// days remain, hours and minutes within a day, minutes and seconds in the last hour. Read as a timer only
// when focused: the live region is off, a screen reader is not interrupted every second.
import { useEffect, useState } from 'react';
import { Plural, Trans } from '@lingui/react/macro';

/** Whole days, hours, minutes and seconds left (never negative). */
export function durationParts(ms: number) {
  const total = Math.max(0, Math.floor(ms / 1000));
  return {
    days: Math.floor(total / 86_400),
    hours: Math.floor((total % 86_400) / 3600),
    minutes: Math.floor((total % 3600) / 60),
    seconds: total % 60,
  };
}

function Left({ ms }: { ms: number }) {
  const { days, hours, minutes, seconds } = durationParts(ms);
  if (days > 0 && hours === 0) {
    return (
      <Trans>
        Expires in <Plural value={days} one="# day" other="# days" />
      </Trans>
    );
  }
  if (days > 0) {
    return (
      <Trans>
        Expires in <Plural value={days} one="# day" other="# days" /> <Plural value={hours} one="# h" other="# h" />
      </Trans>
    );
  }
  if (hours > 0) {
    return (
      <Trans>
        Expires in <Plural value={hours} one="# h" other="# h" /> <Plural value={minutes} one="# min" other="# min" />
      </Trans>
    );
  }
  return (
    <Trans>
      Expires in <Plural value={minutes} one="# min" other="# min" /> <Plural value={seconds} one="# s" other="# s" />
    </Trans>
  );
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
  return (
    <p className="request-countdown" role="timer" aria-live="off" data-testid="request-countdown">
      <Left ms={remaining} />
    </p>
  );
}
