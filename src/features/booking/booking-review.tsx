// The review step of the guided booking: what will be asked — the child it is for, subject, teacher, the time in
// the viewer's clock and the teacher's (zones named), the hours it costs against the balance or the
// free trial — with a "change" button back to each step, then the optional comment, broadcast and
// preferred gender, the packages detour when the hours do not cover it, and the confirm button.
import { lazy, Suspense, type ReactNode } from 'react';
import { select } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { bookingCost } from '../../../contract/booking-cost';
import { COMMENT_MAX_LENGTH } from '../../../contract/requests';
import type { TeacherDetail } from '../../../contract/teachers';
import {
  type BookingBalance,
  type BookingChild,
  type BookingFields,
  type BookingSeries,
  type BookingStep,
} from '../../../machines/booking.machine';
import { Button } from '../../ui/button';
import { Field } from '../../ui/field';
import { SelectInput } from '../../ui/select-input';
import { TextArea } from '../../ui/text-area';
import { ChosenTime } from './booking-when';
import { genderKey, teacherLabel } from '../../domain/teacher-gender';

// Only a weekly series needs it: its own chunk, fetched when the review shows.
const SeriesReview = lazy(() => import('./series-review').then((m) => ({ default: m.SeriesReview })));

export interface BookingReviewProps {
  fields: BookingFields;
  /** The child the lesson is for (null: unknown, the server takes the family's only child). */
  child: BookingChild | null;
  /** The family has several children: the child can be changed from here. */
  canChangeChild: boolean;
  teacher: TeacherDetail;
  teacherZone: string;
  viewerZone: string;
  balance: BookingBalance | undefined;
  errors: (wire: 'child_id' | 'subject_id' | 'duration_hours' | 'starts_at' | 'comment' | 'preferred_gender') => string[];
  edit: (patch: Partial<BookingFields>) => void;
  change: (step: BookingStep) => void;
  needsPackage: boolean;
  onOpenPackages: () => void;
  ids: { broadcast: string };
  /** The weekly series the confirm books (null: one lesson); kept in the booking's fields. */
  onSeries: (choice: BookingSeries | null) => void;
}

function Row({ label, children, onChange, problems }: { label: string; children: ReactNode; onChange: () => void; problems: string[] }) {
  const { t } = useLingui();
  return (
    <div className="booking-review-row">
      <dt>{label}</dt>
      <dd>
        {children}
        {problems.length ? (
          <span className="field-error" role="alert" tabIndex={-1}>
            {problems.join(' ')}
          </span>
        ) : null}
      </dd>
      <dd>
        <Button variant="secondary" onClick={onChange} aria-label={t`Change: ${label}`}>
          <Trans>Change</Trans>
        </Button>
      </dd>
    </div>
  );
}

/** The price line: what the server will charge, by the same rule (contract/booking-cost.ts). */
function Cost({ fields, balance }: { fields: BookingFields; balance: BookingBalance | undefined }) {
  const hours = fields.durationHours;
  if (!balance) return <Plural value={hours} one="# hour" other="# hours" />;
  const cost = bookingCost(hours, balance);
  if (cost.pay === 'free_trial') return <Trans>Your free trial covers this session; your hours stay as they are.</Trans>;
  if (cost.pay === 'hours') {
    const left = Math.floor(cost.minutesLeft / 60);
    return (
      <Plural
        value={left}
        _0="Paid from your hours; none left after it."
        one="Paid from your hours; # hour left after it."
        other="Paid from your hours; # hours left after it."
      />
    );
  }
  return <Trans>Your hours do not cover this session.</Trans>;
}

