// One application in the console: sign-up data beside the documents, the review actions and history.
import { createFileRoute } from '@tanstack/react-router';
import { ApplicationPage } from '../features/admin/application-page';
import { NotFoundPage } from '../features/pages/not-found';
import { parseId } from '../../contract/ids';
import { documentsQuery, historyQuery, teacherQuery } from '../features/admin/admin-api';
import { readStaffSession } from '../features/admin/staff-session';
import { mayUse } from '../features/admin/roles';
import { read, readAll } from '../api/client';

export const Route = createFileRoute('/admin/teachers/$id')({
  // The application, its history and (for a role that may see them) its documents, with the staff session
  // (without one the console's frame offers its sign-in); a malformed id reads nothing.
  loader: ({ context, params: { id } }) => {
    const role = readStaffSession()?.staff.role;
    if (parseId(id) === null || !role) return undefined;
    return readAll([
      read(context, teacherQuery(id)),
      read(context, historyQuery(id)),
      mayUse(role, 'documents') && read(context, documentsQuery(id)),
    ]);
  },
  component: ApplicationRoute,
});

function ApplicationRoute() {
  const { id } = Route.useParams();
  return parseId(id) === null ? <NotFoundPage /> : <ApplicationPage key={id} id={id} />;
}
