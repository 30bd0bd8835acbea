// The first steps of the guided booking and the progress list above them: the child (only when the
// family has more than one active child), subject, duration, and the time (a free start on the calendar, or its "now" cell when the teacher can take an
// urgent request). Controls show the machine's fields and send every change to it, so a restored draft looks
// the same and nothing chosen is lost; problems stand beside their control (marked aria-invalid, so
// the form can focus the first one).
import type { UseQueryResult } from '@tanstack/react-query';
import { Plural, useLingui } from '@lingui/react/macro';
import type { Availability } from '../../../contract/availability';
import { MAX_DURATION_HOURS, MIN_DURATION_HOURS } from '../../../contract/requests';
import type { TeacherDetail } from '../../../contract/teachers';
import { BOOKING_STEPS, type BookingChild, type BookingFields, type BookingStep } from '../../../machines/booking.machine';
import { ChoiceGroup } from '../../ui/choice-group';
import { Field } from '../../ui/field';
import { BookingWhen } from './booking-when';
import { NOW } from '../../domain/slot-grid';

const DURATIONS = Array.from({ length: MAX_DURATION_HOURS - MIN_DURATION_HOURS + 1 }, (_, i) => MIN_DURATION_HOURS + i);

/** "Step 2 of 4" as a list a screen reader can walk; the current step is marked. `withChild`: the child step is asked. */
export function StepProgress({ current, withChild }: { current: BookingStep; withChild: boolean }) {
  const { t, i18n } = useLingui();
  const names: Record<BookingStep, string> = {
    child: t`Child`,
    subject: t`Subject`,
    duration: t`Duration`,
    slot: t`Time`,
    review: t`Review`,
  };
  const steps = BOOKING_STEPS.filter((step) => withChild || step !== 'child');
  // The numbers in the app's language, not the browser's: an Arabic browser reading English saw «١ ٢ ٣».
  return (
    <ol className="booking-progress" aria-label={t`Booking steps`}>
      {steps.map((step, i) => (
        <li
          key={step}
          aria-current={step === current ? 'step' : undefined}
          className={step === current ? 'booking-progress-current' : undefined}
        >
          <span className="booking-progress-number">{(i + 1).toLocaleString(i18n.locale)}</span> {names[step]}
        </li>
      ))}
    </ol>
  );
}

interface StepProps {
  fields: BookingFields;
  errors: (wire: 'child_id' | 'subject_id' | 'duration_hours' | 'starts_at') => string[];
  edit: (patch: Partial<BookingFields>) => void;
}

/** Which child the lesson is for: one radio per active child, by first name. */
export function ChildStep({ fields, errors, edit, choices }: StepProps & { choices: readonly BookingChild[] }) {
  const { t } = useLingui();
  return (
    <ChoiceGroup
      legend={t`Your child`}
      name="childId"
      required
      choices={choices.map((c) => ({ value: String(c.id), label: <bdi>{c.firstName}</bdi> }))}
      errors={errors('child_id')}
      value={fields.childId}
      onChange={(childId) => edit({ childId })}
    />
  );
}

export function SubjectStep({ fields, errors, edit, teacher }: StepProps & { teacher: TeacherDetail }) {
  const { t } = useLingui();
  return (
    <Field label={t`Subject`} required errors={errors('subject_id')}>
      {(control) => (
        <select
          {...control}
          name="subjectId"
          className="input select"
          value={fields.subjectId}
          onChange={(e) => edit({ subjectId: e.target.value })}
        >
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
  teacher,
}: StepProps & { availability: UseQueryResult<Availability>; viewerZone: string; labelId: string; teacher: TeacherDetail }) {
  const urgent = fields.type === 'urgent';
  return (
    <BookingWhen
      availability={availability}
      value={urgent ? NOW : fields.startsAt}
      // "Now" on the calendar is an urgent request; any other cell a scheduled one at that start.
      onChange={(value) => edit(value === NOW ? { type: 'urgent' } : { type: 'schedule', startsAt: value })}
      keepNow={urgent}
      viewerZone={viewerZone}
      labelId={labelId}
      errors={errors('starts_at')}
      teacherGender={teacher.gender}
    />
  );
}
