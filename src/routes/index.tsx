import { lazy, Suspense } from 'react';
import { createFileRoute } from '@tanstack/react-router';
import { useSelector } from '../bindings/use-selector';
import { HomePage } from '../features/pages/home';
import { guardedPage } from '../app/route-options';
import { parseTeacherId } from '../../machines/auth/return-to';

// Only a guest sent here from a teacher's page (?book={id}) needs the banner and the teacher query.
const BookWithBanner = lazy(() => import('../features/teachers/book-with-banner').then((m) => ({ default: m.BookWithBanner })));

export const Route = createFileRoute('/')({
  ...guardedPage('home'),
  // ?book={teacher id}: a guest opened that teacher. Anything but a valid id is dropped.
  validateSearch: (search: Record<string, unknown>): { book?: number } => {
    const book = parseTeacherId(search.book);
    return book === null ? {} : { book };
  },
  component: Home,
});

function Home() {
  // Validated again: the router keeps the raw parameter beside the validated search.
  const book = parseTeacherId(Route.useSearch().book) ?? undefined;
  const { auth } = Route.useRouteContext();
  const isGuest = useSelector(auth, (s) => s.matches('anonymous'));
  const banner =
    book !== undefined && isGuest ? (
      <Suspense fallback={null}>
        <BookWithBanner teacherId={book} onSignIn={(teacherId) => auth.send({ type: 'return.set', teacherId })} />
      </Suspense>
    ) : null;
  return <HomePage banner={banner} />;
}
