// What the page routes (src/routes/*) share: the access guard, decided by the route's own id, with the
// tab title beside it; and the search parameters that more than one screen reads from the address.
import { parseId } from '../../contract/ids';
import { guard } from './guards';
import { authLoaded } from './lazy-auth';
import type { RouterContext } from './router-context';
import type { TitleKey } from './titles';

/**
 * Spread into a file route's options: `...guardedPage('signIn')`. The guard reads the route id TanStack Router
 * passes to beforeLoad, so each route file names its path once (in createFileRoute) and cannot drift.
 */
export function guardedPage(title: TitleKey, { ssr }: { ssr?: true } = {}) {
  return {
    // The sign-in and sign-up screens read and drive the auth statechart: a guest's first visit
    // did not load it (lazy-auth.ts), so they wait for it; every other page decides at once.
    beforeLoad: ({ context, routeId }: { context: Pick<RouterContext, 'auth'>; routeId: string }) =>
      routeId.startsWith('/_auth-area/') ? authLoaded(context.auth).then(() => guard(context, routeId)) : guard(context, routeId),
    staticData: ssr ? { title, ssr } : { title },
  };
}

/**
 * `?phone=` of the code screens: the phone the code was texted to, in E.164 ("+974…"); a number the
 * URL parser read as digits gets its plus back.
 */
export function phoneSearch(search: Record<string, unknown>): { phone?: string } {
  if (typeof search.phone === 'string' && search.phone !== '') return { phone: search.phone };
  if (typeof search.phone === 'number') return { phone: `+${search.phone}` };
  return {};
}

/** `?as=teacher` opens the teacher tab of sign-in or sign-up (e.g. "back to sign in" from the password screens). */
export function accountKindSearch(search: Record<string, unknown>): { as?: 'student' | 'teacher' } {
  return search.as === 'teacher' || search.as === 'student' ? { as: search.as } : {};
}

/**
 * A search value that names an id (`?child=`, `?order=`): the same rule, read from the text or the number
 * the URL parser made of it (anything else reads as text that is no id).
 */
export function searchId(value: unknown): number | undefined {
  return parseId(String(value)) ?? undefined;
}
