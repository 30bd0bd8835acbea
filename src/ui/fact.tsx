// One term and its value in a description list (<dl>): the pair wrapped in a <div>, as HTML allows, so
// a grid can lay the pairs out.
import type { ReactNode } from 'react';

export interface FactProps {
  term: ReactNode;
  children: ReactNode;
  className?: string;
  valueClassName?: string;
  /** data-testid of the value (<dd>). */
  valueTestId?: string;
}

export function Fact({ term, children, className, valueClassName, valueTestId }: FactProps) {
  return (
    <div className={className}>
      <dt>{term}</dt>
      <dd className={valueClassName} data-testid={valueTestId}>
        {children}
      </dd>
    </div>
  );
}
