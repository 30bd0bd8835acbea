import { useCallback } from 'react';
import { createFileRoute, Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { childrenQuery, type Child } from '../api/children';
import { Spinner } from '../ui/spinner';
import { BookingForm } from '../features/booking/booking-form';
import { balanceQuery } from '../api/packages';
import { TeacherPage } from '../features/teachers/teacher-page';
import { guard } from '../app/guards';
import { NotFoundPage } from '../features/pages/not-found';
import { parseId } from '../../contract/ids';
import { sameViewer, selectViewer } from '../domain/viewer';
import { teacherQuery } from '../api/teachers';
import { apiOf, read, readAll } from '../api/client';

export const Route = createFileRoute('/teachers/$id')({
  // Not guardedPage(): a guest sent home from here carries the teacher along (/?book={id}).
  beforeLoad: ({ context, params }) => guard(context, '/teachers/$id', { book: params.id }),
  staticData: { title: 'teacherBooking' },
  // The teacher, and what a family's booking form starts from: the balance and the children.
  loader: ({ context, params }) => {
    const id = parseId(params.id);
    if (id === null || selectViewer(context.auth.getSnapshot()).kind !== 'family') return undefined;
    return readAll([
      read(context, teacherQuery(id, context.locale(), apiOf(context))),
      read(context, balanceQuery(apiOf(context))),
      read(context, childrenQuery(context.locale(), {}, apiOf(context))),
    ]);
  },
  component: TeacherRoute,
});

/** The family's active children as the booking names them. */
const toBookingChildren = (children: Child[]) => children.filter((c) => !c.archived).map((c) => ({ id: c.id, firstName: c.first_name }));

function TeacherRoute() {
  const { id } = Route.useParams();
  const { auth } = Route.useRouteContext();
  // The guard keeps everyone but students out; should anyone else get here, they see a prompt, not the form.
  const viewer = useSelector(auth, selectViewer, sameViewer);
  const isFamily = viewer.kind === 'family';
  const studentKey = String(isFamily ? (viewer.id ?? 'family') : 'family');
  const balance = useQuery({ ...balanceQuery(), enabled: isFamily });
  const { i18n } = useLingui();
  const children = useQuery({ ...childrenQuery(i18n.locale), enabled: isFamily, select: toBookingChildren });
  const navigate = Route.useNavigate();
  const onBooked = useCallback(
    (requestId: number) => void navigate({ to: '/session-details/$requestId', params: { requestId: String(requestId) } }),
    [navigate],
  );
  const onOpenPackages = useCallback(() => void navigate({ to: '/packages' }), [navigate]);
  const teacherId = parseId(id);
  if (teacherId === null) return <NotFoundPage />;

  return (
    <TeacherPage
      id={teacherId}
      booking={(teacher) =>
        isFamily && children.isPending ? (
          <Spinner />
        ) : isFamily ? (
          <BookingForm
            studentKey={studentKey}
            teacher={teacher}
            balance={balance.data}
            children={children.data ?? null}
            onBooked={onBooked}
            onOpenPackages={onOpenPackages}
          />
        ) : (
          <div className="sign-in-prompt">
            <p>
              <Trans>Sign in as a student to book a session with this teacher.</Trans>
            </p>
            <Link to="/sign-in">
              <Trans>Sign in</Trans>
            </Link>
          </div>
        )
      }
    />
  );
}
