// A rating as five stars with its accessible text ("Rated 4.5 out of 5 by 12 students"); the stars
// themselves are decoration for assistive technology. Stars fill in part (4.5 → four and a half, 4.7 →
// the fifth 70 % full, from the reading side), and only an average carries its count: one review's own
// rating shows no "(1)".
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { CSSProperties } from 'react';

export interface RatingStarsProps {
  average: number;
  /** How many ratings the average is of; leave out for a single review's rating. */
  count?: number;
}

/** How full star `n` (1–5) is for a rating, in tenths, as a percentage. */
export function starFill(average: number, n: number): number {
  const part = Math.min(1, Math.max(0, average - (n - 1)));
  return Math.round(part * 10) * 10;
}

export function RatingStars({ average, count }: RatingStarsProps) {
  const { i18n } = useLingui();
  const value = new Intl.NumberFormat(i18n.locale, { maximumFractionDigits: 1 }).format(average);
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
        {[1, 2, 3, 4, 5].map((n) => {
          const fill = starFill(average, n);
          return (
            <span key={n} className="star" data-fill={fill} style={{ '--star-fill': `${fill}%` } as CSSProperties}>
              <span className="star-base">★</span>
              <span className="star-fill">★</span>
            </span>
          );
        })}
      </span>
      <span className="visually-hidden">
        {count === undefined ? (
          <Trans>Rated {value} out of 5</Trans>
        ) : (
          <Plural value={count} one={`Rated ${value} out of 5 by # student`} other={`Rated ${value} out of 5 by # students`} />
        )}
      </span>
      <span aria-hidden="true" className="rating-text">
        {count === undefined ? value : `${value} (${i18n.number(count)})`}
      </span>
    </p>
  );
}
