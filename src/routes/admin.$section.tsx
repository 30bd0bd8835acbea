// The console's other screens, one route (each route costs every public page a little of the entry
// bundle): support, reported messages, promo codes, the audit log and staff management (an unknown one: section-page.tsx).
import { createFileRoute } from '@tanstack/react-router';
import { loadSection, SectionPage } from '../features/admin/section-page';

export const Route = createFileRoute('/admin/$section')({
  loader: ({ context, params }) => loadSection(params.section, context),
  component: SectionRoute,
});

function SectionRoute() {
  const { section } = Route.useParams();
  return <SectionPage section={section} />;
}
