// A finished lesson's rating wherever the family meets it — the session details and the end of the live
// session: the stars and comment given, or, while the request machine allows `rate`, the form to give
// them (once; the server refuses a second). A teacher sees the rating given, never the form.
import './lesson-rating.css';
import { Plural, Trans } from '@lingui/react/macro';
import type { RequestAction, RequestDetail } from '../../contract/requests';
import { RatingForm } from './rating-form';

export function LessonRating({
  detail,
  actions,
  side,
}: {
  detail: RequestDetail;
  actions: readonly RequestAction[];
  side: 'student' | 'teacher';
}) {
  if (detail.evaluation) {
    const rating = detail.evaluation.rating;
    return (
      <section className="rating-given" aria-labelledby="rating-given-title">
        <h2 id="rating-given-title">
          <Trans>Rating</Trans>
        </h2>
        <p data-testid="rating-given">
          <span aria-hidden="true">{'★'.repeat(rating)}</span> <Plural value={rating} one="# star out of 5" other="# stars out of 5" />
        </p>
        {detail.evaluation.comment ? <p>{detail.evaluation.comment}</p> : null}
      </section>
    );
  }
  return side === 'student' && actions.includes('rate') ? <RatingForm requestId={detail.id} /> : null;
}
