// A teacher's intro video on their page and in the guest preview: the browser's own controls (named
// for assistive technology), the poster the teacher's browser captured, nothing downloaded before the
// viewer presses play (preload="none") and never playing by itself. The video has no spoken-word
// captions; its label says whose introduction it is.
import './intro-video.css';
import { useLingui } from '@lingui/react/macro';
import { teacherPosterPath, teacherVideoPath } from '../../contract/teacher-video';
import { apiUrl } from '../api/client';

export interface IntroVideoProps {
  teacherId: number;
  /** The video's version (the teacher page's and the preview's `video`). */
  version: string;
  /** The teacher's name as shown, for the player's label. */
  name: string;
}

export function IntroVideo({ teacherId, version, name }: IntroVideoProps) {
  const { t } = useLingui();
  return (
    <video
      className="intro-video"
      data-testid="intro-video"
      controls
      preload="none"
      playsInline
      poster={apiUrl(teacherPosterPath(teacherId, version))}
      src={apiUrl(teacherVideoPath(teacherId, version))}
      aria-label={t`Intro video of ${name}`}
    >
      {/* Shown only by a browser that plays no video at all. */}
      <a href={apiUrl(teacherVideoPath(teacherId, version))}>{t`Download the intro video of ${name}`}</a>
    </video>
  );
}
