// Who is looking at the screen, decided once from the auth actor's snapshot: every "is this the family?
// is this the teacher?" question in src/ asks this, never the account record's `is_teacher` itself.
// A family is the account that signs in, pays and books (its children are the learners, read from
// GET v1/children); a teacher carries their review status. Route access (src/app/guards.ts), the
// header, and the screens that differ by side (requests, session details, the live session) all read it.
import type { SnapshotFrom } from 'xstate';
import type { TeacherStatus } from '../../contract/account';
import type { AuthMachine } from '../../machines/auth.machine';

export type Viewer =
  | { kind: 'checking' }
  | { kind: 'guest' }
  | { kind: 'incompleteProfile' }
  | { kind: 'family'; id: number | null }
  | { kind: 'teacher'; id: number | null; status: TeacherStatus };

/** The side of a lesson a signed-in viewer is on, in the wire's words (contract/requests.ts). */
export type LessonSide = 'student' | 'teacher';

export function selectViewer(snapshot: SnapshotFrom<AuthMachine>): Viewer {
  if (snapshot.matches('checking')) return { kind: 'checking' };
  const account = snapshot.context.account;
  if (!snapshot.matches('loggedIn') || !account) return { kind: 'guest' };
  if (account.profile_complete === false) return { kind: 'incompleteProfile' };
  const id = account.id ?? null;
  if (account.is_teacher) return { kind: 'teacher', id, status: account.status ?? 'in_review' };
  return { kind: 'family', id };
}

/** For useSelector: a new object only when who is looking changed. */
export const sameViewer = (a: Viewer, b: Viewer): boolean => JSON.stringify(a) === JSON.stringify(b);

/** A signed-in viewer as a party to lessons: the teacher, or the family (the wire calls that side the student). */
export interface LessonParty {
  id: number | null;
  role: LessonSide;
}

export const lessonParty = (viewer: Viewer): LessonParty =>
  viewer.kind === 'teacher' ? { id: viewer.id, role: 'teacher' } : { id: viewer.kind === 'family' ? viewer.id : null, role: 'student' };
