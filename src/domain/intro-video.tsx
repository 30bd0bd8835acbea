// A teacher's intro video on their page and in the guest preview: the browser's own controls (named
// for assistive technology), the poster the teacher's browser captured, nothing downloaded before the
// viewer presses play (preload="none") and never playing by itself. The video has no spoken-word
// captions; its label says whose introduction it is. The words come from the feature that shows it, so
// they load with that feature, not with every page.
import './intro-video.css';
import { teacherPosterPath, teacherVideoPath } from '../../contract/teacher-video';
import { apiUrl } from '../api/client';

export interface IntroVideoProps {
  teacherId: number;
  /** The video's version (the teacher page's and the preview's `video`). */
  version: string;
  /** The player's name for assistive technology, e.g. "Intro video of Huda" (each feature words its own). */
  label: string;
  /** The link a browser that plays no video shows instead. */
  fallback: string;
}

export function IntroVideo({ teacherId, version, label, fallback }: IntroVideoProps) {
  return (
    <video
      className="intro-video"
      data-testid="intro-video"
      controls
      preload="none"
      playsInline
      poster={apiUrl(teacherPosterPath(teacherId, version))}
      src={apiUrl(teacherVideoPath(teacherId, version))}
      aria-label={label}
    >
      {/* Shown only by a browser that plays no video at all. */}
      <a href={apiUrl(teacherVideoPath(teacherId, version))}>{fallback}</a>
    </video>
  );
}
