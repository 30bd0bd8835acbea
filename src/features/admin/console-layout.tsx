// The signed-in console (every /admin screen but the sign-in): the frame around the routed screen, and
// without a staff session the way to the sign-in.
//
// Console screens take what the router knows (params, search, navigation) as props from their route
// files (`Route.useParams()`…), as the public screens do: a lazy chunk that imports the router's hooks
// itself made the bundler move those modules out of the entry into shared chunks that every public
// page then downloaded (3 KB more on each).
import { useEffect, type ReactNode } from 'react';
import { ConsoleFrame, type ConsoleTarget } from './console-frame';
import { useStaffSession } from './staff-session';

export function ConsoleLayout({ goTo, children }: { goTo: (to: ConsoleTarget) => void; children: ReactNode }) {
  const session = useStaffSession();
  useEffect(() => {
    if (!session) goTo('/admin/sign-in');
  }, [session, goTo]);
  if (!session) return null;
  return <ConsoleFrame goTo={goTo}>{children}</ConsoleFrame>;
}
