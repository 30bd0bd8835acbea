// The teacher-status statechart as the in-review and terms screens run it: its effects
// (src/bindings/teacher-status.ts) get this feature's calls as TanStack mutations, so a refusal reaches
// the app's error presenter and the upload's error stays readable for the form.
import { useEffect } from 'react';
import { useMutation } from '@tanstack/react-query';
import { useActorRef } from '@xstate/react';
import type { AuthActor } from '../../bindings/auth';
import { followTeacherStatus, teacherStatusLogic } from '../../bindings/teacher-status';
import { useWatchedActor } from '../../bindings/watch';
import { acceptTerms, submitDocuments } from '../../api/teacher-review';

export function useTeacherStatus(auth: AuthActor) {
  const accept = useMutation({ mutationFn: () => acceptTerms() });
  const upload = useMutation({ mutationFn: (files: FormData) => submitDocuments(files) });
  // The machine is created once; TanStack Query keeps mutateAsync stable across renders.
  const acceptAsync = accept.mutateAsync;
  const uploadAsync = upload.mutateAsync;

  const actor = useActorRef(
    teacherStatusLogic({
      acceptTerms: () => acceptAsync(),
      submitDocuments: (files) => uploadAsync(files),
      reloadProfile: () => auth.send({ type: 'profile.reload' }),
    }),
  );

  // Watched before it follows the profile: effects run in order, so the first `status.changed` (the
  // start-up's, from unknown) is posted like every later one.
  useWatchedActor('teacher-status', actor);
  useEffect(() => followTeacherStatus(auth, actor), [auth, actor]);

  return { actor, uploadError: upload.error };
}

export type TeacherStatusBinding = ReturnType<typeof useTeacherStatus>;
