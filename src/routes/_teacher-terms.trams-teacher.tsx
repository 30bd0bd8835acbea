import { createFileRoute } from '@tanstack/react-router';
import { Placeholder } from '../ui/placeholder';
import { guard } from '../app/guards';

export const Route = createFileRoute('/_teacher-terms/trams-teacher')({
  beforeLoad: ({ context }) => guard(context, '/_teacher-terms/trams-teacher'),
  staticData: { title: 'teacherTerms' },
  component: () => <Placeholder title="teacherTerms" />,
});