export function BookingReview(props: BookingReviewProps) {
  const { fields, child, canChangeChild, teacher, teacherZone, viewerZone, balance, errors, edit, change, needsPackage, ids } = props;
  const { t, i18n } = useLingui();
  const gender = genderKey(teacher.gender);
  const subject = teacher.subjects.find((s) => String(s.id) === fields.subjectId)?.name ?? '';
  const timeProblems = errors('starts_at');
  return (
    <>
      <dl className="booking-review">
        {canChangeChild ? (
          <Row label={t`Child`} onChange={() => change('child')} problems={errors('child_id')}>
            <bdi data-testid="booking-child">{child?.firstName ?? ''}</bdi>
          </Row>
        ) : child ? (
          <div className="booking-review-row">
            <dt>
              <Trans>Child</Trans>
            </dt>
            <dd>
              <bdi data-testid="booking-child">{child.firstName}</bdi>
            </dd>
          </div>
        ) : null}
        <div className="booking-review-row">
          <dt>{i18n._(teacherLabel(gender))}</dt>
          <dd>
            <bdi>
              {teacher.first_name} {teacher.last_name}
            </bdi>
          </dd>
        </div>
        <Row label={t`Subject`} onChange={() => change('subject')} problems={errors('subject_id')}>
          {subject}
        </Row>
        <Row label={t`Duration`} onChange={() => change('duration')} problems={errors('duration_hours')}>
          <Plural value={fields.durationHours} one="# hour" other="# hours" />
          <br />
          <Cost fields={fields} balance={balance} />
        </Row>
        <Row label={t`Time`} onChange={() => change('slot')} problems={timeProblems}>
          {fields.type === 'urgent' ? (
            t`${select(gender, { female: 'Now, as soon as the teacher accepts', other: 'Now, as soon as the teacher accepts' })}`
          ) : fields.startsAt ? (
            <ChosenTime iso={fields.startsAt} viewerZone={viewerZone} teacherZone={teacherZone} teacherGender={teacher.gender} />
          ) : null}
        </Row>
      </dl>

      {fields.type === 'schedule' && fields.startsAt && !fields.broadcast && teacher.subjects.length ? (
        <Suspense fallback={null}>
          <SeriesReview
            teacherId={teacher.id}
            subjectId={Number(fields.subjectId)}
            childId={fields.childId ? Number(fields.childId) : undefined}
            startsAt={fields.startsAt}
            durationHours={fields.durationHours}
            viewerZone={viewerZone}
            chosen={fields.series}
            onChoice={props.onSeries}
          />
        </Suspense>
      ) : null}

      <div className="booking-check">
        <input
          id={ids.broadcast}
          type="checkbox"
          name="broadcast"
          checked={fields.broadcast}
          onChange={(e) => edit({ broadcast: e.target.checked })}
          aria-describedby={`${ids.broadcast}-hint`}
        />
        <label htmlFor={ids.broadcast}>
          <Trans>Also send my request to other teachers of the same level</Trans>
        </label>
        <p id={`${ids.broadcast}-hint`} className="field-description">
          <Trans>The first teacher who accepts gives the session.</Trans>
        </p>
      </div>

      <Field label={t`Preferred teacher gender`} errors={errors('preferred_gender')}>
        {(control) => (
          <SelectInput
            {...control}
            name="preferredGender"
            placeholder={t`No preference`}
            options={[
              { value: 'male', label: t`Male` },
              { value: 'female', label: t`Female` },
            ]}
            value={fields.preferredGender}
            onChange={(value) => edit({ preferredGender: value === 'male' || value === 'female' ? value : '' })}
          />
        )}
      </Field>

      <Field label={t`Comment`} errors={errors('comment')} description={t`What would you like to work on? (optional)`}>
        {(control) => (
          <TextArea
            {...control}
            name="comment"
            rows={3}
            maxLength={COMMENT_MAX_LENGTH}
            value={fields.comment}
            onChange={(e) => edit({ comment: e.target.value })}
          />
        )}
      </Field>

      {needsPackage ? (
        <div className="booking-needs-package" role="alert">
          <p>
            <Trans>You don't have enough hours for this session. Please buy a package of hours</Trans>
          </p>
          <p className="muted">
            <Trans>Your booking is kept: after buying, "Continue your booking" brings you back to this review.</Trans>
          </p>
          <Button onClick={props.onOpenPackages}>
            <Trans>See the packages</Trans>
          </Button>
        </div>
      ) : null}
    </>
  );
}
