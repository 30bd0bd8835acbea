// What the profile shows beside the form: a student's free trial session and remaining hours (the balance
// of the packages screen, with a link there), a teacher's review status.
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { DEFAULT_TIME_ZONE } from '../../../contract/default-zone';
import { formatDate } from '../../domain/time';
import { FreeTrialLine } from '../../domain/free-trial';
import { balanceQuery } from '../../api/packages';
import type { ProfileDetails } from '../../api/profile';
import { LoadState } from '../../ui/load-state';

export function StudentSummary({ profile }: { profile: ProfileDetails }) {
  const { i18n } = useLingui();
  const balance = useQuery(balanceQuery());
  const hours = balance.data?.hours_remaining ?? 0;
  const until = balance.data?.expires_at ? formatDate(balance.data.expires_at, i18n.locale, DEFAULT_TIME_ZONE, 'long') : '';
  return (
    <section className="profile-card profile-summary" aria-labelledby="summary-title" aria-busy={balance.isPending || undefined}>
      <h2 id="summary-title">
        <Trans>Your lessons</Trans>
      </h2>
      {/* The balance knows a trial booked but still ahead: until it loads, only "waiting for you" is sure. */}
      {balance.data ? (
        <FreeTrialLine balance={balance.data} testId="free-session" />
      ) : profile.has_free_session ? (
        <FreeTrialLine balance={{ free_trial_available: true, free_trial_booking: null }} testId="free-session" />
      ) : null}
      {balance.data ? (
        <>
          <p className="balance-hours" data-testid="profile-hours" data-hours={balance.data.hours_remaining}>
            <Plural value={hours} one="# hour remaining" other="# hours remaining" />
          </p>
          {until ? (
            <p className="muted">
              <Trans>Use them by {until}</Trans>
            </p>
          ) : null}
        </>
      ) : (
        <LoadState
          failed={balance.isError}
          failedText={<Trans>Your balance could not be loaded.</Trans>}
          loadingText={<Trans>Loading your balance…</Trans>}
        />
      )}
      <Link to="/packages" className="button button-secondary">
        <Trans>Buy hours</Trans>
      </Link>
    </section>
  );
}

const statusTexts: Record<string, { label: MessageDescriptor; detail: MessageDescriptor }> = {
  active: { label: msg`Active`, detail: msg`Your account is active: students can send you requests.` },
  in_review: { label: msg`Under review`, detail: msg`Our team is checking your details and documents.` },
  policy: { label: msg`Waiting for your acceptance of the terms`, detail: msg`Accept the teacher terms to start teaching.` },
  rejected: { label: msg`Changes needed`, detail: msg`Your application needs corrections before it can be approved.` },
  suspended: { label: msg`Suspended`, detail: msg`Your account is suspended. Please contact us.` },
};

export function TeacherStatus({ profile }: { profile: ProfileDetails }) {
  const { i18n } = useLingui();
  const status = profile.status ?? 'in_review';
  const text = statusTexts[status] ?? statusTexts.in_review!;
  return (
    <section className="profile-card teacher-status" aria-labelledby="status-title">
      <h2 id="status-title">
        <Trans>Account status</Trans>
      </h2>
      <p>
        <span className={`status-badge status-${status}`} data-testid="teacher-status" data-status={status}>
          {i18n._(text.label)}
        </span>
      </p>
      <p className="muted">{i18n._(text.detail)}</p>
    </section>
  );
}
