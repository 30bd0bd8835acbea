// /in-review (spec §2): where a teacher waits while the account is not open. Three variants,
// chosen by the review status: in review (what happens next, how long, how to reach us), rejected (the
// reviewer's reason and a form to resubmit corrected documents) and suspended (a notice; only for a
// profile that reports it, since a suspension revokes the teacher's sessions and refuses sign-in). The page
// changes by itself when the status does (realtime channel → profile reload → guards).
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { Trans } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { selectTeacherReason } from '../../../machines/teacher-status.machine';
import { ResubmitDocumentsForm } from './resubmit-documents-form';
import { scrollBelowHeader } from '../../ui/scroll-into-view';
import type { TeacherStatusBinding } from './use-teacher-status';
import './teacher.css';

export function InReviewPage({ teacherStatus }: { teacherStatus: TeacherStatusBinding }) {
  const { actor, uploadError } = teacherStatus;
  const rejected = useSelector(actor, (s) => s.hasTag('review:rejected') || s.matches('submittingDocuments'));
  const suspended = useSelector(actor, (s) => s.hasTag('review:suspended'));
  const reason = useSelector(actor, selectTeacherReason);
  // Corrected documents just sent: the page turns from "needs corrections" to "under review". It then
  // thanks for the documents (not for registering again) and brings its new title into view, since the
  // form that was sent sat far down the page.
  const [wasRejected, setWasRejected] = useState(rejected);
  const [resubmitted, setResubmitted] = useState(false);
  if (rejected !== wasRejected) {
    setWasRejected(rejected);
    if (wasRejected && !rejected && !suspended) setResubmitted(true);
  }

  if (suspended) {
    return (
      <ReviewCard review="suspended" title={<Trans>Your teacher account is suspended</Trans>}>
        <p>
          <Trans>While the account is suspended you cannot receive new requests. Your data is kept.</Trans>
        </p>
        {reason ? (
          <div className="review-reason" role="note">
            <h2>
              <Trans>Reason given by the reviewer</Trans>
            </h2>
            <p>
              <bdi>{reason}</bdi>
            </p>
          </div>
        ) : null}
        <p>
          <Trans>
            If you think this is a mistake, or to ask how to reactivate the account, please <Link to="/contact-us">contact us</Link>.
          </Trans>
        </p>
      </ReviewCard>
    );
  }

  if (rejected) {
    return (
      <ReviewCard review="rejected" title={<Trans>Your application needs corrections</Trans>}>
        <div className="review-reason" role="note">
          <h2>
            <Trans>Reason given by the reviewer</Trans>
          </h2>
          <p data-testid="review-reason">
            <bdi>{reason ?? '…'}</bdi>
          </p>
        </div>
        <p>
          <Trans>Upload corrected documents below. Your account will then be reviewed again, usually within 1–2 working days.</Trans>
        </p>
        <ResubmitDocumentsForm actor={actor} serverError={uploadError} />
        <p className="muted small">
          <Trans>
            Questions? <Link to="/contact-us">Contact us</Link>.
          </Trans>
        </p>
      </ReviewCard>
    );
  }

  return (
    <ReviewCard review="in_review" title={<Trans>Your account is under review</Trans>} focusTitle={resubmitted}>
      <p data-testid="review-intro">
        {resubmitted ? (
          <Trans>We received your corrected documents. Our team is checking them again.</Trans>
        ) : (
          <Trans>Thank you for registering as a teacher with Noor. Our team is checking your details and documents.</Trans>
        )}
      </p>
      <h2>
        <Trans>What happens next</Trans>
      </h2>
      <ol className="review-steps">
        <li>
          <Trans>A reviewer checks your identity documents and qualification.</Trans>
        </li>
        <li>
          <Trans>Review usually takes 1–2 working days.</Trans>
        </li>
        <li>
          <Trans>Once approved, this page moves on by itself to the teacher terms. Accept them to start receiving requests.</Trans>
        </li>
        <li>
          <Trans>If something needs correcting, you will see the reason here and can upload new documents.</Trans>
        </li>
      </ol>
      <p>
        <Trans>
          Questions about your application? <Link to="/contact-us">Contact us</Link>.
        </Trans>
      </p>
    </ReviewCard>
  );
}

/** The screen's card: `review` names the state shown (for styles and tests), `title` is the page's heading. */
function ReviewCard({
  review,
  title,
  focusTitle = false,
  children,
}: {
  review: 'suspended' | 'rejected' | 'in_review';
  title: ReactNode;
  /** Scroll the title into view and focus it (the page changed under the reader). */
  focusTitle?: boolean;
  children: ReactNode;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (!focusTitle || !heading.current) return;
    scrollBelowHeader(heading.current);
  }, [focusTitle]);
  return (
    <section className="page container teacher-page" aria-labelledby="review-title" data-review={review}>
      <div className="teacher-card">
        <h1 id="review-title" ref={heading} tabIndex={-1}>
          {title}
        </h1>
        {children}
      </div>
    </section>
  );
}
