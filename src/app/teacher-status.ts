// The teacher-status statechart as the in-review and terms screens run it: its effects are bound here
// (accept the terms, resubmit documents, then ask the auth actor to reload the profile so the guards
// move on), and it follows the one source of the status — the auth actor's account record (status and
// the reviewer's reason) — through a subscription to that actor, never a copy of render state.
import { useEffect } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useActorRef } from '@xstate/react';
import { fromPromise } from 'xstate';
import type { AccountRecord } from '../../contract/account';
import { teacherStatusMachine, type TeacherStatusEvent } from '../../machines/teacher-status.machine';
import { acceptTerms, submitDocuments } from '../features/teacher/teacher-api';
import { toast } from '../ui/toast-store';
import type { AuthActor } from './auth';
import { useWatchedActor } from './watch';

/** The account's teacher status as the machine's event; null for a student or nobody. */
export function teacherStatusEventOf(account: AccountRecord | null): Extract<TeacherStatusEvent, { type: 'status.changed' }> | null {
  if (!account?.is_teacher) return null;
  // Unknown status: least access until the server says (as the guards do).
  return { type: 'status.changed', status: account.status ?? 'in_review', reason: account.review_reason ?? null };
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

  useEffect(() => {
    let last: string | null = null;
    const follow = (account: AccountRecord | null) => {
      const event = teacherStatusEventOf(account);
      const key = event && `${event.status}\n${event.reason ?? ''}`;
      if (event && key !== last) actor.send(event);
      last = key;
    };
    follow(auth.getSnapshot().context.account);
    const subscription = auth.subscribe((snapshot) => follow(snapshot.context.account));
    return () => subscription.unsubscribe();
  }, [auth, actor]);

  useWatchedActor('teacher-status', actor);
  return { actor, uploadError: upload.error };
}

export type TeacherStatusBinding = ReturnType<typeof useTeacherStatus>;
export type TeacherStatusActor = TeacherStatusBinding['actor'];
