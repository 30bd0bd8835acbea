// Which header links an account may follow: exactly the routes the guards would not redirect away
// from (src/app/guards.ts), so the header never offers a link that bounces back.
import { redirectFor, type AuthGuardState } from './guards';

export function canOpen(state: AuthGuardState, routeId: string): boolean {
  return redirectFor(state, routeId) === null;
}
