// The toaster is loaded with the first toast: Radix Toast and its layers are ≈ 8 KB gzip that a first
// visit to the home page (budget 180 KB, `npm run size`) would otherwise download before anything
// needs saying. Queued toasts wait in the store meanwhile, so nothing shown early is lost; once loaded
// the toaster stays mounted. The booking form fetches it on its first focus: its
// failure may come with no network (offline), when the chunk can no longer be fetched. Should it still
// fail to load, the page stays as it is (a failed lazy import used to blank it) and the toaster is
// fetched again once online, with the toasts that waited.
import { lazy, Suspense, useState } from 'react';
import type { ToasterProps } from './toaster';
import { toast as defaultStore, useToasts } from './toast-store';

const loadToaster = () => import('./toaster');

const Toaster = lazy(() =>
  loadToaster()
    .catch(
      () =>
        new Promise<Awaited<ReturnType<typeof loadToaster>>>((resolve) =>
          addEventListener('online', () => resolve(loadToaster()), { once: true }),
        ),
    )
    .then((m) => ({ default: m.Toaster })),
);

export function LazyToaster(props: ToasterProps) {
  const pending = useToasts(props.store ?? defaultStore).length > 0;
  const [loaded, setLoaded] = useState(false);
  // Adjusting state while rendering (React's documented pattern): once needed, keep it mounted.
  if (pending && !loaded) setLoaded(true);
  if (!pending && !loaded) return null;
  return (
    <Suspense fallback={null}>
      <Toaster {...props} />
    </Suspense>
  );
}
