// One teacher in the list: photo or initials, name (a link to the teacher's page), subjects, working
// hours, years of experience, rating and the available-now badge.
import { Link } from '@tanstack/react-router';
import { Plural } from '@lingui/react/macro';
import type { TeacherCard as Teacher } from '../../../contract/teachers';
import { Avatar } from '../../domain/avatar';
import { fullName } from './format';
import { AvailableNowBadge } from './available-badge';
import { RatingStars } from './rating-stars';
import { WorkingHours } from './working-hours';

export function TeacherCard({ teacher }: { teacher: Teacher }) {
  const name = fullName(teacher);
  const years = teacher.experience_years ?? 0;
  return (
    <li className="teacher-card" data-testid={`teacher-${teacher.id}`}>
      <div className="teacher-card-head">
        <Avatar person={teacher} />
        <h2 className="teacher-card-name">
          <Link to="/teachers/$id" params={{ id: String(teacher.id) }}>
            {name}
          </Link>
        </h2>
        <AvailableNowBadge available={teacher.available_now} />
      </div>
      <RatingStars average={teacher.rating.average} count={teacher.rating.count} />
      {teacher.subjects.length ? (
        <ul className="teacher-chips" aria-label={undefined}>
          {teacher.subjects.map((s) => (
            <li key={s.id} className="teacher-chip">
              {s.name}
            </li>
          ))}
        </ul>
      ) : null}
      {teacher.experience_years !== null ? (
        <p className="teacher-experience">
          <Plural value={years} one="# year of experience" other="# years of experience" />
        </p>
      ) : null}
      <WorkingHours hours={teacher.working_hours} compact />
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
