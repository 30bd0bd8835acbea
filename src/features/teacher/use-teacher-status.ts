// The teacher-status statechart for the in-review and terms screens: it follows the account's status
// (auth actor) and the reviewer's reason (profile), runs the teacher's actions through the API, shows
// the server's message as a toast, and asks the auth actor to reload the profile so the guards move on.
import { useEffect } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import { fromPromise } from 'xstate';
import { teacherStatusMachine, type TeacherStatus } from '../../../machines/teacher-status.machine';
import type { RouterContext } from '../../app/router-context';
import { toast } from '../../ui/toast-store';
import { acceptTerms, reviewReasonQuery, submitDocuments } from './teacher-api';

export type AuthActor = RouterContext['auth'];

export function useTeacherStatus(auth: AuthActor) {
  const status = useSelector(auth, (s) => (s.context.account?.is_teacher ? (s.context.account.status ?? 'in_review') : null)) as TeacherStatus | null;
  const reason = useQuery(reviewReasonQuery(status));
  const accept = useMutation({ mutationFn: () => acceptTerms() });
  const upload = useMutation({ mutationFn: (files: FormData) => submitDocuments(files) });

  // The machine is created once; TanStack Query keeps mutateAsync stable across renders.
  const acceptAsync = accept.mutateAsync;
  const uploadAsync = upload.mutateAsync;

  const actor = useActorRef(
    teacherStatusMachine.provide({
      actors: {
        acceptTerms: fromPromise<unknown, void>(async () => {
          const { message } = await acceptAsync();
          toast.show({ severity: 'success', summary: message, detail: '' });
          auth.send({ type: 'profile.reload' });
          return null;
        }),
        submitDocuments: fromPromise<unknown, { files: unknown }>(async ({ input }) => {
          if (!(input.files instanceof FormData)) throw new TypeError('documents expect FormData');
          const { message } = await uploadAsync(input.files);
          toast.show({ severity: 'success', summary: message, detail: '' });
          auth.send({ type: 'profile.reload' });
          return null;
        }),
      },
    }),
  );

  const reasonText = reason.data ?? null;
  useEffect(() => {
    if (status) actor.send({ type: 'status.changed', status, reason: reasonText });
  }, [actor, status, reasonText]);

  return { actor, uploadError: upload.error };
}

export type TeacherStatusActor = ReturnType<typeof useTeacherStatus>['actor'];
