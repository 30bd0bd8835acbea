import { createFileRoute } from '@tanstack/react-router';
import { guardedPage } from '../app/route-options';
import { useTeacherStatus } from '../features/teacher/use-teacher-status';
import { InReviewPage } from '../features/teacher/in-review-page';

export const Route = createFileRoute('/in-review')({
  ...guardedPage('accountReview'),
  component: function Screen() {
    return <InReviewPage teacherStatus={useTeacherStatus(Route.useRouteContext().auth)} />;
  },
});
