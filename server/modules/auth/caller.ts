// Who is calling, as every module asks it: the auth middleware derives it once from the token's account
// and puts it in `c.get('caller')`. A caller is a family (the account that signs in, pays and books for
// its children; its id is the account's users.id) or a teacher (with the review status). Routes ask
// through the guards below and pass their own refusal, so each answers the status and code it always
// has. Staff calling the admin API are a different principal (`c.get('principal')`, staff/access.ts).
import type { Context } from 'hono';
import type { AppEnv } from '../../http/context';
import { ApiFailure } from '../../http/errors';
import type { AuthUser, TeacherStatus } from './tokens';

export type FamilyCaller = { kind: 'family'; familyId: number };
export type TeacherCaller = { kind: 'teacher'; teacherId: number; status: TeacherStatus };
export type Caller = FamilyCaller | TeacherCaller;

/** The caller a signed-in account is. */
export function callerOf(user: AuthUser): Caller {
  return user.is_teacher ? { kind: 'teacher', teacherId: user.id, status: user.status } : { kind: 'family', familyId: user.id };
}

/** The account (users.id) behind a caller, for what belongs to the account whatever its kind. */
export function accountId(caller: Caller): number {
  return caller.kind === 'family' ? caller.familyId : caller.teacherId;
}

/** A route's refusal: the error to throw (its status and code are the route's own). */
type Refusal = () => Error;

const signIn: Refusal = () => new ApiFailure(401, 'auth_unauthorized');
const teachersOnly: Refusal = () => new ApiFailure(403, 'instructor_only');

/** The caller, or 401 when nobody is signed in. */
export function requireCaller(c: Context<AppEnv>, unsigned: Refusal = signIn): Caller {
  const caller = c.get('caller');
  if (!caller) throw unsigned();
  return caller;
}

/** The calling family; a teacher gets the route's `refusal` (its 403), nobody signed in a 401. */
export function requireFamily(c: Context<AppEnv>, refusal: Refusal, unsigned: Refusal = signIn): FamilyCaller {
  const caller = requireCaller(c, unsigned);
  if (caller.kind !== 'family') throw refusal();
  return caller;
}

/** The calling teacher; a family gets 403 `instructor_only` (or the route's refusal), nobody signed in a 401. */
export function requireTeacher(c: Context<AppEnv>, refusal: Refusal = teachersOnly): TeacherCaller {
  const caller = requireCaller(c);
  if (caller.kind !== 'teacher') throw refusal();
  return caller;
}
