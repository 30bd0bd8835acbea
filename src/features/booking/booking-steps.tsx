// The first three steps of the guided booking (issue 11) and the progress list above them: subject,
// duration, and the time (a free start on the calendar, or "now" when the teacher can take an urgent
// request). Controls show the machine's fields and send every change to it, so a restored draft looks
// the same and nothing chosen is lost; problems stand beside their control (marked aria-invalid, so
// the form can focus the first one).
import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { Availability } from '../../../contract/availability';
import { MAX_DURATION_HOURS, MIN_DURATION_HOURS } from '../../../contract/requests';
import type { TeacherDetail } from '../../../contract/teachers';
import { BOOKING_STEPS, type BookingFields, type BookingStep } from '../../../machines/booking.machine';
import { Field } from '../../ui/field';
import { BookingWhen } from './booking-when';

const DURATIONS = Array.from({ length: MAX_DURATION_HOURS - MIN_DURATION_HOURS + 1 }, (_, i) => MIN_DURATION_HOURS + i);

/** "Step 2 of 4" as a list a screen reader can walk; the current step is marked. */
export function StepProgress({ current }: { current: BookingStep }) {
  const { t } = useLingui();
  const names: Record<BookingStep, string> = { subject: t`Subject`, duration: t`Duration`, slot: t`Time`, review: t`Review` };
  return (
    <ol className="booking-progress" aria-label={t`Booking steps`}>
      {BOOKING_STEPS.map((step, i) => (
        <li key={step} aria-current={step === current ? 'step' : undefined} className={step === current ? 'booking-progress-current' : undefined}>
          <span className="booking-progress-number">{(i + 1).toLocaleString()}</span> {names[step]}
        </li>
      ))}
    </ol>
  );
}

interface StepProps {
  fields: BookingFields;
  errors: (wire: 'subject_id' | 'duration_hours' | 'starts_at') => string[];
  edit: (patch: Partial<BookingFields>) => void;
}

export function SubjectStep({ fields, errors, edit, teacher }: StepProps & { teacher: TeacherDetail }) {
  const { t } = useLingui();
  return (
    <Field label={t`Subject`} required errors={errors('subject_id')}>
      {(control) => (
        <select {...control} name="subjectId" className="input select" value={fields.subjectId} onChange={(e) => edit({ subjectId: e.target.value })}>
          <option value="">{t`Choose a subject`}</option>
          {teacher.subjects.map((s) => (
            <option key={s.id} value={s.id}>
              {s.name}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

export function DurationStep({ fields, errors, edit }: StepProps) {
  const { t } = useLingui();
  return (
    <Field label={t`Duration`} required errors={errors('duration_hours')}>
      {(control) => (
        <select
          {...control}
          name="durationHours"
          className="input select"
          value={fields.durationHours}
          onChange={(e) => edit({ durationHours: Number(e.target.value) })}
        >
          {DURATIONS.map((h) => (
            <option key={h} value={h}>
              <Plural value={h} one="# hour" other="# hours" />
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

export function SlotStep({
  fields,
  errors,
  edit,
  availability,
  viewerZone,
  labelId,
}: StepProps & { availability: UseQueryResult<Availability>; viewerZone: string; labelId: string }) {
  const canStartNow = availability.data?.available_now === true;
  const said = errors('starts_at');
  let body: ReactNode;
  if (fields.type === 'urgent') {
    body = said.length ? (
      <div className="field-error" role="alert">
        {said.map((text) => (
          <p key={text}>{text}</p>
        ))}
      </div>
    ) : (
      <p className="slot-chosen">
        <Trans>The session starts now, as soon as the teacher accepts.</Trans>
      </p>
    );
  } else {
    body = (
      <BookingWhen
        availability={availability}
        value={fields.startsAt}
        onChange={(iso) => edit({ startsAt: iso })}
        viewerZone={viewerZone}
        labelId={labelId}
        errors={said}
      />
    );
  }
  return (
    <>
      {canStartNow || fields.type === 'urgent' ? (
        <fieldset className="field choice-group" role="radiogroup">
          <legend className="field-label">
            <Trans>When</Trans>
          </legend>
          <div className="choices">
            <label className="choice">
              <input type="radio" name="type" value="schedule" checked={fields.type === 'schedule'} onChange={() => edit({ type: 'schedule' })} />
              <span>
                <Trans>Choose a time</Trans>
              </span>
            </label>
            <label className="choice">
              <input type="radio" name="type" value="urgent" checked={fields.type === 'urgent'} onChange={() => edit({ type: 'urgent' })} />
              <span>
                <Trans>Now (the teacher is available)</Trans>
              </span>
            </label>
          </div>
        </fieldset>
      ) : null}
      {body}
    </>
  );
}
