// The student's rating of a finished session, once: 1 to 5 stars as a radio group (arrow keys move
// between stars, each named "3 stars" and so on) and an optional comment. The server refuses a second
// rating; after saving, the form gives way to the rating given, and the teacher's card reads it.
import { useId, useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { COMMENT_MAX_LENGTH } from '../../contract/requests';
import { isApiError } from '../api/api-error';
import { rateRequest, putRequest, refreshAfterRequestChange } from '../api/requests';
import { Button } from '../ui/button';
import { Field } from '../ui/field';
import { TextArea } from '../ui/text-area';
import { toast } from '../ui/toast-store';

const STARS = [1, 2, 3, 4, 5] as const;

export function RatingForm({ requestId }: { requestId: number }) {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const legendId = useId();
  const errorId = useId();
  const [rating, setRating] = useState<number | null>(null);
  const [comment, setComment] = useState('');
  const [ratingError, setRatingError] = useState<string | null>(null);
  const [commentErrors, setCommentErrors] = useState<string[]>([]);

  const save = useMutation({
    mutationFn: (input: { rating: number; comment: string | null }) => rateRequest(requestId, input),
    onSuccess: (detail) => {
      putRequest(queryClient, detail, i18n.locale);
      toast.show({ severity: 'success', summary: t`Thank you for your rating!` });
    },
    onError: (error) => {
      if (isApiError(error) && error.status === 400) {
        setRatingError(error.fieldErrors.rating?.join(' ') ?? null);
        setCommentErrors(error.fieldErrors.comment ?? []);
      }
    },
    onSettled: () => refreshAfterRequestChange(queryClient),
  });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const tooLong = comment.trim().length > COMMENT_MAX_LENGTH;
    setRatingError(rating === null ? t`Choose from 1 to 5 stars.` : null);
    const max = COMMENT_MAX_LENGTH;
    setCommentErrors(tooLong ? [t`The comment can be at most ${max} characters.`] : []);
    if (rating === null || tooLong) return;
    save.mutate({ rating, comment: comment.trim() || null });
  };

  return (
    <form className="rating-form" onSubmit={submit} noValidate aria-labelledby="rating-title">
      <h2 id="rating-title">
        <Trans>Rate the teacher</Trans>
      </h2>
      <fieldset className="rating-stars" aria-describedby={ratingError ? errorId : undefined} aria-invalid={ratingError ? true : undefined}>
        <legend id={legendId}>
          <Trans>How was the session?</Trans>
        </legend>
        <div className="rating-star-row">
          {STARS.map((value) => (
            <label key={value} className={`rating-star${rating !== null && value <= rating ? ' rating-star-on' : ''}`}>
              <input
                type="radio"
                name={`rating-${requestId}`}
                value={value}
                checked={rating === value}
                onChange={() => {
                  setRating(value);
                  setRatingError(null);
                }}
                className="rating-star-input"
              />
              <span aria-hidden="true">★</span>
              <span className="visually-hidden">
                <Plural value={value} one="# star" other="# stars" />
              </span>
            </label>
          ))}
        </div>
        <p id={errorId} className="field-error" aria-live="polite">
          {ratingError}
        </p>
      </fieldset>
      <Field label={<Trans>Comment (optional)</Trans>} errors={commentErrors}>
        {(control) => (
          <TextArea {...control} rows={3} maxLength={COMMENT_MAX_LENGTH} value={comment} onChange={(e) => setComment(e.target.value)} />
        )}
      </Field>
      <Button type="submit" disabled={save.isPending}>
        <Trans>Send rating</Trans>
      </Button>
    </form>
  );
}
