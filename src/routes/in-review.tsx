import { createFileRoute } from '@tanstack/react-router';
import { guard } from '../app/guards';
import { useTeacherStatus } from '../app/teacher-status';
import { InReviewPage } from '../features/teacher/in-review-page';

export const Route = createFileRoute('/in-review')({
  beforeLoad: ({ context }) => guard(context, '/in-review'),
  staticData: { title: 'accountReview' },
  component: Screen,
});

function Screen() {
  const { auth } = Route.useRouteContext();
  return <InReviewPage teacherStatus={useTeacherStatus(auth)} />;
}
