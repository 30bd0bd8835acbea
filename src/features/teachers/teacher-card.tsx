// One teacher in the list, leading with what a parent decides on: photo or initials, name (a link to
// the teacher's page), the available-now badge, rating with its count, subjects and phases, a one-line
// bio and the next free time on the viewer's clock. A guest, who cannot open a teacher's page, gets a
// "Preview" button instead (the dialog's code loads on the first press, not with the list).
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import type { TeacherCard as Teacher } from '../../../contract/teachers';
import { Avatar } from '../../domain/avatar';
import { fullName, scriptLang } from './format';
import { AvailableNowBadge } from './available-badge';
import { NextFree } from './next-free';
import { RatingStars } from './rating-stars';

export function TeacherCard({
  teacher,
  onPreview,
}: {
  teacher: Teacher;
  onPreview?: ((teacher: Teacher, opener: HTMLElement) => void) | undefined;
}) {
  const { t } = useLingui();
  // Isolated wherever it is shown: the name may be in the other script than the page.
  const name = <bdi>{fullName(teacher)}</bdi>;
  return (
    <li className="teacher-card" data-testid={`teacher-${teacher.id}`}>
      <div className="teacher-card-head">
        <Avatar person={teacher} />
        <h2 className="teacher-card-name">
          <Link to="/teachers/$id" params={{ id: String(teacher.id) }} dir="auto">
            {name}
          </Link>
        </h2>
        <AvailableNowBadge available={teacher.available_now} />
      </div>
      <RatingStars average={teacher.rating.average} count={teacher.rating.count} />
      {teacher.subjects.length || teacher.phases.length ? (
        <ul className="teacher-chips" aria-label={t`Subjects and phases`}>
          {teacher.subjects.map((s) => (
            <li key={`s${s.id}`} className="teacher-chip">
              {s.name}
            </li>
          ))}
          {teacher.phases.map((p) => (
            <li key={`p${p.id}`} className="teacher-chip teacher-chip-phase">
              {p.name}
            </li>
          ))}
        </ul>
      ) : null}
      {teacher.description ? (
        <p className="teacher-card-bio" dir="auto" lang={scriptLang(teacher.description)}>
          {teacher.description}
        </p>
      ) : null}
      <NextFree iso={teacher.next_free} />
      {onPreview ? (
        <button
          type="button"
          className="button button-ghost teacher-card-preview"
          aria-haspopup="dialog"
          onClick={(e) => onPreview(teacher, e.currentTarget)}
        >
          <span>
            <Trans>Preview {name}</Trans>
          </span>
        </button>
      ) : null}
    </li>
  );
}

export function TeacherCardSkeleton() {
  return (
    <li className="teacher-card teacher-card-skeleton" aria-hidden="true">
      <span className="skeleton skeleton-title" />
      <span className="skeleton skeleton-line" />
      <span className="skeleton skeleton-line" />
      <span className="skeleton skeleton-line skeleton-short" />
    </li>
  );
}
