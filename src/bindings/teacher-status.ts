// Binds the teacher-status statechart's effects: accepting the terms and resubmitting documents go
// through the caller's functions (TanStack mutations in src/features/teacher/use-teacher-status.ts),
// then the server's message is shown and the caller reloads the profile so the guards move on. The
// machine follows the one source of the status — the auth actor's account record (status and the
// reviewer's reason) — through a subscription to that actor (`followTeacherStatus`), never a copy of
// render state.
import { fromPromise, type ActorRefFrom, type SnapshotFrom } from 'xstate';
import type { AuthMachine } from '../../machines/auth.machine';
import { teacherStatusMachine, type TeacherStatusEvent } from '../../machines/teacher-status.machine';
import { toast } from '../ui/toast-store';
import { selectViewer } from '../domain/viewer';

export interface TeacherStatusEffects {
  /** Accepts the teacher terms; resolves with the server's message. */
  acceptTerms: () => Promise<{ message: string }>;
  /** Sends corrected documents; resolves with the server's message. */
  submitDocuments: (files: FormData) => Promise<{ message: string }>;
  /** The status changed on the server: read the account record again. */
  reloadProfile: () => void;
}

export function teacherStatusLogic(effects: TeacherStatusEffects) {
  const done = ({ message }: { message: string }) => {
    toast.show({ severity: 'success', summary: message, detail: '' });
    effects.reloadProfile();
    return null;
  };
  return teacherStatusMachine.provide({
    actors: {
      acceptTerms: fromPromise<unknown, void>(async () => done(await effects.acceptTerms())),
      submitDocuments: fromPromise<unknown, { files: unknown }>(async ({ input }) => {
        if (!(input.files instanceof FormData)) throw new TypeError('documents expect FormData');
        return done(await effects.submitDocuments(input.files));
      }),
    },
  });
}

export type TeacherStatusActor = ActorRefFrom<ReturnType<typeof teacherStatusLogic>>;

type AuthSnapshot = SnapshotFrom<AuthMachine>;
type StatusChanged = Extract<TeacherStatusEvent, { type: 'status.changed' }>;

/** A teacher's status (and reviewer's reason) as the machine's event; null for a family or nobody. */
function teacherStatusEventOf(snapshot: AuthSnapshot): StatusChanged | null {
  const viewer = selectViewer(snapshot);
  if (viewer.kind !== 'teacher') return null;
  // The viewer's status is already "in review" while unknown: least access until the server says.
  return { type: 'status.changed', status: viewer.status, reason: snapshot.context.account?.review_reason ?? null };
}

/**
 * Sends `actor` the teacher's status now and whenever the auth actor's account record changes it
 * (the same status and reason twice is sent once). Returns the unsubscribe.
 */
export function followTeacherStatus(
  auth: { getSnapshot(): AuthSnapshot; subscribe(listener: (snapshot: AuthSnapshot) => void): { unsubscribe(): void } },
  actor: Pick<TeacherStatusActor, 'send'>,
): () => void {
  let last: string | null = null;
  const follow = (snapshot: AuthSnapshot) => {
    const event = teacherStatusEventOf(snapshot);
    const key = event && `${event.status}\n${event.reason ?? ''}`;
    if (event && key !== last) actor.send(event);
    last = key;
  };
  follow(auth.getSnapshot());
  const subscription = auth.subscribe(follow);
  return () => subscription.unsubscribe();
}
