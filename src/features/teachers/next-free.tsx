// "Next free: today 8:00 PM" on a teacher's card: the first start the booking calendar would offer
// (the server's `next_free`), on the viewer's own clock. The list's HTML is rendered on the server,
// which does not know the viewer's zone, so the line is written once hydrated (its height is kept,
// so nothing moves).
import { useSyncExternalStore } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { deviceZone } from '../../domain/clock';
import { nextFreeParts } from './format';

const noChange = () => () => undefined;

/** The device's zone once in the browser; null while the server renders and during hydration. */
export function useViewerZone(): string | null {
  return useSyncExternalStore(noChange, deviceZone, () => null);
}

export function NextFree({ iso }: { iso: string | null }) {
  const { i18n } = useLingui();
  const zone = useViewerZone();
  if (!zone) return <p className="teacher-next-free" aria-hidden="true" />;
  if (!iso) {
    return (
      <p className="teacher-next-free teacher-next-free-none">
        <Trans>No free time in the next two weeks</Trans>
      </p>
    );
  }
  const { day, time, date } = nextFreeParts(iso, i18n.locale, zone);
  return (
    <p className="teacher-next-free">
      <time dateTime={iso}>
        {day === 'today' ? (
          <Trans>Next free: today {time}</Trans>
        ) : day === 'tomorrow' ? (
          <Trans>Next free: tomorrow {time}</Trans>
        ) : (
          <Trans>
            Next free: {date}, {time}
          </Trans>
        )}
      </time>
    </p>
  );
}
