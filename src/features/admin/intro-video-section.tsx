// The teacher's intro video on the application page, beside the documents: staff see it in any status
// (families only once the teacher is active). The poster comes at once; the video's bytes, up to 30 MB,
// only when the reviewer asks for them, fetched with the staff token into a blob address (a plain
// address cannot carry it) and then played in the browser's own player, never by itself. A failed
// fetch is told by the console's toast, and the button stays to try again.
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import type { TeacherVideo } from '../../../contract/teacher-video-schema';
import { Button } from '../../ui/button';
import { formatFileSize } from '../../ui/file-input';
import { LoadState } from '../../ui/load-state';
import { reviewVideoFileQuery, reviewVideoQuery } from './admin-api';
import { useBlobUrl } from './document-view';

export function IntroVideoSection({ id, name }: { id: string; name: string }) {
  const video = useQuery(reviewVideoQuery(id));
  return (
    <section className="console-card" aria-labelledby="video-title" data-testid="review-video">
      <h2 id="video-title">
        <Trans context="console">Intro video</Trans>
      </h2>
      {video.data === undefined ? (
        <LoadState failed={video.isError} failedText={<Trans>The video could not be loaded.</Trans>} />
      ) : video.data === null ? (
        <p className="muted">
          <Trans>No intro video was uploaded.</Trans>
        </p>
      ) : (
        <Player id={id} video={video.data} name={name} />
      )}
    </section>
  );
}

function Player({ id, video, name }: { id: string; video: TeacherVideo; name: string }) {
  const { t, i18n } = useLingui();
  const [wanted, setWanted] = useState(false);
  const poster = useBlobUrl(useQuery(reviewVideoFileQuery(id, video.version, 'poster')).data);
  const file = useQuery({ ...reviewVideoFileQuery(id, video.version, 'file'), enabled: wanted });
  const src = useBlobUrl(file.data);
  const seconds = Math.round(video.duration_ms / 1000);
  // m:ss reads the same in both languages (as on the teacher's profile).
  const length = `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
  const size = formatFileSize(video.size, i18n);
  const kind = video.content_type === 'video/webm' ? 'WebM' : 'MP4';
  return (
    <div className="console-video">
      {src ? (
        <video controls playsInline preload="metadata" src={src} poster={poster ?? undefined} aria-label={t`Intro video of ${name}`} />
      ) : poster ? (
        <img src={poster} alt={t`Cover of the intro video of ${name}`} />
      ) : null}
      <p className="muted">
        <Trans>
          {kind}, length {length}, size {size}
        </Trans>
      </p>
      {src ? null : (
        <Button variant="ghost" disabled={file.isFetching} aria-busy={file.isFetching || undefined} onClick={() => setWanted(true)}>
          {file.isFetching ? <Trans>Loading the video…</Trans> : <Trans>Load the video ({size})</Trans>}
        </Button>
      )}
    </div>
  );
}
