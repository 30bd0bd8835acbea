// A teacher's intro video on their page and in the guest preview. The player (and its styles) loads only
// for a teacher who has a video: nothing of it is in the page's first JavaScript.
import { lazy, Suspense } from 'react';
import { useLingui } from '@lingui/react/macro';

const IntroVideo = lazy(() => import('../../domain/intro-video').then((m) => ({ default: m.IntroVideo })));

export function TeacherIntroVideo({ teacherId, version, name }: { teacherId: number; version: string; name: string }) {
  const { t } = useLingui();
  return (
    <Suspense fallback={null}>
      <IntroVideo
        teacherId={teacherId}
        version={version}
        label={t`Intro video of ${name}`}
        fallback={t`Download the intro video of ${name}`}
      />
    </Suspense>
  );
}
