// "Book the same time next week" (the end of a lesson) when that time is not free: the booking page checks
// the asked-for start against the teacher's free times — the same answer the calendar shows — once they
// arrive, puts the nearest free start in its place and says so on the review ("next week's time is
// taken; the nearest free time is …"), with the calendar one click away. When no start is free at all,
// the family lands on the calendar with the reason.
import { useEffect, useMemo, useState } from 'react';
import type { ActorRefFrom } from 'xstate';
import { useSelector } from '@xstate/react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Availability } from '../../../contract/availability';
import type { BookingMachine } from '../../../machines/booking.machine';
import { forgetNextWeekWanted, nextWeekWanted } from '../../bindings/booking';
import { Button } from '../../ui/button';
import { formatDayAndTime } from '../../domain/time';

/**
 * The free start to offer instead of `wanted`: the first one after it (the same day, later, or the
 * following days), else the latest one before it; null when nothing is free.
 */
export function nearestFreeStart(wanted: string, slots: readonly string[]): string | null {
  const at = Date.parse(wanted);
  const sorted = [...slots].sort((a, b) => Date.parse(a) - Date.parse(b));
  return sorted.find((s) => Date.parse(s) >= at) ?? sorted.at(-1) ?? null;
}

/** What was asked for and what is offered in its place (null: nothing free, the calendar is open). */
interface NextWeekOffer {
  wanted: string;
  offered: string | null;
}

export function useNextWeekOffer(
  actor: ActorRefFrom<BookingMachine>,
  studentKey: string,
  teacherId: number,
  availability: Availability | undefined,
) {
  const [wanted] = useState(() => nextWeekWanted(studentKey, teacherId));
  const duration = useSelector(actor, (s) => s.context.fields.durationHours);
  // The free times of another length say nothing about this booking: wait for the right ones.
  const slots = wanted !== null && availability?.duration_hours === duration ? availability.slots : null;
  const offer = useMemo<NextWeekOffer | null>(
    () => (wanted !== null && slots !== null && !slots.includes(wanted) ? { wanted, offered: nearestFreeStart(wanted, slots) } : null),
    [wanted, slots],
  );
  const checked = slots !== null;
  useEffect(() => {
    if (!checked) return;
    forgetNextWeekWanted(studentKey, teacherId);
    const { fields } = actor.getSnapshot().context;
    // Free after all, or changed meanwhile (or already replaced): nothing to do.
    if (!offer || fields.type !== 'schedule' || fields.startsAt !== offer.wanted) return;
    if (offer.offered) {
      actor.send({ type: 'booking.edit', patch: { startsAt: offer.offered } });
    } else {
      actor.send({ type: 'booking.edit', patch: { startsAt: '' } });
      actor.send({ type: 'booking.change', step: 'slot' });
    }
  }, [actor, checked, offer, studentKey, teacherId]);
  return offer;
}

/** The notice above the step, while the offered start is still the chosen one. */
export function NextWeekNotice({
  offer,
  actor,
  viewerZone,
}: {
  offer: NextWeekOffer | null;
  actor: ActorRefFrom<BookingMachine>;
  viewerZone: string;
}) {
  const { i18n } = useLingui();
  const startsAt = useSelector(actor, (s) => s.context.fields.startsAt);
  const inReview = useSelector(actor, (s) => s.hasTag('booking:review'));
  if (!offer || startsAt !== (offer.offered ?? '')) return null;
  // Day and time in one format, so each language joins them its own way («السبت، 28 نوفمبر في 9:00 ص»).
  const when = (iso: string) => formatDayAndTime(iso, i18n.locale, viewerZone);
  const wanted = when(offer.wanted);
  if (offer.offered === null) {
    return (
      <p className="booking-next-week" role="status" data-testid="next-week-offer">
        <Trans>
          Next week's time ({wanted}) is taken, and no other time is free for now; the calendar shows new times as the teacher opens them.
        </Trans>
      </p>
    );
  }
  const offered = when(offer.offered);
  return (
    <div className="booking-next-week" role="status" data-testid="next-week-offer">
      <p>
        <Trans>
          Next week's time ({wanted}) is taken; the nearest free time is {offered}.
        </Trans>
      </p>
      {inReview ? (
        <Button variant="secondary" onClick={() => actor.send({ type: 'booking.change', step: 'slot' })}>
          <Trans>Choose another time on the calendar</Trans>
        </Button>
      ) : null}
    </div>
  );
}
