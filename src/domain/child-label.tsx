// How the child a lesson is for is named wherever a lesson is shown: request cards, session details,
// the notifications list and the live session. A family reads its child's first and last name (it knows
// its children's phases); a teacher reads the first name and the school phase, which is all the server
// sends a teacher (contract/children.ts: `last_name` is null for them).
import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { Child, ChildRef } from '../../contract/children';
import { Fact } from '../ui/fact';
import type { LessonSide } from './viewer';

/** "Maryam Ahmad" for the family, "Maryam · Grade 2" for the teacher. */
export function childLabel(child: ChildRef, side: LessonSide): string {
  if (side === 'teacher') return `${child.first_name} · ${child.phase.name}`;
  return `${child.first_name} ${child.last_name ?? ''}`.trim();
}

export interface ForChildProps {
  child: ChildRef;
  side: LessonSide;
  /** A term in a description list (cards, details) or one line of text (notifications). */
  as?: 'fact' | 'line';
  testId?: string;
  /** The family's side only: the name opens the child's progress page. */
  linkToProgress?: boolean;
}

/**
 * The child's label with the name isolated (<bdi>): an Arabic name on an English page, or a Latin one on
 * an Arabic page, keeps the separator and the punctuation after it in place.
 */
function ChildLabelText({ child, side }: { child: ChildRef; side: LessonSide }) {
  if (side === 'teacher')
    return (
      <>
        <bdi>{child.first_name}</bdi> · {child.phase.name}
      </>
    );
  return <bdi>{childLabel(child, side)}</bdi>;
}

/** "For: مريم · الصف الثاني". */
export function ForChild({ child, side, as = 'fact', testId, linkToProgress = false }: ForChildProps) {
  const label = <ChildLabelText child={child} side={side} />;
  if (as === 'line') {
    return (
      <span className="for-child" data-testid={testId}>
        <Trans>For: {label}</Trans>
      </span>
    );
  }
  return (
    <Fact term={<Trans>For</Trans>} valueTestId={testId}>
      {linkToProgress && side === 'student' ? (
        <ProgressLink childId={child.id} name={childLabel(child, side)}>
          {label}
        </ProgressLink>
      ) : (
        label
      )}
    </Fact>
  );
}

/** A link to the child's progress page, named for what it opens (the child's name, unless told otherwise). */
export function ProgressLink({
  childId,
  name,
  children,
  className,
}: {
  childId: number;
  name: string;
  children?: ReactNode;
  className?: string;
}) {
  const { t } = useLingui();
  return (
    <Link
      to="/children/$childId/progress"
      params={{ childId: String(childId) }}
      aria-label={t`Progress of ${name}`}
      className={className}
      data-testid={`progress-link-${childId}`}
    >
      {children ?? name}
    </Link>
  );
}

/**
 * What a child has had of the family's balance: "2 lessons taken · 3 hours used" — on the profile's
 * children and beside the purchase history (the hours are the family's; this says who used them).
 */
export function ChildUsage({ child, testId }: { child: Pick<Child, 'lessons_taken' | 'hours_used'>; testId?: string }) {
  const hours = child.hours_used;
  const lessons = child.lessons_taken;
  return (
    <span className="child-usage" data-testid={testId} data-hours={hours} data-lessons={lessons}>
      <Plural value={lessons} _0="No lessons taken yet" one="# lesson taken" other="# lessons taken" />
      {' · '}
      <Plural value={hours} _0="no hours used" one="# hour used" other="# hours used" />
    </span>
  );
}
