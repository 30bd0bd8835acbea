// A rating as five stars with its accessible text ("Rated 4.5 out of 5 by 12 students"); the stars
// themselves are decoration for assistive technology.
import { Plural, Trans, useLingui } from '@lingui/react/macro';

export function RatingStars({ average, count }: { average: number; count: number }) {
  const { i18n } = useLingui();
  const value = new Intl.NumberFormat(i18n.locale, { maximumFractionDigits: 1 }).format(average);
  const filled = Math.round(average);
  if (count === 0) {
    return (
      <p className="rating rating-none">
        <Trans>No ratings yet</Trans>
      </p>
    );
  }
  return (
    <p className="rating">
      <span className="rating-stars" aria-hidden="true">
        {[1, 2, 3, 4, 5].map((n) => (
          <span key={n} className={n <= filled ? 'star star-on' : 'star'}>
            ★
          </span>
        ))}
      </span>
      <span className="visually-hidden">
        <Plural value={count} one={`Rated ${value} out of 5 by # student`} other={`Rated ${value} out of 5 by # students`} />
      </span>
      <span aria-hidden="true" className="rating-text">
        {value} ({count})
      </span>
    </p>
  );
}
