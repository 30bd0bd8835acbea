// The guided booking of a teacher's page (spec §3 "Booking", §5): the child (when the family has
// several) → subject → duration
// → time (a free start on the calendar the server computes, or "now" when the teacher can take an
// urgent request) → review (both clocks with zones, the hours it costs, broadcast, preferred gender,
// comment) → confirm. The booking statechart (machines/booking) holds the fields and judges each
// step; this component shows the step it is in and sends every change to it, so a reload, a refusal
// or the visit to /packages never loses anything. Errors appear where the eye is: each check that
// finds a problem (a step's "next", a refused confirm, "just taken") focuses the first problem and
// scrolls it into view; each new step moves focus to its heading.
import './booking.css';
import { useEffect, useId, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import { Trans, useLingui } from '@lingui/react/macro';
import type { TeacherDetail } from '../../../contract/teachers';
import {
  choosesChild,
  selectBookingState,
  selectFieldErrors,
  selectFields,
  selectFormError,
  selectIsBusy,
  selectIsReview,
  selectNeedsPackage,
  selectRequestId,
  type BookingBalance,
  type BookingChild,
  type BookingField,
  type BookingFields,
  type BookingStep,
} from '../../../machines/booking.machine';
import { refreshAfterRequestChange } from '../../api/requests';
import { forgetBookingReturn } from '../../bindings/booking';
import { Button } from '../../ui/button';
import { FormError } from '../../ui/form-error';
import { toast } from '../../ui/toast-store';
import { BookingBalance as BalanceNote } from './booking-balance';
import { BookingReview } from './booking-review';
import { NextWeekNotice, useNextWeekOffer } from './next-week';
import { ChildStep, DurationStep, SlotStep, StepProgress, SubjectStep } from './booking-steps';
import { deviceZone as detectZone } from '../../domain/time';
import { bookedTexts, bookingMessage } from './texts';
import { genderKey } from '../../domain/teacher-gender';
import { useBooking } from './use-booking';
import { useStepHistory } from './step-history';

export interface BookingFormProps {
  /** The signed-in family (scopes the saved draft and the remembered child). */
  studentKey: string;
  teacher: TeacherDetail;
  balance: BookingBalance | undefined;
  /** The family's active children; null when unknown. */
  children: BookingChild[] | null;
  onBooked: (requestId: number) => void;
  onOpenPackages: () => void;
}

/** Where the eye should go: the first invalid control (the calendar's active cell for the grid) or message. */
/** Offline at the submit, the toast saying so must not need the network: the toaster's code comes first. */
const preloadToaster = () => void import('../../ui/toaster').catch(() => undefined);

function focusFirstProblem(panel: HTMLElement | null): void {
  const first = panel?.querySelector<HTMLElement>('[aria-invalid="true"]') ?? panel?.querySelector<HTMLElement>('.field-error');
  if (!first) return;
  // Not every environment scrolls (jsdom); focusing still brings the problem to the reader.
  first.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
  (first.matches('[role="grid"]') ? first.querySelector<HTMLElement>('[tabindex="0"]') : first)?.focus({ preventScroll: true });
}

export function BookingForm({ studentKey, teacher, balance, children, onBooked, onOpenPackages }: BookingFormProps) {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const { actor, availability, chooseSeries, draft } = useBooking({ studentKey, teacher, balance, children, onOpenPackages });
  const nextWeek = useNextWeekOffer(actor, studentKey, teacher.id, availability.data);
  const withChild = choosesChild(children);
  const state = useSelector(actor, selectBookingState);
  const fields = useSelector(actor, selectFields);
  const machineErrors = useSelector(actor, selectFieldErrors);
  const formError = useSelector(actor, selectFormError);
  const busy = useSelector(actor, selectIsBusy);
  const isReview = useSelector(actor, selectIsReview);
  const needsPackage = useSelector(actor, selectNeedsPackage);
  const requestId = useSelector(actor, selectRequestId);
  const checkedAt = useSelector(actor, (s) => s.context.checkedAt);
  const ids = { broadcast: useId(), when: useId() };
  const [zone] = useState(detectZone);
  const panel = useRef<HTMLElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const step: BookingStep = isReview
    ? 'review'
    : state === 'child' || state === 'subject' || state === 'duration' || state === 'slot'
      ? state
      : 'review';
  const firstStep: BookingStep = withChild ? 'child' : 'subject';
  useStepHistory({ actor, step, withChild, draft });
  const child = children?.find((c) => String(c.id) === fields.childId) ?? null;

  useEffect(() => {
    // One subject: nothing to choose (the machine still holds it, so the review shows it).
    if (!actor.getSnapshot().context.fields.subjectId && teacher.subjects.length === 1) {
      actor.send({ type: 'booking.edit', patch: { subjectId: String(teacher.subjects[0]!.id) } });
    }
  }, [actor, teacher]);

  // A new step: focus its heading so keyboard and screen reader users start there (not on first render).
  const shownStep = useRef(step);
  useEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    heading.current?.focus({ preventScroll: false });
  }, [step]);

  // After React shows them: the first problem of the latest check (or of "just taken").
  useEffect(() => {
    if (Object.keys(machineErrors).length > 0 && checkedAt !== null) requestAnimationFrame(() => focusFirstProblem(panel.current));
  }, [checkedAt, machineErrors]);

  useEffect(() => {
    if (state !== 'submitted' || requestId === null) return;
    void refreshAfterRequestChange(queryClient);
    forgetBookingReturn();
    const gender = actor.getSnapshot().context.fields.broadcast ? 'other' : genderKey(teacher.gender);
    toast.show({ severity: 'success', summary: i18n._(bookedTexts.summary), detail: i18n._(bookedTexts.detail(gender)) });
    onBooked(requestId);
  }, [state, requestId, queryClient, i18n, onBooked, actor, teacher.gender]);

  const edit = (patch: Partial<BookingFields>) => actor.send({ type: 'booking.edit', patch });
  const errors = (wire: BookingField) => [...new Set((machineErrors[wire] ?? []).map((k) => bookingMessage(k, i18n)))];
  const stepProps = { fields, errors, edit };
  const titles: Record<BookingStep, string> = {
    child: t`Who is this lesson for?`,
    subject: t`Which subject?`,
    duration: t`How long?`,
    slot: t`When?`,
    review: t`Check and send`,
  };

  const onSubmit = (e: React.FormEvent) => {
    e.preventDefault();
    if (step === 'review') actor.send({ type: 'booking.submit', now: Date.now() });
    else actor.send({ type: 'booking.next', now: Date.now() });
  };

  return (
    <section ref={panel} id="booking" className="booking-panel" aria-labelledby="booking-title">
      <h2 id="booking-title">
        <Trans>Book a session</Trans>
      </h2>
      <BalanceNote balance={balance} />
      <StepProgress current={step} withChild={withChild} />
      <NextWeekNotice offer={nextWeek} actor={actor} viewerZone={zone} />
      <form className="form booking-form" noValidate aria-label={t`Book a session`} onSubmit={onSubmit} onFocus={preloadToaster}>
        <h3 ref={heading} tabIndex={-1} className="booking-step-title">
          {titles[step]}
        </h3>
        {step === 'child' ? <ChildStep {...stepProps} choices={children ?? []} /> : null}
        {step === 'subject' ? <SubjectStep {...stepProps} teacher={teacher} /> : null}
        {step === 'duration' ? <DurationStep {...stepProps} /> : null}
        {step === 'slot' ? (
          <SlotStep {...stepProps} availability={availability} viewerZone={zone} labelId={ids.when} teacher={teacher} />
        ) : null}
        {step === 'review' ? (
          <>
            <FormError title={t`The booking was not sent:`} messages={formError ? formError.split('\n') : []} />
            <BookingReview
              fields={fields}
              child={child}
              canChangeChild={withChild}
              teacher={teacher}
              teacherZone={availability.data?.time_zone ?? teacher.time_zone}
              viewerZone={zone}
              balance={balance}
              errors={errors}
              edit={edit}
              change={(to) => actor.send({ type: 'booking.change', step: to })}
              needsPackage={needsPackage}
              onOpenPackages={() => actor.send({ type: 'packages.open' })}
              ids={ids}
              onSeries={chooseSeries}
            />
          </>
        ) : null}
        <div className="booking-nav">
          {step !== firstStep ? (
            <Button variant="ghost" onClick={() => actor.send({ type: 'booking.back' })} disabled={busy}>
              <Trans>Back</Trans>
            </Button>
          ) : null}
          {step === 'review' ? (
            <Button type="submit" disabled={busy} aria-busy={busy || undefined}>
              {busy ? <Trans>Sending…</Trans> : <Trans>Send the request</Trans>}
            </Button>
          ) : (
            <Button type="submit">
              <Trans>Next</Trans>
            </Button>
          )}
        </div>
      </form>
    </section>
  );
}
