// The booking form of a teacher's page (spec §3 "Booking", §5; issue 11): subject (the teacher's),
// duration 1–6 hours, then a free start on the calendar the server computes (or "now" when the
// teacher can take an urgent request), comment, sending to other teachers of the same level and a
// preferred gender. The booking machine checks at submit, sends the request, offers the packages
// screen when the hours do not cover it, and says "just taken" beside the calendar when someone
// booked that time meanwhile. A problem moves focus to its field and scrolls it into view. The form
// starts from the machine's (possibly restored) fields and tells it every edit, so nothing is lost.
import './booking.css';
import { useEffect, useId, useRef, useState } from 'react';
import { useForm, type AnyFieldApi } from '@tanstack/react-form';
import { useQueryClient } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { COMMENT_MAX_LENGTH, MAX_DURATION_HOURS, MIN_DURATION_HOURS } from '../../../contract/requests';
import type { TeacherDetail } from '../../../contract/teachers';
import { validationKeys } from '../../../contract/validation';
import {
  selectBookingState,
  selectFieldErrors,
  selectFormError,
  selectIsBusy,
  selectNeedsPackage,
  selectRequestId,
  type BookingBalance,
  type BookingField,
  type BookingFields,
} from '../../../machines/booking.machine';
import { Button } from '../../ui/button';
import { Field } from '../../ui/field';
import { FormError } from '../../ui/form-error';
import { submitWith, useValidateAllOnSubmit, visibleErrors } from '../../ui/form-helpers';
import { TextArea } from '../../ui/text-area';
import { toast } from '../../ui/toast-store';
import { BookingBalance as BalanceNote } from './booking-balance';
import { BookingWhen } from './booking-when';
import { viewerZone as detectZone } from './slot-time';
import { bookedTexts, bookingMessage } from './texts';
import { useBooking } from './use-booking';

export interface BookingFormProps {
  /** The signed-in student (scopes the saved draft). */
  studentKey: string;
  teacher: TeacherDetail;
  balance: BookingBalance | undefined;
  onBooked: (requestId: number) => void;
  onOpenPackages: () => void;
}

const required = ({ value }: { value: string }) => (value === '' ? validationKeys.required : undefined);
const DURATIONS = Array.from({ length: MAX_DURATION_HOURS - MIN_DURATION_HOURS + 1 }, (_, i) => MIN_DURATION_HOURS + i);

