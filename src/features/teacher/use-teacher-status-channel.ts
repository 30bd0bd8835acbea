// Mounted once in the shell: while a teacher is signed in, listen on their review-status channel and
// send `profile.reload` to the auth actor when it speaks (or the connection comes back). Stops on
// logout (the account goes away) and on unmount. Students and visitors never load the realtime code.
import { useEffect } from 'react';
import { useSelector } from '../../bindings/use-selector';
import type { AuthActor } from '../../bindings/auth';
import { selectViewer } from '../../domain/viewer';

type Loader = () => Promise<typeof import('./teacher-status-channel')>;
const loadChannel: Loader = () => import('./teacher-status-channel');

/** The teacher's id while a teacher is signed in; null for everyone else. */
export function selectTeacherId(snapshot: ReturnType<AuthActor['getSnapshot']>): number | null {
  const viewer = selectViewer(snapshot);
  return viewer.kind === 'teacher' ? viewer.id : null;
}

export function useTeacherStatusChannel(auth: AuthActor, load: Loader = loadChannel): void {
  const teacherId = useSelector(auth, selectTeacherId);
  useEffect(() => {
    if (teacherId === null) return;
    let stop: (() => void) | null = null;
    let cancelled = false;
    void load()
      .then(({ watchTeacherStatus }) => {
        if (cancelled) return;
        stop = watchTeacherStatus(teacherId, () => auth.send({ type: 'profile.reload' }));
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [auth, teacherId, load]);
}
