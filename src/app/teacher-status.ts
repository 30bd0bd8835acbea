// The teacher-status statechart as the in-review and terms screens run it: its effects are bound here
// (accept the terms, resubmit documents, then ask the auth actor to reload the profile so the guards
// move on), and it follows the one source of the status — the auth actor's account record (status and
// the reviewer's reason) — through a subscription to that actor, never a copy of render state.
import { useEffect } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useActorRef } from '@xstate/react';
import { fromPromise } from 'xstate';
import { teacherStatusMachine, type TeacherStatusEvent } from '../../machines/teacher-status.machine';
import { acceptTerms, submitDocuments } from '../api/teacher-review';
import { toast } from '../ui/toast-store';
import { selectViewer } from '../domain/viewer';
import type { AuthActor } from './auth';
import type { AuthSnapshot } from './guards';
import { useWatchedActor } from './watch';

type StatusChanged = Extract<TeacherStatusEvent, { type: 'status.changed' }>;

/** A teacher's status (and reviewer's reason) as the machine's event; null for a family or nobody. */
function teacherStatusEventOf(snapshot: AuthSnapshot): StatusChanged | null {
  const viewer = selectViewer(snapshot);
  if (viewer.kind !== 'teacher') return null;
  // The viewer's status is already "in review" while unknown: least access until the server says.
  return { type: 'status.changed', status: viewer.status, reason: snapshot.context.account?.review_reason ?? null };
}

export function useTeacherStatus(auth: AuthActor) {
  const accept = useMutation({ mutationFn: () => acceptTerms() });
  const upload = useMutation({ mutationFn: (files: FormData) => submitDocuments(files) });
  // The machine is created once; TanStack Query keeps mutateAsync stable across renders.
  const acceptAsync = accept.mutateAsync;
  const uploadAsync = upload.mutateAsync;
  const done = (message: string) => {
    toast.show({ severity: 'success', summary: message, detail: '' });
    auth.send({ type: 'profile.reload' });
    return null;
  };

  const actor = useActorRef(
    teacherStatusMachine.provide({
      actors: {
        acceptTerms: fromPromise<unknown, void>(async () => done((await acceptAsync()).message)),
        submitDocuments: fromPromise<unknown, { files: unknown }>(async ({ input }) => {
          if (!(input.files instanceof FormData)) throw new TypeError('documents expect FormData');
          return done((await uploadAsync(input.files)).message);
        }),
      },
    }),
  );

  // Watched before it follows the profile: effects run in order, so the first `status.changed` (the
  // start-up's, from unknown) is posted like every later one.
  useWatchedActor('teacher-status', actor);

  useEffect(() => {
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
  }, [auth, actor]);

  return { actor, uploadError: upload.error };
}

export type TeacherStatusBinding = ReturnType<typeof useTeacherStatus>;
export type TeacherStatusActor = TeacherStatusBinding['actor'];
