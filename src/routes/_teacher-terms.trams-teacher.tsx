import { createFileRoute } from '@tanstack/react-router';
import { guard } from '../app/guards';
import { useTeacherStatus } from '../app/teacher-status';
import { TeacherTermsPage } from '../features/teacher/teacher-terms-page';

export const Route = createFileRoute('/_teacher-terms/trams-teacher')({
  beforeLoad: ({ context }) => guard(context, '/_teacher-terms/trams-teacher'),
  staticData: { title: 'teacherTerms' },
  component: Screen,
});

function Screen() {
  const { auth } = Route.useRouteContext();
  return <TeacherTermsPage teacherStatus={useTeacherStatus(auth)} />;
}