export function BookingForm({ studentKey, teacher, balance, onBooked, onOpenPackages }: BookingFormProps) {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const { actor, availability } = useBooking({ studentKey, teacher, balance, onOpenPackages });
  const state = useSelector(actor, selectBookingState);
  const machineErrors = useSelector(actor, selectFieldErrors);
  const formError = useSelector(actor, selectFormError);
  const busy = useSelector(actor, selectIsBusy);
  const needsPackage = useSelector(actor, selectNeedsPackage);
  const requestId = useSelector(actor, selectRequestId);
  const { formRef, validateAll } = useValidateAllOnSubmit();
  const ids = { type: useId(), broadcast: useId(), when: useId() };
  const [zone] = useState(detectZone);
  const submittedAt = useSelector(actor, (s) => s.context.checkedAt);
  const panel = useRef<HTMLElement>(null);

  // Errors appear where the eye is: after a refused submit (the form's own checks or the machine's),
  // the first problem is focused and scrolled into view.
  const showFirstProblem = () => {
    const first = panel.current?.querySelector<HTMLElement>('[aria-invalid="true"]') ?? panel.current?.querySelector<HTMLElement>('.field-error');
    if (!first) return;
    // Not every environment scrolls (jsdom); focusing still brings the problem to the reader.
    first.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
    (first.matches('[role="grid"]') ? first.querySelector<HTMLElement>('[tabindex="0"]') : first)?.focus({ preventScroll: true });
  };
  useEffect(() => {
    if (submittedAt !== null && Object.keys(machineErrors).length > 0) showFirstProblem();
  }, [submittedAt, machineErrors]);

  const initial = actor.getSnapshot().context.fields;
  const form = useForm({
    defaultValues: {
      ...initial,
      // One subject: nothing to choose.
      subjectId: initial.subjectId || (teacher.subjects.length === 1 ? String(teacher.subjects[0]!.id) : ''),
    } satisfies BookingFields,
    ...validateAll,
    onSubmit: () => actor.send({ type: 'booking.submit', now: Date.now() }),
    // After React shows the errors; the calendar's focus goes to its active cell, not the grid.
    onSubmitInvalid: () => requestAnimationFrame(showFirstProblem),
  });

  useEffect(() => {
    // The single-subject default belongs to the machine too.
    const subjectId = form.state.values.subjectId;
    if (subjectId !== actor.getSnapshot().context.fields.subjectId) actor.send({ type: 'booking.edit', patch: { subjectId } });
  }, [actor, form]);

  useEffect(() => {
    if (state !== 'submitted' || requestId === null) return;
    void queryClient.invalidateQueries({ queryKey: ['packages', 'balance'] });
    void queryClient.invalidateQueries({ queryKey: ['requests'] });
    void queryClient.invalidateQueries({ queryKey: ['teachers'] });
    toast.show({ severity: 'success', summary: i18n._(bookedTexts.summary), detail: i18n._(bookedTexts.detail) });
    onBooked(requestId);
  }, [state, requestId, queryClient, i18n, onBooked]);

  const edit = (field: AnyFieldApi, key: keyof BookingFields, value: BookingFields[keyof BookingFields]) => {
    field.handleChange(value);
    actor.send({ type: 'booking.edit', patch: { [key]: value } });
  };
  const errorsOf = (field: AnyFieldApi, wire: BookingField) => [
    ...new Set([...visibleErrors(field, i18n), ...(machineErrors[wire] ?? []).map((k) => bookingMessage(k, i18n))]),
  ];

  return (
    <section ref={panel} id="booking" className="booking-panel" aria-labelledby="booking-title">
      <h2 id="booking-title">
        <Trans>Book a session</Trans>
      </h2>
      <BalanceNote balance={balance} />
      <form ref={formRef} className="form booking-form" noValidate aria-label={t`Book a session`} onSubmit={submitWith(form)}>
        <FormError title={t`The booking was not sent:`} messages={formError ? formError.split('\n') : []} />

        <form.Field name="subjectId" validators={{ onChange: required }}>
          {(field) => (
            <Field label={t`Subject`} required errors={errorsOf(field, 'subject_id')}>
              {(control) => (
                <select
                  {...control}
                  name="subjectId"
                  className="input select"
                  value={field.state.value}
                  onChange={(e) => edit(field, 'subjectId', e.target.value)}
                  onBlur={field.handleBlur}
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
          )}
        </form.Field>

        <form.Field name="durationHours">
          {(field) => (
            <Field label={t`Duration`} required errors={errorsOf(field, 'duration_hours')}>
              {(control) => (
                <select
                  {...control}
                  name="durationHours"
                  className="input select"
                  value={field.state.value}
                  onChange={(e) => edit(field, 'durationHours', Number(e.target.value))}
                >
                  {DURATIONS.map((h) => (
                    <option key={h} value={h}>
                      <Plural value={h} one="# hour" other="# hours" />
                    </option>
                  ))}
                </select>
              )}
            </Field>
          )}
        </form.Field>

        <form.Field name="type">
          {(field) => (
            <fieldset className="field choice-group" role="radiogroup" aria-describedby={`${ids.type}-hint`}>
              <legend className="field-label">
                <Trans>When</Trans>
              </legend>
              <div className="choices">
                <label className="choice">
                  <input
                    type="radio"
                    name="type"
                    value="schedule"
                    checked={field.state.value === 'schedule'}
                    onChange={() => edit(field, 'type', 'schedule')}
                  />
                  <span>
                    <Trans>Schedule a time</Trans>
                  </span>
                </label>
                <label className="choice">
                  <input
                    type="radio"
                    name="type"
                    value="urgent"
                    checked={field.state.value === 'urgent'}
                    onChange={() => edit(field, 'type', 'urgent')}
                  />
                  <span>
                    <Trans>Urgent (now)</Trans>
                  </span>
                </label>
              </div>
              <p id={`${ids.type}-hint`} className="field-description">
                {availability.data?.available_now ? (
                  <Trans>The teacher can start now.</Trans>
                ) : (
                  <Trans>An urgent request needs the teacher free now; otherwise choose a time.</Trans>
                )}
              </p>
            </fieldset>
          )}
        </form.Field>

        <form.Subscribe selector={(s) => s.values.type}>
          {(type) =>
            type === 'schedule' ? (
              <form.Field name="startsAt" validators={{ onChange: required }}>
                {(field) => (
                  <BookingWhen
                    availability={availability}
                    value={field.state.value}
                    onChange={(iso) => edit(field, 'startsAt', iso)}
                    viewerZone={zone}
                    labelId={ids.when}
                    errors={errorsOf(field, 'starts_at')}
                  />
                )}
              </form.Field>
            ) : machineErrors.starts_at ? (
              <div className="field-error" role="alert">
                {machineErrors.starts_at.map((k) => (
                  <p key={k}>{bookingMessage(k, i18n)}</p>
                ))}
              </div>
            ) : null
          }
        </form.Subscribe>

        <form.Field name="broadcast">
          {(field) => (
            <div className="booking-check">
              <input
                id={ids.broadcast}
                type="checkbox"
                name="broadcast"
                checked={field.state.value}
                onChange={(e) => edit(field, 'broadcast', e.target.checked)}
                aria-describedby={`${ids.broadcast}-hint`}
              />
              <label htmlFor={ids.broadcast}>
                <Trans>Also send my request to other teachers of the same level</Trans>
              </label>
              <p id={`${ids.broadcast}-hint`} className="field-description">
                <Trans>The first teacher who accepts gives the session.</Trans>
              </p>
            </div>
          )}
        </form.Field>

        <form.Field name="preferredGender">
          {(field) => (
            <Field label={t`Preferred teacher gender`} errors={errorsOf(field, 'preferred_gender')}>
              {(control) => (
                <select
                  {...control}
                  name="preferredGender"
                  className="input select"
                  value={field.state.value}
                  onChange={(e) => edit(field, 'preferredGender', e.target.value === 'male' || e.target.value === 'female' ? e.target.value : '')}
                >
                  <option value="">{t`No preference`}</option>
                  <option value="male">{t`Male`}</option>
                  <option value="female">{t`Female`}</option>
                </select>
              )}
            </Field>
          )}
        </form.Field>

        <form.Field
          name="comment"
          validators={{ onChange: ({ value }) => (value.trim().length > COMMENT_MAX_LENGTH ? validationKeys.tooLong : undefined) }}
        >
          {(field) => (
            <Field label={t`Comment`} errors={errorsOf(field, 'comment')} description={t`What would you like to work on? (optional)`}>
              {(control) => (
                <TextArea
                  {...control}
                  name="comment"
                  rows={3}
                  maxLength={COMMENT_MAX_LENGTH}
                  value={field.state.value}
                  onChange={(e) => edit(field, 'comment', e.target.value)}
                  onBlur={field.handleBlur}
                />
              )}
            </Field>
          )}
        </form.Field>

        {needsPackage ? (
          <div className="booking-needs-package" role="alert">
            <p>
              <Trans>You don't have enough hours for this session. Please buy a package of hours</Trans>
            </p>
            <p className="muted">
              <Trans>Your booking is kept: come back to this page and it will be here as you left it.</Trans>
            </p>
            <Button onClick={() => actor.send({ type: 'packages.open' })}>
              <Trans>See the packages</Trans>
            </Button>
          </div>
        ) : null}

        <Button type="submit" disabled={busy} aria-busy={busy || undefined}>
          {busy ? <Trans>Sending…</Trans> : <Trans>Send the request</Trans>}
        </Button>
      </form>
    </section>
  );
}
