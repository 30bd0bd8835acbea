// The "when" step of the booking form: the calendar of free times for the chosen duration
// ("now" its first cell when the teacher can take an urgent request), what was chosen in the viewer's
// clock and (when it differs) the teacher's, both zones named, and the problems of that field —
// client rule keys or the server's own words, "just taken" among them.
import { select } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { UseQueryResult } from '@tanstack/react-query';
import type { Availability } from '../../../contract/availability';
import { Button } from '../../ui/button';
import { SlotPicker } from './slot-picker';
import { NOW } from '../../domain/slot-grid';
import { dayLabel, sameClock, timeOf, zoneTime } from '../../domain/time';
import { genderKey, type TeacherGender } from '../../domain/teacher-gender';

export interface BookingWhenProps {
  availability: UseQueryResult<Availability>;
  /** The chosen start (ISO), NOW for an urgent request, or ''. */
  value: string;
  onChange: (value: string) => void;
  /** Keep "now" on the calendar even when the teacher no longer is available (it is the choice made). */
  keepNow: boolean;
  viewerZone: string;
  labelId: string;
  errors: string[];
  /** The teacher's gender: the Arabic says «المعلمة» about a female teacher. */
  teacherGender: TeacherGender;
}

export function ChosenTime({
  iso,
  viewerZone,
  teacherZone,
  teacherGender,
}: {
  iso: string;
  viewerZone: string;
  teacherZone: string | null;
  teacherGender: TeacherGender;
}) {
  const { t, i18n } = useLingui();
  const gender = genderKey(teacherGender);
  if (iso === NOW) {
    return (
      <p className="slot-chosen" aria-live="polite">
        {t`${select(gender, { female: 'The session starts now, as soon as the teacher accepts.', other: 'The session starts now, as soon as the teacher accepts.' })}`}
      </p>
    );
  }
  const day = dayLabel(iso, i18n.locale, viewerZone);
  const time = timeOf(iso, i18n.locale, viewerZone);
  const zone = zoneTime(i18n, viewerZone);
  const other = teacherZone && !sameClock(viewerZone, teacherZone, iso) ? teacherZone : null;
  const teacherTime = other ? timeOf(iso, i18n.locale, other) : '';
  const theirZone = other ? zoneTime(i18n, other) : '';
  return (
    <p className="slot-chosen" aria-live="polite">
      <Trans>
        Chosen time: {day}, {time} {zone}
      </Trans>
      {other ? (
        <>
          {' · '}
          {t`${select(gender, { female: `for the teacher: ${teacherTime} ${theirZone}`, other: `for the teacher: ${teacherTime} ${theirZone}` })}`}
        </>
      ) : null}
    </p>
  );
}

export function BookingWhen({ availability, value, onChange, keepNow, viewerZone, labelId, errors, teacherGender }: BookingWhenProps) {
  const errorId = `${labelId}-error`;
  return (
    <div className="field">
      <span className="field-label" id={labelId}>
        <Trans>Choose a time</Trans>
      </span>
      {availability.isPending ? (
        <p role="status">
          <Trans>Loading the free times…</Trans>
        </p>
      ) : availability.isError ? (
        <p role="alert">
          <Trans>The free times could not be loaded.</Trans>{' '}
          <Button variant="secondary" onClick={() => void availability.refetch()}>
            <Trans>Try again</Trans>
          </Button>
        </p>
      ) : (
        <SlotPicker
          slots={availability.data.slots}
          from={availability.data.from}
          to={availability.data.to}
          now={availability.data.available_now || keepNow}
          value={value}
          onChange={onChange}
          teacherZone={availability.data.time_zone}
          teacherGender={teacherGender}
          viewerZone={viewerZone}
          labelId={labelId}
          describedBy={errors.length ? errorId : undefined}
          invalid={errors.length > 0}
        />
      )}
      {value ? (
        <ChosenTime iso={value} viewerZone={viewerZone} teacherZone={availability.data?.time_zone ?? null} teacherGender={teacherGender} />
      ) : null}
      {errors.length ? (
        <div id={errorId} className="field-error" role="alert">
          {errors.map((text) => (
            <p key={text}>{text}</p>
          ))}
        </div>
      ) : null}
    </div>
  );
}
