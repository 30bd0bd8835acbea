import { createFileRoute } from '@tanstack/react-router';
import { guardedPage } from '../app/route-options';
import { teacherWeekQuery } from '../api/time-off';
import { apiOf, read, waitOnArrival } from '../api/client';
import { TeacherCalendarPage } from '../features/teacher-calendar/calendar-page';

export const Route = createFileRoute('/calendar')({
  ...guardedPage('calendar'),
  // `?week=2030-01-08` opens the week of that day; without it, this week in the teacher's zone.
  validateSearch: (search: Record<string, unknown>): { week?: string } =>
    typeof search.week === 'string' && /^2\d{3}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/.test(search.week) ? { week: search.week } : {},
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps, cause }) => waitOnArrival(cause, read(context, teacherWeekQuery(deps.week, context.locale(), apiOf(context)))),
  component: CalendarRoute,
});

function CalendarRoute() {
  const { week } = Route.useSearch();
  const navigate = Route.useNavigate();
  return <TeacherCalendarPage week={week} onWeek={(next) => void navigate({ search: next ? { week: next } : {} })} />;
}
