// Where a guest asked to be taken after signing in: a guest who opens a teacher is sent
// home, home offers "sign in to book with {teacher}", and the sign-in ends on that teacher's page.
// The target is a teacher id, never a path or URL: the app builds the address itself
// (/teachers/{id}#book), so nothing a link, a search parameter or a stored value carries can send
// the user to another site (no open redirect). Every way in (the event, sessionStorage at start-up,
// the home page's ?book=) goes through `parseTeacherId`.
import type { AuthContext, AuthDestination, ReturnTarget } from './types';

/** PostgreSQL's integer range: the ids the server can have. */
const MAX_ID = 2_147_483_647;

/** A teacher id from anything a caller hands in: a positive integer, or its decimal digits only. */
export function parseTeacherId(value: unknown): number | null {
  const n = typeof value === 'number' ? value : typeof value === 'string' && /^[1-9]\d{0,9}$/.test(value) ? Number(value) : NaN;
  return Number.isSafeInteger(n) && n > 0 && n <= MAX_ID ? n : null;
}

/** A stored target (JSON read back from sessionStorage): `{teacherId}` with a valid id, or null. */
export function parseReturnTarget(value: unknown): ReturnTarget | null {
  if (typeof value !== 'object' || value === null) return null;
  const teacherId = parseTeacherId((value as { teacherId?: unknown }).teacherId);
  return teacherId === null ? null : { teacherId };
}

/** Where a student lands once signed in: the teacher they asked for, else home. */
export function afterSignIn(context: Pick<AuthContext, 'returnTo'>): AuthDestination {
  return context.returnTo ? { to: 'teacher', teacherId: context.returnTo.teacherId } : { to: 'root' };
}
