// A teacher's intro video: families see it on the teacher's page and in the guest preview. A chosen
// file is checked here first (MP4 or WebM, at most 30 MB and 60 seconds), a frame of it becomes the
// poster, and it is sent with its progress shown; the server checks it again by its bytes. The saved
// video plays here once the teacher is approved (before that it is not public).
import { useEffect, useRef, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { VIDEO_ACCEPT } from '../../../contract/teacher-video';
import { isApiError } from '../../api/api-error';
import { Button } from '../../ui/button';
import { formatFileSize, HiddenFilePicker } from '../../ui/file-input';
import { toast } from '../../ui/toast-store';
import { IntroVideo } from '../../domain/intro-video';
import type { ProfileDetails } from '../../api/profile';
import { ownVideoQuery, removeVideo, uploadVideo, videoChanged } from '../../api/teacher-video';
import { readVideo, VideoFileError, videoFileProblem, type VideoFileProblem } from './video-file';

export function VideoSection({ profile }: { profile: ProfileDetails }) {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const own = useQuery(ownVideoQuery());
  const input = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const mounted = useRef(true);
  useEffect(
    () => () => {
      mounted.current = false;
    },
    [],
  );

  const problemText = (p: VideoFileProblem): string =>
    ({
      type: t`Choose an MP4 or WebM video.`,
      size: t`The video is larger than 30 MB. Choose a shorter or smaller one.`,
      duration: t`The video is longer than 60 seconds. Choose a shorter one.`,
      unreadable: t`This video could not be read here. Try another file, or save it as an MP4.`,
    })[p];

  const done = (message: string) => {
    setProblem(null);
    toast.show({ severity: 'success', summary: message });
    videoChanged(queryClient);
  };
  const failed = (error: unknown) =>
    setProblem(isApiError(error) && error.message ? error.message : t`The video could not be saved. Please try again.`);

  const upload = useMutation({
    mutationFn: async (file: File) => {
      const { poster } = await readVideo(file);
      if (mounted.current) setProgress(0);
      return uploadVideo(file, poster, (share) => mounted.current && setProgress(share));
    },
    onSuccess: (r) => done(r.message),
    onError: (error) => (error instanceof VideoFileError ? setProblem(problemText(error.problem)) : failed(error)),
    onSettled: () => setProgress(null),
  });
  const remove = useMutation({ mutationFn: () => removeVideo(), onSuccess: done, onError: failed });
  const busy = upload.isPending || remove.isPending;
  const video = own.data;

  const choose = (file: File) => {
    const first = videoFileProblem(file);
    if (first) return setProblem(problemText(first));
    setProblem(null);
    upload.mutate(file);
  };

  const seconds = video ? Math.round(video.duration_ms / 1000) : 0;
  // m:ss reads the same in both languages (and needs no plural forms).
  const length = `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
  // KB below a megabyte: a short clip is not "0 MB".
  const size = video ? formatFileSize(video.size, i18n) : '';
  const percent = progress === null ? 0 : Math.round(progress * 100);
  return (
    <section className="profile-card profile-video" aria-labelledby="profile-video-title" data-testid="profile-video">
      <h2 id="profile-video-title">
        <Trans>Your intro video</Trans>
      </h2>
      <p className="muted" id="profile-video-hint">
        <Trans>
          Families see it on your page and in your preview. An MP4 or WebM video of up to 60 seconds and 30 MB; a picture from it becomes
          its cover.
        </Trans>
      </p>
      {video ? (
        <>
          {profile.status === 'active' ? (
            <IntroVideo
              teacherId={profile.id}
              version={video.version}
              label={t`Your intro video`}
              fallback={t`Download your intro video`}
            />
          ) : (
            <p className="muted">
              <Trans>Families will see it once your profile is approved.</Trans>
            </p>
          )}
          <p className="muted">
            <Trans>
              Length {length}, size {size}
            </Trans>
          </p>
        </>
      ) : null}
      <div className="profile-photo-actions">
        <HiddenFilePicker ref={input} accept={VIDEO_ACCEPT} data-testid="video-input" onFile={choose} />
        <div className="profile-video-buttons">
          <Button
            variant="secondary"
            disabled={busy}
            aria-describedby="profile-video-hint profile-video-error"
            onClick={() => input.current?.click()}
          >
            {video ? <Trans>Replace video</Trans> : <Trans>Add a video</Trans>}
          </Button>
          {video ? (
            <Button variant="ghost" disabled={busy} onClick={() => remove.mutate()}>
              <Trans>Remove video</Trans>
            </Button>
          ) : null}
        </div>
        {upload.isPending ? (
          <p role="status" className="profile-video-progress">
            {progress === null ? (
              <Trans>Reading the video…</Trans>
            ) : (
              <>
                <progress max={100} value={percent} aria-label={t`Upload progress`} />
                <span>
                  <Trans>Uploading… {percent}%</Trans>
                </span>
              </>
            )}
          </p>
        ) : null}
        <p id="profile-video-error" className="field-error" role={problem ? 'alert' : undefined}>
          {problem}
        </p>
      </div>
    </section>
  );
}
