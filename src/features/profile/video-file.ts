// A chosen intro video, checked in the browser before anything is sent (the server checks it again by
// its bytes): its kind and size from the file, its duration from the browser's own reading of it, and
// a poster captured from one of its frames with a <video> and a <canvas>. The server's limits
// (contract/teacher-video.ts) are the ones used here.
import { VIDEO_DURATION_GRACE_MS, VIDEO_MAX_BYTES, VIDEO_MAX_SECONDS, VIDEO_TYPES } from '../../../contract/teacher-video';

export type VideoFileProblem = 'type' | 'size' | 'duration' | 'unreadable';

/** What the file says of itself: its type (or, when the system gives none, its extension) and its size. */
export function videoFileProblem(file: Pick<File, 'name' | 'type' | 'size'>): VideoFileProblem | null {
  const typed = (VIDEO_TYPES as readonly string[]).includes(file.type);
  const named = file.type === '' && /\.(mp4|webm)$/i.test(file.name);
  if (!typed && !named) return 'type';
  if (file.size > VIDEO_MAX_BYTES) return 'size';
  return null;
}

/** Over the limit, with the grace the server allows for a last frame's length. */
export const tooLong = (seconds: number) => seconds * 1000 > VIDEO_MAX_SECONDS * 1000 + VIDEO_DURATION_GRACE_MS;

/** The poster's largest side, as the server keeps it. */
const POSTER_SIDE = 1280;

export interface ReadVideo {
  durationSeconds: number;
  poster: Blob;
}

/**
 * Reads the duration and captures a frame (a second in, or the middle of a shorter video) as a JPEG.
 * Rejects with the problem when the browser cannot read the file or it is too long.
 */
export function readVideo(file: Blob, timeoutMs = 15_000): Promise<ReadVideo> {
  return new Promise<ReadVideo>((resolve, reject) => {
    const url = URL.createObjectURL(file);
    const video = document.createElement('video');
    let durationSeconds = 0;
    const finish = (outcome: ReadVideo | VideoFileProblem) => {
      clearTimeout(timer);
      video.removeAttribute('src');
      video.load();
      URL.revokeObjectURL(url);
      if (typeof outcome === 'string') reject(new VideoFileError(outcome));
      else resolve(outcome);
    };
    const timer = setTimeout(() => finish('unreadable'), timeoutMs);
    video.muted = true;
    video.playsInline = true;
    video.preload = 'auto';
    video.onerror = () => finish('unreadable');
    video.onloadedmetadata = () => {
      durationSeconds = video.duration;
      if (!Number.isFinite(durationSeconds) || durationSeconds <= 0 || !video.videoWidth) return finish('unreadable');
      if (tooLong(durationSeconds)) return finish('duration');
      video.currentTime = Math.min(1, durationSeconds / 2);
    };
    video.onseeked = () => {
      const scale = Math.min(1, POSTER_SIDE / Math.max(video.videoWidth, video.videoHeight));
      const canvas = document.createElement('canvas');
      canvas.width = Math.max(16, Math.round(video.videoWidth * scale));
      canvas.height = Math.max(16, Math.round(video.videoHeight * scale));
      const context = canvas.getContext('2d');
      if (!context) return finish('unreadable');
      context.drawImage(video, 0, 0, canvas.width, canvas.height);
      canvas.toBlob((poster) => finish(poster ? { durationSeconds, poster } : 'unreadable'), 'image/jpeg', 0.85);
    };
    video.src = url;
  });
}

export class VideoFileError extends Error {
  constructor(readonly problem: VideoFileProblem) {
    super(problem);
    this.name = 'VideoFileError';
  }
}
