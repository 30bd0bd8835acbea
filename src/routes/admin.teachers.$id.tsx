// One application in the console: sign-up data beside the documents, the review actions and history.
import { createFileRoute } from '@tanstack/react-router';
import { ApplicationPage } from '../features/admin/application-page';
import { NotFoundPage } from '../features/pages/not-found';
import { parseId } from '../../contract/ids';

export const Route = createFileRoute('/admin/teachers/$id')({ component: ApplicationRoute });

function ApplicationRoute() {
  const { id } = Route.useParams();
  return parseId(id) === null ? <NotFoundPage /> : <ApplicationPage key={id} id={id} />;
}
