// Route access (spec §2, §4, §6) as one pure decision of (auth state, route id), called from every
// route's beforeLoad. The router re-runs it whenever the auth actor moves (router.ts).
//
// Decisions the spec left open, written down here and in the README:
// - A teacher in review is held on /in-review from every route except /in-review itself and the
//   static legal pages (privacy policy, terms and conditions, user conditions), which must stay
//   readable while waiting.
// - A teacher in the policy status is held on the teacher-terms screen the same way; leaving
//   /in-review sends them home first (spec §4), and home then forwards them to the terms.
// - An active teacher has nothing to see on /in-review or the terms screen: both go to /profile.
// - A teacher whose status is unknown (null) is treated as in review: least access until the server says.
// - A rejected or suspended teacher is held on /in-review like one in review: that screen
//   shows the reviewer's reason and the resubmission form, or the suspension notice.
// - An incomplete profile sends the user to /complete-register from every other route.
// - While the start-up check runs nothing is decided (the app shows the boot spinner meanwhile).
import { redirect } from '@tanstack/react-router';
import type { SnapshotFrom } from 'xstate';
import type { AuthMachine } from '../../machines/auth.machine';
import { selectViewer, type Viewer } from '../domain/viewer';
import type { RouterContext } from './router-context';

/** Route access depends on who is looking and nothing else (src/domain/viewer.ts). */
export type AuthGuardState = Viewer;

export type AuthSnapshot = SnapshotFrom<AuthMachine>;

/** The only part of the auth snapshot route access depends on. */
export const selectAuthGuardState = (snapshot: AuthSnapshot): AuthGuardState => selectViewer(snapshot);

const LOGIN_REQUIRED = new Set([
  '/profile',
  '/requests/{-$studentId}/{-$teacherId}/{-$requestId}',
  '/session-details/$requestId',
  '/session/$channelName',
  '/notifications',
  '/messages/',
  '/messages/$conversationId',
  '/in-review',
]);
const STUDENTS_ONLY = new Set(['/teachers/$id', '/packages', '/receipts/$orderId', '/children/$childId/progress']);
// An active teacher's own pages: a family or a guest has nothing there and goes home.
const TEACHERS_ONLY = new Set(['/earnings', '/calendar']);
// Readable in every state, even while a teacher is held on review or the terms: the legal texts, and
// the flows studio (structure only, no data).
const LEGAL_PAGES = new Set(['/privacy-policy', '/terms-conditions', '/user-condition', '/flows/{-$machine}']);
const COMPLETE_REGISTER = '/_auth-area/complete-register';
const IN_REVIEW = '/in-review';
const TEACHER_TERMS = '/_teacher-terms/trams-teacher';
// Layout and redirect-only routes: their leaves decide, and /login, /auth forward to sign-in.
const PASS_THROUGH = new Set(['__root__', '/_auth-area', '/_teacher-terms', '/login', '/auth']);

const isAuthArea = (routeId: string) => routeId.startsWith('/_auth-area/');
// The operators' console has its own sign-in (a staff session) and guard: a family's or teacher's
// state never sends anyone away from it, nor into it.
const isConsole = (routeId: string) => routeId === '/admin' || routeId.startsWith('/admin/') || routeId.startsWith('/admin_/');
const SIGN_UP = '/_auth-area/sign-up';

export function redirectFor(auth: AuthGuardState, routeId: string): { to: string } | null {
  if (PASS_THROUGH.has(routeId) || isConsole(routeId) || auth.kind === 'checking') return null;

  if (auth.kind === 'incompleteProfile') return routeId === COMPLETE_REGISTER ? null : { to: '/complete-register' };

  if (auth.kind === 'guest') {
    if (LOGIN_REQUIRED.has(routeId) || STUDENTS_ONLY.has(routeId) || TEACHERS_ONLY.has(routeId)) return { to: '/' };
    if (routeId === COMPLETE_REGISTER || routeId === TEACHER_TERMS) return { to: '/' };
    return null;
  }

  // Signed in from here on: the sign-in/up screens have nothing more to offer. A family that follows
  // "Start your free trial" (home's call to action) already has its account: the next step is a teacher.
  if (routeId === SIGN_UP && auth.kind === 'family') return { to: '/teachers' };
  if (isAuthArea(routeId)) return { to: '/' };

  if (auth.kind === 'family') {
    if (routeId === IN_REVIEW || routeId === TEACHER_TERMS || TEACHERS_ONLY.has(routeId)) return { to: '/' };
    return null;
  }

  // A teacher.
  if (auth.status === 'in_review' || auth.status === 'rejected' || auth.status === 'suspended') {
    return routeId === IN_REVIEW || LEGAL_PAGES.has(routeId) ? null : { to: '/in-review' };
  }
  if (auth.status === 'policy') {
    if (routeId === IN_REVIEW) return { to: '/' };
    return routeId === TEACHER_TERMS || LEGAL_PAGES.has(routeId) ? null : { to: '/trams-teacher' };
  }
  if (routeId === IN_REVIEW || routeId === TEACHER_TERMS) return { to: '/profile' };
  if (routeId === '/' || STUDENTS_ONLY.has(routeId)) return { to: '/about-us' };
  return null;
}

/**
 * For a route's beforeLoad: throws the router's redirect when the user may not be here. `homeSearch`
 * goes with a redirect home: a guest who opened a teacher arrives on /?book={id}, and home offers to
 * sign in to book with that teacher.
 */
export function guard(context: Pick<RouterContext, 'auth'>, routeId: string, homeSearch?: Record<string, string | number>): void {
  const target = redirectFor(selectAuthGuardState(context.auth.getSnapshot()), routeId);
  if (target) throw redirect({ to: target.to, search: target.to === '/' ? homeSearch : undefined, replace: true });
}
