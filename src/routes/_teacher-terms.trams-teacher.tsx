import { createFileRoute } from '@tanstack/react-router';
import { guardedPage } from '../app/route-options';
import { useTeacherStatus } from '../features/teacher/use-teacher-status';
import { TeacherTermsPage } from '../features/teacher/teacher-terms-page';

export const Route = createFileRoute('/_teacher-terms/trams-teacher')({
  ...guardedPage('teacherTerms'),
  component: function Screen() {
    return <TeacherTermsPage teacherStatus={useTeacherStatus(Route.useRouteContext().auth)} />;
  },
});
